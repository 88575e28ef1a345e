/// Where each held event is in the set's array, found by id: an open-addressing hash table of places,
/// 4 bytes a slot at most half full, instead of a dictionary's 20-byte entries (16 for the id) at
/// up to four in three empty. The ids themselves are read from the events.
struct EventIndex: Sendable {
    /// Places in `events`, -1 for an empty slot; a power of two of them.
    private var slots: [Int32] = []
    private var count = 0

    /// The place of the event `id` in `events`, or `nil` if it is not held.
    func place(of id: EventID, in events: [HistoryEvent]) -> Int32? {
        guard !slots.isEmpty else { return nil }
        var slot = EventIndex.hash(id) & (slots.count - 1)
        while slots[slot] >= 0 {
            if events[Int(slots[slot])].id == id { return slots[slot] }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Notes that `events[place]` is held (its id not held before).
    mutating func add(place: Int32, in events: [HistoryEvent]) {
        if (count + 1) * 2 > slots.count { grow(in: events) }
        var slot = EventIndex.hash(events[Int(place)].id) & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = place
        count += 1
    }

    private mutating func grow(in events: [HistoryEvent]) {
        let old = slots
        slots = [Int32](repeating: -1, count: max(16, old.count * 2))
        for place in old where place >= 0 {
            var slot = EventIndex.hash(events[Int(place)].id) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = place
        }
    }

    /// The id's hash, seeded per process as `Hasher` is: ids chosen to collide cannot be chosen ahead.
    private static func hash(_ id: EventID) -> Int {
        var hasher = Hasher()
        hasher.combine(id.value)
        return hasher.finalize()
    }
}
