extension SyncRound {
    /// Sends this history's own changes that its file in the folder lacks: those in the journal from
    /// where the last send stopped to `end`, appended to the file at the size it was left at.
    ///
    /// A file of another size is put right from the whole journal (`ledger`): one that lost its end
    /// (rolled back, restored, cut by a crash, removed) gets the same bytes again from where it
    /// stops; one that holds changes this history never made is a copy's (a restored backup, a cloned
    /// disk, both speaking as one history): this history takes a new id from its first change the file
    /// does not hold, and says so. A folder that cannot be written is a warning; the next sync tries again.
    ///
    /// `appended` are the journal's lines from `appended.from` to `end`, as the caller just appended
    /// them: when the last send stopped there, they are published as they are, not read back;
    /// `appended.arrived` are the marks of lines from elsewhere appended before them, not among them.
    mutating func send(
        journal: JournalFile, end: Int64, appended: (events: [JournalEvent], from: Int64, arrived: [HistoryMark])? = nil,
        ledger: () throws(StoreError) -> JournalLedger
    ) throws(StoreError) {
        guard let folder else { return }
        if state.sent.bytes > end {
            // Past the journal's end (a data file edited or restored): sent again from the start, as
            // the file in the folder shows what it lacks.
            state.sent = SyncState.Sent(bytes: 0, sequence: 0, size: state.sent.size, after: [])
        }
        let start = state.sent.bytes == 0 ? try journal.header().end : state.sent.bytes
        guard end > start else { return try checkOwnFile(in: folder, journal: journal, end: end, ledger: ledger) }
        let lines = if let appended, appended.from == start {
            OwnLines(events: appended.events, after: state.sent.sequence, arrived: state.sent.after + appended.arrived)
        } else {
            try OwnLines(journal: journal, from: start, to: end, after: state.sent.sequence, arrived: state.sent.after)
        }
        if state.identities.isEmpty {
            guard let first = lines.firstID else {
                state.sent.bytes = end
                state.sent.after = lines.pending
                return
            }
            // Named after its first change and its journal: a copy of the data folder made before
            // this, which shares that change, has a journal file of its own.
            state.identities = [SyncState.Identity(history: HistoryID(firstChange: first, journalInode: journal.inode), since: 1)]
            report.history = state.history?.description
        }
        guard let history = state.history else { return }
        var bytes = state.sent.size == 0 ? Array((PublishedHeader(history: history, name: state.name).line + "\n").utf8) : []
        bytes += lines.bytes
        do throws(SyncFolderError) {
            if lines.count > 0 || state.sent.size == 0 {
                state.sent.size = try folder.append(bytes, to: history, expectedSize: state.sent.size)
            }
            state.sent.sequence += UInt64(lines.count)
            state.sent.bytes = end
            state.sent.after = lines.pending
            report.sent += lines.count
        } catch let .sizeMismatch(_, _, actual) {
            try putRight(history, actual: actual, in: folder, ledger: try ledger(), journal: journal, end: end)
        } catch {
            report.warnings.append(SyncRound.keptHere(error))
        }
    }

    /// With nothing new to send: puts the history's own file right if it is no longer the size it was
    /// left at (a sync tool put back an older or cut copy, or it was removed), so that a change sent
    /// before is not lost to the others for want of a next one.
    private mutating func checkOwnFile(
        in folder: SyncFolder, journal: JournalFile, end: Int64, ledger: () throws(StoreError) -> JournalLedger
    ) throws(StoreError) {
        guard let history = state.history, state.sent.size > 0 else { return }
        do throws(SyncFolderError) {
            _ = try folder.append([], to: history, expectedSize: state.sent.size)
        } catch let .sizeMismatch(_, _, actual) {
            try putRight(history, actual: actual, in: folder, ledger: try ledger(), journal: journal, end: end)
        } catch {
            report.warnings.append(SyncRound.keptHere(error))
        }
    }

    /// Makes the file of `history`, found `actual` bytes long, what the journal says it is, or takes a
    /// new id if it holds changes this history never made.
    private mutating func putRight(
        _ history: HistoryID, actual: Int64, in folder: SyncFolder, ledger: JournalLedger, journal: JournalFile, end: Int64
    ) throws(StoreError) {
        let file = ownFile(of: history, ledger: ledger, in: folder)
        if file.expected.starts(with: file.found) {
            // It lost its end: the same bytes again, from where it stops.
            let from = max(file.found.count, Int(clamping: min(actual, Int64(file.expected.count))))
            do throws(SyncFolderError) {
                state.sent.size = try folder.append(Array(file.expected[from...]), to: history, expectedSize: actual)
                report.sent += file.ends.filter { $0 > from }.count
                state.sent.sequence = UInt64(file.own.count)
                state.sent.bytes = end
                state.sent.after = ledger.pendingAfterLastOwn
            } catch {
                report.warnings.append(SyncRound.keptHere(error))
            }
            return
        }
        // Another copy of this history writes to its file: the changes both hold stay that id's; this
        // history goes on as a new one from its first change the file does not hold.
        let fresh = goOnAsNewIdentity(after: file, of: history, ledger: ledger)
        report.warnings.append(
            folder.path + "/" + SyncFileName.name(of: history) + " holds changes this history never made: a copy of it "
                + "(a restored backup or a cloned disk) speaks as \(history); this one goes on as \(fresh)")
        try send(journal: journal, end: end) { () throws(StoreError) in ledger }
    }

    /// The whole lines of `history`'s file, as the folder holds it now; empty if it cannot be read.
    func fileBytes(of history: HistoryID, in folder: SyncFolder) -> [UInt8] {
        guard let listing = try? folder.entries(),
            let entry = listing.files.first(where: { $0.kind == .history(history) })
        else { return [] }
        var bytes: [UInt8] = []
        var offset: Int64 = 0
        while let piece = try? folder.read(entry, from: offset, limit: SyncRound.readLimit), !piece.bytes.isEmpty {
            bytes += piece.bytes
            offset = piece.end
        }
        return bytes
    }
}
