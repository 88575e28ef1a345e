/// What a journal holds, read forward once, as the event model and sync need it: the header's counts,
/// every event as a `HistoryEvent` with its history and place there, the ids held, and how far each
/// other history has been taken in.
///
/// An event this history made (a line without `origin`) belongs to the identity in force at its
/// journal sequence (`SyncState.identities`; with none, the history is named by its first own
/// event's id and the journal's inode, as it will be when it first sends, `HistoryID(firstChange:journalInode:)`)
/// and is numbered from 1 within it; it was made after everything before it in the
/// journal, so its `after` is what arrived since the previous event of its own (and, for the first
/// event of a new identity, the old identity's last). An event taken in from elsewhere keeps the
/// history, place and `after` it was made with.
struct JournalLedger {
    /// The counts from before history.
    var before = Tally()
    /// Every event, held as the model counts them: each taken in as it is read, so that counting
    /// holds them once, not again in a set of its own.
    private(set) var model = EventSet()
    /// Every event, in journal order (an id read twice, once).
    var events: [HistoryEvent] { model.events }
    /// The highest place taken in from each other history.
    private(set) var taken: [HistoryID: UInt64] = [:]
    /// This history's own events, in order.
    private(set) var own: [OwnEvent] = []
    /// The journal sequence the next event will have.
    private(set) var nextSequence: UInt64 = 1
    /// The ids this history speaks as, with the journal sequence each starts at.
    let identities: [SyncState.Identity]
    /// The inode of the journal read, which names the history with its first own event while it has no identity.
    private var journalInode: UInt64?
    /// What arrived since the last own event.
    private var pending: [HistoryID: UInt64] = [:]
    /// How many own events each identity has.
    private(set) var ownCounts: [HistoryID: UInt64] = [:]

    /// One event this history made: the event, where its line ends, its identity, place and `after`.
    struct OwnEvent {
        var event: JournalEvent
        var lineEnd: Int64
        var history: HistoryID
        var sequence: UInt64
        var after: [HistoryMark]
    }

    /// An empty ledger, for a history with no journal yet.
    init(identities: [SyncState.Identity]) {
        self.identities = identities
    }

    /// Reads `journal` from its header to `end`.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that does not read.
    init(journal: JournalFile, to end: Int64, identities: [SyncState.Identity]) throws(StoreError) {
        self.init(identities: identities)
        journalInode = journal.inode
        let (header, start) = try journal.header()
        before = header.before
        var number = 1
        _ = try journal.forEachLine(from: start, to: end) { line, lineEnd throws(StoreError) in
            number += 1
            do throws(JournalLineError) {
                try take(try JournalEvent(journalLine: Array(line)), lineEnd: lineEnd)
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: number, reason: error.description))
            }
            return true
        }
    }

    /// Makes room for `count` more events at once, so that taking them in does not copy what is held
    /// as it grows (room never used is never touched, and costs no memory).
    mutating func makeRoom(for count: Int) {
        let needed = model.events.count + count
        let capacity = model.events.capacity
        // Growing by half at least, as appending would: room made again and again stays linear.
        if needed > capacity { model.events.reserveCapacity(max(needed, capacity + capacity / 2)) }
    }

    /// Whether the event `id` is held.
    func holds(_ id: EventID) -> Bool { model.contains(id: id) }

    /// How many events this history made as `history`, one of its identities.
    func ownCount(of history: HistoryID) -> UInt64 { ownCounts[history] ?? 0 }

    /// The history the base counts belong to: the first identity, or the first own event's id.
    var baseHistory: HistoryID? { identities.first?.history ?? own.first?.history }

    /// What arrived after the last own event: the next one's `after`.
    var pendingAfterLastOwn: [HistoryMark] { JournalLedger.marks(pending) }

    /// Takes in the event on a line ending at `lineEnd`, as if read there.
    ///
    /// - Throws: `JournalLineError.invalidEvent` for a place out of the model's range.
    mutating func take(_ event: JournalEvent, lineEnd: Int64) throws(JournalLineError) {
        nextSequence = event.sequence &+ 1
        if let origin = event.origin {
            taken[origin.history] = max(taken[origin.history] ?? 0, origin.sequence)
            pending[origin.history] = max(pending[origin.history] ?? 0, origin.sequence)
            model.insert(try JournalLedger.model(event, origin.history, origin.sequence, origin.after))
            return
        }
        let history = identities.last { $0.since <= event.sequence }?.history ?? own.first?.history
            ?? journalInode.map { HistoryID(firstChange: event.id, journalInode: $0) } ?? HistoryID(event.id)
        let sequence = (ownCounts[history] ?? 0) + 1
        ownCounts[history] = sequence
        if let previous = own.last, previous.history != history {
            // The first event of a new identity was made after the old one's last.
            pending[previous.history] = max(pending[previous.history] ?? 0, previous.sequence)
        }
        let after = JournalLedger.marks(pending)
        pending = [:]
        own.append(OwnEvent(event: event, lineEnd: lineEnd, history: history, sequence: sequence, after: after))
        model.insert(try JournalLedger.model(event, history, sequence, after))
    }

    /// Where the base counts of a history that has made no event yet are counted: an id no event has.
    static let unnamed = HistoryID(EventID(value: 0))

    /// The counts the model gives for every event held, with the base counts, and each of `aliases`
    /// (an event held here found at another address too) at that address as well.
    func counts(aliases: [SyncState.Alias] = []) -> Tally {
        var set = model  // Shares the events: only the base counts and aliases are added to the copy.
        // A history that made nothing yet has no name; its base counts are its own all the same, and
        // nothing made elsewhere has seen them.
        if let base = baseHistory ?? (before == Tally() ? nil : JournalLedger.unnamed) { _ = set.insertBase(before, of: base) }
        if !aliases.isEmpty {
            var byID: [EventID: HistoryEvent] = [:]
            let wanted = Set(aliases.map(\.id))
            for event in events where wanted.contains(event.id) { byID[event.id] = event }
            for alias in aliases {
                guard let held = byID[alias.id],
                    let copy = try? HistoryEvent(
                        id: held.id, group: held.group, history: alias.history, seq: alias.sequence, after: alias.after,
                        command: held.command, emotion: held.emotion, delta: held.delta, reverts: held.reverts)
                else { continue }
                _ = set.insert(copy)
            }
        }
        return set.counts()
    }

    /// The model's event for `event`, at `sequence` of `history`.
    private static func model(
        _ event: JournalEvent, _ history: HistoryID, _ sequence: UInt64, _ after: [HistoryMark]
    ) throws(JournalLineError) -> HistoryEvent {
        do {
            return try HistoryEvent(event, history: history, seq: sequence, after: after)
        } catch {
            throw .invalidEvent(.zeroSequence)
        }
    }

    private static func marks(_ vector: [HistoryID: UInt64]) -> [HistoryMark] {
        vector.map { HistoryMark($0.key, $0.value) }.sorted { $0.history < $1.history }
    }
}
