/// The sync part of one update of the store, under its lock: the folder settings an edit changes,
/// what arrived from other histories (taken in before the edit is applied, so that it applies to
/// counts that include them), the counts the event model gives once something arrived, and the
/// sending of this history's own changes after the commit point.
struct SyncStep {
    /// The folder state to save with the data file; `nil` when not syncing.
    private(set) var state: SyncState?
    /// What the round did, when there was one.
    var report: SyncReport? { round?.report }
    /// The changes taken in, not yet placed in the journal.
    private(set) var arrived: [JournalEvent] = []
    /// Whether the edit changed the folder settings.
    private let settingsChanged: Bool
    /// Whether the edit is an explicit sync.
    private let isExplicit: Bool
    private var round: SyncRound?
    private var ledger: JournalLedger?
    /// The counts `ledger` gave, while it holds nothing more.
    private var counted: Tally?
    /// The folder state the data file held.
    private let initial: SyncState?
    /// The state kept from a `--stop`, to go on from when a folder is set again; `nil` once one is.
    private(set) var stopped: SyncState?

    /// The step for `edit` on a history whose data file keeps `state`.
    ///
    /// - Throws: `SyncError.noFolder` for a sync with no folder set.
    init(
        edit: StoreEdit, state: SyncState?, stopped: SyncState? = nil, dataFileStatus: FileStatus?, fileSystem: FileSystem
    ) throws(SyncError) {
        var state = state
        var stopped = stopped
        var changed = false
        var explicit = false
        if case let .sync(request) = edit {
            explicit = true
            switch request {
            case .now:
                guard state != nil else { throw .noFolder }
            case let .folder(folder, name):
                let previous = state ?? stopped
                var next = SyncState(folder: folder, name: name ?? previous?.name ?? SyncStep.defaultName)
                if let state, state.folder == folder {
                    next = state
                    next.name = name ?? state.name
                } else if let previous {
                    // A new folder, or one set again after a stop: everything is sent again, and read,
                    // under the ids this history spoke as (a copy's own among them).
                    next.identities = previous.identities
                    next.names = previous.names
                    next.journalInode = previous.journalInode
                }
                if stopped != nil { changed = true }
                stopped = nil
                changed = next != state
                state = next
            case .stop:
                changed = state != nil
                if let state { stopped = state }
                state = nil
            }
        }
        initial = state
        self.state = state
        self.stopped = stopped
        settingsChanged = changed
        isExplicit = explicit
        round = state.map { SyncRound(state: $0, dataFileStatus: dataFileStatus, fileSystem: fileSystem) }
    }

    /// Whether `edit` sets or stops a folder: the only edits that read or change the state kept from a stop.
    static func readsStopped(_ edit: StoreEdit) -> Bool {
        if case let .sync(request) = edit, request != .now { return true }
        return false
    }

    /// The host's name, for a history not given one.
    /// Characters a name may not hold (control characters) are left out, and it is cut to 64, so that
    /// whatever the host is called the data file keeps a name it reads back.
    static var defaultName: String {
        let kept = (Syscall.hostName() ?? "").unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
        return kept.isEmpty ? "emotions" : String(String.UnicodeScalarView(kept.prefix(64)))
    }

    /// Takes in what other histories' files hold that `journal` (read to `end`) lacks, once a
    /// journal that is a copy of this history's has taken a new id (see `takeNewIdentityIfCopied`):
    /// kept in `arrived` for the caller to place, or, given `appending`, handed to it a chunk at a
    /// time to place and write (it leaves the events as placed) and held from then on only as the model's.
    mutating func takeIn(journal: JournalFile?, end: Int64) throws(StoreError) {
        try takeIn(journal: journal, end: end, keeping: true) { _ throws(StoreError) in }
    }

    /// `takeIn(journal:end:)`, handing what is taken in to `appending`.
    mutating func takeIn(
        journal: JournalFile?, end: Int64, appending: (inout [JournalEvent]) throws(StoreError) -> Void
    ) throws(StoreError) {
        try takeIn(journal: journal, end: end, keeping: false, appending: appending)
    }

    private mutating func takeIn(
        journal: JournalFile?, end: Int64, keeping: Bool, appending: (inout [JournalEvent]) throws(StoreError) -> Void
    ) throws(StoreError) {
        guard var round else { return }
        defer { self.round = round }
        if let journal {
            let before = round.state.identities
            try round.takeNewIdentityIfCopied(journal: journal) { () throws(StoreError) -> JournalLedger in
                try JournalLedger(journal: journal, to: end, identities: before)
            }
        }
        let identities = round.state.identities
        var loaded = ledger
        var arrived: [JournalEvent] = []
        var keptIDs: Set<EventID> = []  // Of `arrived`, which the ledger does not hold.
        var count = 0
        var marks = arrivedMarks
        try round.takeIn(
            held: { room throws(StoreError) -> SyncRound.Held in
                if loaded == nil {
                    var read = try journal.map { file throws(StoreError) in try JournalLedger(journal: file, to: end, identities: identities) }
                        ?? JournalLedger(identities: identities)
                    if !keeping { read.makeRoom(for: room) }  // Taken into it as they are appended.
                    loaded = read
                }
                let ids = HeldIDs { id in loaded?.holds(id) == true || keptIDs.contains(id) }
                return SyncRound.Held(ids: ids, taken: loaded?.taken ?? [:], ownCounts: loaded?.ownCounts ?? [:])
            },
            deliver: { events throws(StoreError) in
                count += events.count
                if keeping {
                    for event in events { keptIDs.insert(event.id) }
                    arrived += events
                    events = []
                    return
                }
                try appending(&events)
                for event in events {
                    if let origin = event.origin { marks[origin.history] = max(marks[origin.history] ?? 0, origin.sequence) }
                    do throws(JournalLineError) {
                        try loaded?.take(event, lineEnd: 0)
                    } catch {
                        throw .unreadableJournal(path: journal?.file.path ?? "", .badLine(number: 0, reason: error.description))
                    }
                }
                events = []
            })
        self.arrived = arrived
        arrivedMarks = marks
        ledger = loaded
        tookIn = count > 0
        state = round.state
    }

    /// Records the inode of `journal`, which this update made (the first change, or a journal lost and
    /// made again): this history's own, not a copy.
    mutating func noteCreated(_ journal: JournalFile) {
        state?.journalInode = journal.inode
        round?.state.journalInode = journal.inode
    }

    /// The last place of each history among the events handed to `takeIn`'s `appending`: what the
    /// next own line was made after.
    private(set) var arrivedMarks: [HistoryID: UInt64] = [:]

    /// Whether something was taken in, kept in `arrived` or appended already.
    var hasArrivals: Bool { tookIn }

    /// Whether the counts must come from the event model: something arrived now, or an event held
    /// already was found at another address.
    var needsModel: Bool { ledger != nil && (tookIn || state?.aliases != round?.initialAliases) }

    /// Whether something was taken in.
    private var tookIn = false

    /// Forgets `arrived` once the caller has placed them, so that they are not held twice.
    mutating func dropArrived() {
        arrived = []
    }

    /// The counts the model gives for the journal (read to `end`) with `appended`, the lines this
    /// update appends after it, in order.
    mutating func counts(journal: JournalFile?, end: Int64, appended: [JournalEvent]) throws(StoreError) -> Tally {
        if appended.isEmpty, let counted { return counted }
        let identities = state?.identities ?? []
        var all = JournalLedger(identities: identities)
        if let ledger {
            all = ledger
            // A ledger made before this update made the journal (a first import) has no base counts yet.
            if let journal, ledger.events.isEmpty { all.before = try journal.header().0.before }
            self.ledger = nil  // Not shared while `appended` are added: its events would be copied.
        } else if let journal {
            all = try JournalLedger(journal: journal, to: end, identities: identities)
        }
        all.makeRoom(for: appended.count)
        for event in appended {
            do throws(JournalLineError) {
                try all.take(event, lineEnd: 0)
            } catch {
                throw .unreadableJournal(path: journal?.file.path ?? "", .badLine(number: 0, reason: error.description))
            }
        }
        ledger = all
        let tally = all.counts(aliases: state?.aliases ?? [])
        counted = tally
        return tally
    }

    /// The union of `batch`, an export, with the journal (read to `end`) and what this step took in,
    /// and the batch as the union addressed it; an export of the previous release is read as one
    /// history's events (`PreviousReleaseExport`).
    mutating func union(_ batch: ImportBatch, journal: JournalFile?, end: Int64) throws -> (ImportUnion, ImportBatch) {
        let identities = state?.identities ?? []
        var read = JournalLedger(identities: identities)
        if let ledger {
            read = ledger
        } else if let journal {
            read = try JournalLedger(journal: journal, to: end, identities: identities)
        }
        ledger = read
        var own = Set(identities.map(\.history))
        if let first = read.own.first?.history { own.insert(first) }
        let held = HeldChanges(read, arrived: arrived)
        let addressed = try PreviousReleaseExport.addressed(batch, held: held)
        let union = try ImportUnion(addressed, own: own, held: held)
        if var state {
            for alias in union.aliases where !state.aliases.contains(alias) { state.aliases.append(alias) }
            self.state = state
            round?.state.aliases = state.aliases
        }
        return (union, addressed)
    }

    /// Makes room in the model for `count` events an import takes in, so that it does not grow by
    /// doubling, holding the old events and twice their room at once.
    mutating func makeRoom(forImported count: Int) {
        ledger?.makeRoom(for: count)
    }

    /// Takes `events`, an import's changes just appended to `journal`, into the model, so that the
    /// counts after them are the model's and the next own line names them in its `after`.
    mutating func takeImported(_ events: [JournalEvent], journal: JournalFile?) throws(StoreError) {
        guard var all = ledger else { return }
        ledger = nil  // Not shared while they are added: its events would be copied.
        // A ledger made before this update made the journal (a first import) has no base counts yet.
        if let journal, all.events.isEmpty { all.before = try journal.header().0.before }
        for event in events {
            if let origin = event.origin { arrivedMarks[origin.history] = max(arrivedMarks[origin.history] ?? 0, origin.sequence) }
            do throws(JournalLineError) {
                try all.take(event, lineEnd: 0)
            } catch {
                throw .unreadableJournal(path: journal?.file.path ?? "", .badLine(number: 0, reason: error.description))
            }
        }
        ledger = all
        counted = nil
    }

    /// Whether the data file must be saved for the sync's sake though no change was made.
    func needsSaving(journalEnd: Int64) -> Bool {
        guard let state else { return settingsChanged }
        // An explicit sync that changed nothing (no cursor moved, no name learnt) leaves the data file as it is.
        // Nor one that found its own file as it was left: one removed or cut is sent again (see `send`).
        return settingsChanged || (isExplicit && (state != initial || round?.ownFileIsAmiss == true)) || tookIn
            || state.sent.bytes < journalEnd
    }

    /// Sends this history's own changes the folder lacks, past the commit point: nothing here fails
    /// the update, what cannot be sent now is sent at the next sync. `appended` are the lines this
    /// update appended, from `appended.from` to `end`.
    mutating func send(journal: JournalFile, end: Int64, appended: (events: [JournalEvent], from: Int64)? = nil) {
        let marks = arrivedMarks.map { HistoryMark($0.key, $0.value) }
        guard var round else { return }
        let identities = round.state.identities
        do {
            try round.send(journal: journal, end: end, appended: appended.map { ($0.events, $0.from, marks) }) { () throws(StoreError) -> JournalLedger in
                try JournalLedger(journal: journal, to: end, identities: identities)
            }
        } catch {
            round.report.warnings.append("the journal could not be read to send its changes: \(error)")
        }
        self.round = round
        state = round.state
    }
}
