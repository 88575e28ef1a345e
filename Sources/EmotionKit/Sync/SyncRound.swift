/// One sync of a history with its folder, under the store's lock: the changes other histories'
/// files hold that this one lacks are taken in (`takeIn`), and this history's own changes the
/// folder lacks are sent (`send`). A folder that cannot be used is a warning, never an error: the
/// local commit stands, and the next sync tries again.
struct SyncRound {
    /// What the data file keeps of the folder, brought up to date as the round goes.
    var state: SyncState
    /// What the round did.
    var report: SyncReport
    /// The folder, or `nil` if it could not be opened (see `report.warnings`).
    let folder: SyncFolder?
    /// The aliases known before the round.
    let initialAliases: [SyncState.Alias]

    /// The most histories a folder's files are read of: each one's mark may go into the next own
    /// line's `after`, which must stay well under a journal line's limit.
    static let historyLimit = 200

    /// The most bytes read of one file at once.
    static let readLimit = 1 << 20

    /// A round for `state`, opening its folder for the data file whose status is `dataFileStatus`.
    init(state: SyncState, dataFileStatus: FileStatus?, fileSystem: FileSystem) {
        self.state = state
        initialAliases = state.aliases
        report = SyncReport(folder: state.folder, name: state.name)
        report.history = state.history?.description
        do {
            folder = try SyncFolder(opening: state.folder, dataFileStatus: dataFileStatus, fileSystem: fileSystem)
        } catch {
            folder = nil
            report.warnings.append(error.description)
        }
    }

    /// The changes in other histories' files that go on with no gap from what `ledger` holds, each
    /// with its origin, in the order to append them; the files' cursors and names are noted in `state`.
    /// The journal is read (`ledger`) only when some file grew. What each file adds is held whole
    /// until it is placed (see Performance.md on the memory this takes).
    mutating func takeIn(ledger: () throws(StoreError) -> JournalLedger) throws(StoreError) -> [JournalEvent] {
        guard let folder else { return [] }
        // The current identity's file is this history's alone (it is not looked at here: the sending
        // that follows checks it); one it spoke as before may go on being written by the copy that
        // kept it, and is read past what this history wrote there.
        let current = state.history
        let listing: SyncFolder.Listing
        do {
            listing = try folder.entries(leavingOut: current.map(SyncFileName.name(of:)))
        } catch {
            report.warnings.append(error.description)
            return []
        }
        // A problem with our own file is told once, by the sending that follows.
        let ownFile = current.map { folder.pathOf(SyncFileName.name(of: $0)) }
        report.warnings += listing.skipped.filter { $0.file == nil || $0.file != ownFile }.map(\.description)
        var reads: [(entry: SyncFolder.Entry, history: HistoryID, start: Int64, bytes: [UInt8])] = []
        var events: [JournalEvent] = []
        let files = filesToRead(listing, in: folder)
        for entry in files {
            guard let history = entry.history, history != current else { continue }
            let start = startOfUnread(entry, in: folder)
            guard entry.size > start else { continue }
            do throws(SyncFolderError) {
                reads.append((entry, history, start, try wholeLines(of: entry, from: start, in: folder)))
            } catch {
                report.warnings.append(error.description)
            }
        }
        guard reads.contains(where: { !$0.bytes.isEmpty }) else { return [] }
        let held = try ledger()
        var ids = held.ids
        var taken = held.taken
        // How far into its bytes each read got; one that stopped at an undo or redo of a command
        // another file brings is read on from there once that file was.
        var done = Array(repeating: 0, count: reads.count)
        var tookIn = true
        while tookIn {
            tookIn = false
            for (index, read) in reads.enumerated() where done[index] < read.bytes.count {
                var expected = max(taken[read.history] ?? 0, held.ownCount(of: read.history))
                let start = read.start + Int64(done[index])
                let intake = FileIntake(
                    read.bytes[done[index]...], at: start, of: read.history, expected: &expected, held: &ids, into: &events)
                taken[read.history] = expected
                note(intake, of: read.entry, history: read.history, in: folder)
                tookIn = tookIn || intake.end > start
                done[index] = intake.problem != nil ? read.bytes.count : Int(intake.end - read.start)
            }
        }
        return events
    }

    /// The histories' files and conflict copies of `listing`, each history's own file before its
    /// copies, of at most `historyLimit` histories (more are named in a warning); cursors of files
    /// gone (conflict copies removed) are forgotten, so that the state stays small.
    private mutating func filesToRead(_ listing: SyncFolder.Listing, in folder: SyncFolder) -> [SyncFolder.Entry] {
        var files = listing.files.sorted { ($0.kind.isConflictCopy ? 1 : 0, $0.name) < ($1.kind.isConflictCopy ? 1 : 0, $1.name) }
        state.read.keep { file in listing.files.contains { $0.name == file } }
        // Distinct ids in order, without a `Set` (whose storage type a tap would build at run time); this
        // history's own file counts, though it was left out of the listing.
        var ids = files.compactMap(\.history)
        if listing.holdsLeftOut, let current = state.history { ids.append(current) }
        var histories: [HistoryID] = []
        for history in ids.sorted() where histories.last != history { histories.append(history) }
        if histories.count > SyncRound.historyLimit {
            // Each history's marks go into the next own line's `after`: past this many, it would outgrow a line.
            let last = histories[SyncRound.historyLimit - 1]
            files = files.filter { $0.history.map { $0 <= last } ?? false }
            report.warnings.append(
                folder.path + " holds files of \(histories.count) histories; only the first \(SyncRound.historyLimit) "
                    + "by id are read. Remove the files of histories no longer used.")
        }
        return files
    }

    /// Keeps what `intake` of `entry` (the file of `history`) found: aliases, the name, the read cursor,
    /// what was taken for the report, and its problem as a warning.
    private mutating func note(_ intake: FileIntake, of entry: SyncFolder.Entry, history: HistoryID, in folder: SyncFolder) {
        for alias in intake.aliases where !state.aliases.contains(alias) { state.aliases.append(alias) }
        if let name = intake.name { state.names[history] = name }
        if let last = intake.lastLine {
            state.read[entry.name] = SyncState.ReadCursor(bytes: intake.end, line: last.length, hash: last.hash)
        }
        if intake.count > 0 {
            report.taken[state.names[history] ?? history.description, default: 0] += intake.count
        }
        if let problem = intake.problem {
            report.warnings.append(folder.path + "/" + entry.name + ": " + problem.description + "; its changes from there on are not taken in")
        }
    }

    /// Every whole line of `entry` from `start`.
    private func wholeLines(of entry: SyncFolder.Entry, from start: Int64, in folder: SyncFolder) throws(SyncFolderError) -> [UInt8] {
        var bytes: [UInt8] = []
        var offset = start
        while true {
            let piece = try folder.read(entry, from: offset, limit: SyncRound.readLimit)
            if piece.bytes.isEmpty { return bytes }
            bytes += piece.bytes
            offset = piece.end
        }
    }

    /// Where to read `entry` from: past what was read of it before, if it still goes on from there
    /// (a sync tool replaces a file it updates by a new one, so the last line read is checked); else 0.
    private func startOfUnread(_ entry: SyncFolder.Entry, in folder: SyncFolder) -> Int64 {
        guard let cursor = state.read[entry.name], cursor.bytes <= entry.size, cursor.line <= cursor.bytes else { return 0 }
        guard entry.size > cursor.bytes else { return cursor.bytes }  // Nothing new.
        guard let last = try? folder.read(entry, from: cursor.bytes - cursor.line, limit: Int(cursor.line)),
            last.end == cursor.bytes, FileIntake.hash(last.bytes.dropLast()) == cursor.hash
        else { return 0 }
        return cursor.bytes
    }
}

extension SyncRound {
    /// The warning for `error`, met while sending: what went wrong, then that the changes made here
    /// stand and go out at a later sync, as one more sentence.
    static func keptHere(_ error: SyncFolderError) -> String {
        if case .missing = error { return error.description }  // It says so already.
        return error.description + " Changes made here are kept, and sent at the next sync."
    }

    /// Whether this history's own file in the folder is not what it was left as: gone, or of another
    /// size (cut, rolled back, grown by a copy of this history), or no plain file. Looks at it; reads nothing.
    var ownFileIsAmiss: Bool {
        guard let folder, let history = state.history, state.sent.size > 0 else { return false }
        guard let status = try? folder.statusOf(SyncFileName.name(of: history)) else { return true }
        return status.kind != .regularFile || status.size != state.sent.size
    }

    /// Whether a sync would take anything in or send anything: a file of another history grew or
    /// changed since it was read, or the journal holds lines past what was sent. Lists the folder;
    /// reads no file.
    func hasNews(journalEnd: Int64) -> Bool {
        if state.sent.bytes < journalEnd { return true }
        guard let folder, let listing = try? folder.entries() else { return false }
        if let history = state.history, state.sent.size > 0, !listing.files.contains(where: { $0.kind == .history(history) }) {
            return true  // The own file was removed: it is sent again.
        }
        for entry in listing.files {
            guard let history = entry.history else { continue }
            if history == state.history {
                if entry.kind == .history(history), entry.size != state.sent.size { return true }
                continue
            }
            guard let cursor = state.read[entry.name], cursor.bytes == entry.size else { return true }
        }
        return false
    }
}
