import EmotionKit

/// Makes history events for tests: fresh ids from a seeded generator, increasing with each one.
struct EventMaker {
    private var generator: SeededGenerator
    private var time: Int64 = 1_800_000_000_000

    init(seed: UInt64 = 23) {
        generator = SeededGenerator(seed: seed)
    }

    /// A fresh id, later than the one before.
    mutating func id() -> EventID {
        time += 1
        return EventID(recordedAt: time, using: &generator)
    }

    /// A fresh history id.
    mutating func history() -> HistoryID {
        HistoryID(id())
    }

    /// An event of one command (its group its own id unless given).
    mutating func event(
        _ history: HistoryID, _ seq: UInt64, _ command: JournalCommand, _ emotion: Emotion = .happy,
        delta: Int = 1, after: [HistoryMark] = [], reverts: EventID? = nil, group: EventID? = nil
    ) throws -> HistoryEvent {
        let id = id()
        return try HistoryEvent(
            id: id, group: group ?? id, history: history, seq: seq, after: after, command: command,
            emotion: emotion, delta: command == .tap ? 1 : delta, reverts: reverts)
    }
}

extension EventSet {
    /// A set holding `events`.
    init(_ events: [HistoryEvent], bases: [HistoryID: Tally] = [:]) {
        self.init()
        for (history, counts) in bases { insertBase(counts, of: history) }
        insert(contentsOf: events)
    }

    /// The count of one emotion.
    mutating func count(of emotion: Emotion) -> Int {
        counts()[emotion]
    }
}
