/// The events a history holds, from itself and from others, and the counts they make: a function of
/// the set alone, so histories that hold the same events show the same counts whatever order the
/// events arrived in, and an event delivered twice is one.
///
/// The counts are the fold (see `CountFold`) of the events in canonical order (see `CanonicalOrder`),
/// standing commands only (see `CommandStanding`), after each history's base counts (`before`, its
/// journal header's counts from before the history existed: a node at seq 0 of that history, which
/// any reset that has seen that history covers). Arrivals only collect; the next question about
/// counts recounts, in O(n log n) at worst. A local tap, add or reset made after everything held
/// is folded in at once instead (`appendLocal`).
package struct EventSet: Sendable {
    /// The events held, each id once, in the order they arrived.
    package internal(set) var events: [HistoryEvent] = []
    /// Each held id's place in `events`.
    var index = EventIndex()
    /// The other addresses of an event held at more than one (a v1 import on two machines).
    var otherAddresses: [Int32: [HistoryMark]] = [:]
    /// Each history's base counts.
    var bases: [HistoryID: Tally] = [:]
    /// Each history's seqs held.
    var runs: [HistoryID: GapFreeRun] = [:]
    /// Per history, the largest seq any held mark names: an event at or before it is not the last.
    var largestNamed: [HistoryID: UInt64] = [:]
    /// Which commands stand.
    var standing = CommandStanding()
    /// The fold of the set as it is, or `nil` when an arrival made it stale.
    var fold: CountFold?

    /// An empty set.
    package init() {}

    /// How many events are held.
    package var count: Int { events.count }

    /// Whether the event `id` is held.
    package func contains(id: EventID) -> Bool {
        index.place(of: id, in: events) != nil
    }

    /// The event held under `id`, if any.
    package func event(id: EventID) -> HistoryEvent? {
        index.place(of: id, in: events).map { events[Int($0)] }
    }

    /// Whether the command `group` stands: no more distinct undos name it than distinct redos. A
    /// command nothing names stands.
    package func stands(group: EventID) -> Bool {
        standing.stands(group)
    }

    /// Per history held, the highest seq up to which every event of it is held (0 for none).
    package var versionVector: [HistoryID: UInt64] {
        runs.mapValues(\.end)
    }

    /// The counts the set makes, each at most what a `Tally` holds (never a trap on overflow).
    package mutating func counts() -> Tally {
        if fold == nil { fold = recounted() }
        return fold?.tally ?? Tally()
    }

    /// Takes in `event`; returns whether it was new (a new id, or a held id at a new address).
    ///
    /// An id at a second address keeps one record of the event: the one at the smaller (history,
    /// seq), so that which record counts does not depend on the order they came in.
    @discardableResult
    package mutating func insert(_ event: HistoryEvent) -> Bool {
        guard let place = index.place(of: event.id, in: events) else {
            events.append(event)
            index.add(place: Int32(events.count - 1), in: events)
            noteArrival(of: event)
            return true
        }
        let held = events[Int(place)]
        let address = HistoryMark(event.history, event.seq)
        let others = otherAddresses[place] ?? []
        if address == HistoryMark(held.history, held.seq) || others.contains(address) { return false }
        if (event.history, event.seq) < (held.history, held.seq) {
            events[Int(place)] = event
            otherAddresses[place] = others + [HistoryMark(held.history, held.seq)]
        } else {
            otherAddresses[place] = others + [address]
        }
        noteArrival(of: event)
        return true
    }

    /// Takes in every event of `events`; returns how many were new.
    @discardableResult
    package mutating func insert(contentsOf events: some Sequence<HistoryEvent>) -> Int {
        let needed = self.events.count + events.underestimatedCount
        if needed > self.events.capacity {  // Growing by half at least: batch after batch stays linear.
            self.events.reserveCapacity(max(needed, self.events.capacity + self.events.capacity / 2))
        }
        return events.reduce(0) { new, event in new + (insert(event) ? 1 : 0) }
    }

    /// Takes in `history`'s base counts; returns whether they were new. A history has one set of
    /// base counts; should two differ, the larger (by total, then emotion by emotion) is kept, in
    /// whatever order they came.
    @discardableResult
    package mutating func insertBase(_ counts: Tally, of history: HistoryID) -> Bool {
        if let held = bases[history] {
            let heldKey = [held.total] + Emotion.allCases.map { held[$0] }
            let newKey = [counts.total] + Emotion.allCases.map { counts[$0] }
            guard newKey.lexicographicallyPrecedes(heldKey) == false, newKey != heldKey else { return false }
        }
        bases[history] = counts
        if runs[history] == nil { runs[history] = GapFreeRun() }
        fold = nil
        return true
    }

    /// Notes what an arrival changes besides the events: seqs held, marks named; the fold is stale.
    mutating func noteArrival(of event: HistoryEvent) {
        runs[event.history, default: GapFreeRun()].hold(event.seq)
        for mark in event.after {
            largestNamed[mark.history] = max(largestNamed[mark.history] ?? 0, mark.seq)
        }
        standing.take(event)
        fold = nil
    }
}
