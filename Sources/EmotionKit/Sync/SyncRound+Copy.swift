extension SyncRound {
    /// Takes a new id if `journal` is not the journal this history's state was saved with, before
    /// anything is sent or read under the current one: a journal is made once and only appended to
    /// after, so its inode stays the same for a history's whole life, and any copy of the data folder
    /// (a restored backup, a copied home folder) has another. The changes the copy shares with the
    /// original stay the old id's; the copy goes on as a new id from its first change the folder's file
    /// of the old id does not hold, and reads that file on past its own, so that what the original
    /// adds there later is taken in.
    ///
    /// A state from before the inode was recorded records it, and takes no new id. With no folder to
    /// look at, nothing is sent either: the inode is not recorded, and the next round looks again.
    mutating func takeNewIdentityIfCopied(journal: JournalFile, ledger: () throws(StoreError) -> JournalLedger) throws(StoreError) {
        guard let recorded = state.journalInode, recorded != journal.inode else {
            state.journalInode = journal.inode
            return
        }
        guard let folder else { return }
        let held = try ledger()
        // Marked when its journal was made again while stopped: whatever this folder holds, its counts
        // from before hold what the history synced, and another folder could pass it for a copy.
        if recorded == SyncState.journalMadeAgainInode {
            let history = state.history ?? held.own.first?.history
            throw .journalMadeAgain(path: journal.file.path, history: history?.description ?? "?", folder: folder.path)
        }
        guard let history = state.history ?? held.own.first?.history else {
            state.journalInode = journal.inode  // No change of its own yet: its first one makes a new id.
            return
        }
        let file = ownFile(of: history, ledger: held, in: folder)
        if state.identities.isEmpty { state.identities = [SyncState.Identity(history: history, since: 1)] }
        let fresh = goOnAsNewIdentity(after: file, of: history, ledger: held)
        state.journalInode = journal.inode
        let original = state.name
        state.name = SyncRound.nameOfCopy(named: original, onHost: SyncStep.defaultName, taken: state.names.entries.map(\.name))
        report.warnings.append(
            journal.file.path + " is a copy of the journal of history \(history) (a restored backup or a copied folder): "
                + "the original goes on as \(history) named '\(original)', this one as \(fresh) named '\(state.name)'")
    }

    /// The name a copy goes on under, so that `log` tells it from the original and from the other
    /// histories (`taken`, their names): this host's name where the original's is another (a copied
    /// folder on a new machine), else the original's with ` (copy)` (a restored backup, a copy on the
    /// same machine), then ` (copy 2)`, ` (copy 3)`… while that is taken, within a name's 64 characters.
    static func nameOfCopy(named original: String, onHost host: String, taken: [String] = []) -> String {
        if host != original, !taken.contains(host) { return host }
        let base = host != original ? host : original
        for number in 1...taken.count + 1 {
            let suffix = number == 1 ? " (copy)" : " (copy \(number))"
            let name = String(String.UnicodeScalarView(base.unicodeScalars.prefix(64 - suffix.unicodeScalars.count))) + suffix
            if !taken.contains(name) { return name }
        }
        return base
    }

    /// This history's own changes as `history`, the file of `history` as it should be (`expected`,
    /// its header as found if it is that history's) with each change's line end, and as found.
    func ownFile(
        of history: HistoryID, ledger: JournalLedger, in folder: SyncFolder
    ) -> (own: [JournalLedger.OwnEvent], expected: [UInt8], ends: [Int], found: [UInt8]) {
        let own = ledger.own.filter { $0.history == history }
        let found = fileBytes(of: history, in: folder)
        // The file's own header, if it is this history's, whatever name it gives: a name changes
        // (`--name`, or the host's after `--stop`), the history does not, and a file is never rewritten.
        var expected = Array((PublishedHeader(history: history, name: state.name).line + "\n").utf8)
        if let newline = found.firstIndex(of: 0x0A), (try? PublishedHeader(line: Array(found[..<newline])))?.history == history {
            expected = Array(found[...newline])
        }
        var ends: [Int] = []
        for event in own {
            expected += Array(event.event.publishedLine(sequence: event.sequence, after: event.after).utf8)
            expected.append(0x0A)
            ends.append(expected.count)
        }
        return (own, expected, ends, found)
    }

    /// Leaves `history` to the other copy of this history and goes on as a new random id from the
    /// first own change of `file` the folder's file does not hold (or the next one): the changes
    /// before stay `history`'s, sent from there on under the new id. Returns the new id.
    mutating func goOnAsNewIdentity(
        after file: (own: [JournalLedger.OwnEvent], expected: [UInt8], ends: [Int], found: [UInt8]), of history: HistoryID,
        ledger: JournalLedger
    ) -> HistoryID {
        let (own, expected, ends, found) = file
        let kept = ends.filter { $0 <= found.count && expected[..<$0].elementsEqual(found[..<$0]) }.count
        let fresh = HistoryID.random()
        let since = kept < own.count ? own[kept].event.sequence : ledger.nextSequence
        state.identities.append(SyncState.Identity(history: fresh, since: since))
        // Sent from the last own change before `since`, whichever id it was: those after it are the new id's.
        let last = ledger.own.last { $0.event.sequence < since }
        state.sent = SyncState.Sent()
        state.sent.bytes = last?.lineEnd ?? 0
        state.sent.after = last.map { [HistoryMark($0.history, $0.sequence)] } ?? []
        report.newIdentity = fresh.description
        report.history = fresh.description
        return fresh
    }
}
