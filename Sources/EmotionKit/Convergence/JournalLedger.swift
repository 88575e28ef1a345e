/// What a journal holds, read forward once, as the event model and sync need it: the header's counts,
/// every event as a `HistoryEvent` with its history and place there, the ids held, and how far each
/// other history has been taken in.
///
/// An event this history made (a line without `origin`) belongs to the identity in force at its
/// journal sequence (`SyncState.identities`; with none, the history is named by its first own
/// event's id) and is numbered from 1 within it; it was made after everything before it in the
/// journal, so its `after` is what arrived since the previous event of its own. An event taken in
/// from elsewhere keeps the history, place and `after` it was made with.
struct JournalLedger {
    /// The counts from before history.
    var before = Tally()
    /// The history the base counts belong to: the first identity.
    var baseHistory: HistoryID?
    /// Every event, in journal order.
    var events: [HistoryEvent] = []
    /// The ids held.
    var ids: Set<EventID> = []
    /// The highest place taken in from each other history.
    var taken: [HistoryID: UInt64] = [:]
    /// This history's own events: journal offset where each line ends, its identity and its place,
    /// and its `after`, in order.
    var own: [OwnEvent] = []

    /// One event this history made.
    struct OwnEvent {
        var event: JournalEvent
        var lineEnd: Int64
        var history: HistoryID
        var sequence: UInt64
        var after: [HistoryMark]
    }

    /// Reads `journal` from its header to `end`.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that does not read.
    init(journal: JournalFile, to end: Int64, identities: [SyncState.Identity]) throws(StoreError) {
        let (header, start) = try journal.header()
        before = header.before
        var pending: [HistoryID: UInt64] = [:]  // Taken in since the last own event.
        var ownCounts: [HistoryID: UInt64] = [:]
        var firstOwn: HistoryID?
        var number = 1
        _ = try journal.forEachLine(from: start, to: end) { line, lineEnd throws(StoreError) in
            number += 1
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(line))
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: number, reason: error.description))
            }
            ids.insert(event.id)
            if let origin = event.origin {
                taken[origin.history] = max(taken[origin.history] ?? 0, origin.sequence)
                pending[origin.history] = max(pending[origin.history] ?? 0, origin.sequence)
                let model = try JournalLedger.model(event, origin.history, origin.sequence, origin.after, number, journal)
                events.append(model)
                return true
            }
            let history = JournalLedger.identity(at: event.sequence, in: identities) ?? firstOwn ?? HistoryID(event.id)
            if firstOwn == nil { firstOwn = history }
            let sequence = (ownCounts[history] ?? 0) + 1
            ownCounts[history] = sequence
            let after = pending.map { HistoryMark($0.key, $0.value) }.sorted { $0.history < $1.history }
            pending = [:]
            own.append(OwnEvent(event: event, lineEnd: lineEnd, history: history, sequence: sequence, after: after))
            events.append(try JournalLedger.model(event, history, sequence, after, number, journal))
            return true
        }
        baseHistory = identities.first?.history ?? firstOwn
    }

    /// The model's event for `event`, at `sequence` of `history`.
    private static func model(
        _ event: JournalEvent, _ history: HistoryID, _ sequence: UInt64, _ after: [HistoryMark], _ number: Int, _ journal: JournalFile
    ) throws(StoreError) -> HistoryEvent {
        do {
            return try HistoryEvent(event, history: history, seq: sequence, after: after)
        } catch {
            throw .unreadableJournal(path: journal.file.path, .badLine(number: number, reason: "its place in its history is out of range"))
        }
    }

    /// The identity in force at journal sequence `sequence`: the last that starts at or before it.
    static func identity(at sequence: UInt64, in identities: [SyncState.Identity]) -> HistoryID? {
        identities.last { $0.since <= sequence }?.history
    }
}
