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

    /// How many bytes of a file the intake reads at once, at first: eight of the longest lines. A
    /// command longer than that is read in a window grown until it holds the whole command.
    static let intakeWindow = 8 * JournalEvent.lineLimit

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

    /// Fewer bytes than any line of a history's file takes (its id alone is 26).
    static let shortestLine: Int64 = 96

    /// The most events taken in that are handed on at once (see `takeIn`).
    static let chunkSize = 1024

    /// Takes in the changes in other histories' files that go on with no gap from what the journal
    /// holds (`load`), each with its origin, handing them to `deliver` in the order to append them, whole
    /// commands at a time, at most about `chunkSize` at once (it empties the array); the files'
    /// cursors and names are noted in `state`. The journal is read (`load`) only when some file
    /// grew, and told how many events the files may hold at most, to make room for them at once.
    /// `deliver` is handed nothing whose id `load`'s `HeldIDs` does not answer for once it returns.
    /// Each file is read `readLimit` bytes at a time, so that what is held does not grow with it.
    mutating func takeIn(
        held load: (_ room: Int) throws(StoreError) -> Held, deliver: (inout [JournalEvent]) throws(StoreError) -> Void
    ) throws(StoreError) {
        guard let folder else { return }
        // The current identity's file is this history's alone (it is not looked at here: the sending
        // that follows checks it); one it spoke as before may go on being written by the copy that
        // kept it, and is read past what this history wrote there.
        let current = state.history
        let listing: SyncFolder.Listing
        do {
            listing = try folder.entries(leavingOut: current.map(SyncFileName.name(of:)), listed: state.listed)
        } catch {
            report.warnings.append(error.description)
            return
        }
        // Kept while the folder stays as listed; looked at again (one `fstatfs`) only after it changed.
        if state.listed.map({ !$0.stillHold(in: folder.status) || $0.names != listing.names }) ?? true {
            state.listed = folder.settledNames(of: listing)
        }
        // A problem with our own file is told once, by the sending that follows.
        let ownFile = current.map { folder.pathOf(SyncFileName.name(of: $0)) }
        report.warnings += listing.skipped.filter { $0.file == nil || $0.file != ownFile }.map(\.description)
        var reads: [FileRead] = []
        for entry in filesToRead(listing, in: folder) {
            guard let history = entry.history, history != current else { continue }
            let start = startOfUnread(entry, in: folder)
            guard entry.size > start else { continue }
            reads.append(FileRead(entry: entry, history: history, next: start))
        }
        var held: Held?
        var events: [JournalEvent] = []
        // No line is shorter than this: room made for more is never touched, so it costs no memory.
        let unread = reads.reduce(Int64(0)) { $0 + $1.entry.size - $1.next }
        let room = Int(min(unread / SyncRound.shortestLine, 1 << 22))
        // A file that stopped at an undo or redo of a command another file brings is read on from
        // there once that file was.
        var tookIn = true
        while tookIn {
            tookIn = false
            for index in reads.indices where !reads[index].finished {
                tookIn = try readOn(&reads[index], in: folder, held: &held, into: &events, deliver: deliver) { () throws(StoreError) in
                    try load(room)
                } || tookIn
            }
        }
        if !events.isEmpty { try deliver(&events) }
    }

    /// One file being read: where the next read starts, and whether nothing more is taken from it.
    private struct FileRead {
        let entry: SyncFolder.Entry
        let history: HistoryID
        var next: Int64
        var finished = false
    }

    /// What the journal holds, as the intake needs it: the ids, the highest place taken in from each
    /// history, and how many own events each identity has.
    struct Held {
        var ids: HeldIDs
        var taken: [HistoryID: UInt64]
        let ownCounts: [HistoryID: UInt64]
    }

    /// Takes in what `read`'s file holds from where it got to, a window at a time, until it stops;
    /// returns whether it took anything in (or passed lines held already). What is held is loaded
    /// (`load`) at the first whole line.
    private mutating func readOn(
        _ read: inout FileRead, in folder: SyncFolder, held: inout Held?, into events: inout [JournalEvent],
        deliver: (inout [JournalEvent]) throws(StoreError) -> Void, load: () throws(StoreError) -> Held
    ) throws(StoreError) -> Bool {
        var wentOn = false
        var limit = SyncRound.intakeWindow
        while true {
            let window: [UInt8]
            do throws(SyncFolderError) {
                window = try folder.read(read.entry, from: read.next, limit: limit).bytes
            } catch {
                report.warnings.append(error.description)
                read.finished = true
                return wentOn
            }
            guard !window.isEmpty else {
                read.finished = true  // No whole line past where it got to.
                return wentOn
            }
            if held == nil { held = try load() }
            guard var known = held else { return wentOn }
            held = nil  // Not held twice while the intake adds to it.
            var expected = max(known.taken[read.history] ?? 0, known.ownCounts[read.history] ?? 0)
            let intake = FileIntake(window[...], at: read.next, of: read.history, expected: &expected, held: &known.ids, into: &events)
            known.taken[read.history] = expected
            held = known
            note(intake, of: read.entry, history: read.history, in: folder)
            if events.count >= SyncRound.chunkSize {
                try deliver(&events)
                held?.ids.handedOn()
            }
            if intake.problem != nil { read.finished = true }
            let windowEnd = read.next + Int64(window.count)
            guard intake.end > read.next else {
                // A command longer than the window: read again, in a larger one, if the file goes on.
                guard intake.endsInsideCommand, read.entry.size > windowEnd, limit < Int.max / 2 else { return wentOn }
                limit *= 2
                continue
            }
            limit = SyncRound.intakeWindow
            wentOn = true
            read.next = intake.end
            // Stopped before the window's end for another reason than its end: it waits for another
            // file, or for the sync tool.
            if read.finished || !intake.readToEnd { return wentOn }
        }
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
