import EmotionKit

/// One machine's data file in the convergence simulator: the events it holds, its own identity and
/// seq, what it had taken in at its previous event, and its own undo and redo stacks.
struct SimulatedHistory {
    var id: HistoryID
    var set = EventSet()
    var bases: [HistoryID: Tally] = [:]
    /// Seqs made under `id`.
    var seq: UInt64 = 0
    /// The version vector at its previous event: `after` lists what grew since.
    var vectorAtLastEvent: [HistoryID: UInt64] = [:]
    /// Its own tap, add and reset commands, latest last.
    var made: [EventID] = []
    /// Groups it undid, latest last, redo-able while nothing else was done here since.
    var redoable: [EventID] = []

    init(id: HistoryID, base: Tally?) {
        self.id = id
        if let base { takeBase(base, of: id) }
    }

    mutating func takeBase(_ counts: Tally, of history: HistoryID) {
        bases[history] = counts
        set.insertBase(counts, of: history)
    }

    /// What this history took in since its previous event.
    mutating func nextAfter() -> [HistoryMark] {
        let vector = set.versionVector
        defer { vectorAtLastEvent = vector }
        return vector.compactMap { history, seq in
            guard history != id, vectorAtLastEvent[history].map({ seq > $0 }) ?? true else { return nil }
            return HistoryMark(history, seq)
        }
    }

    /// A fresh set holding what this one holds, taken in shuffled: the full recount to compare with.
    func recount(using generator: inout SeededGenerator) -> Tally {
        var fresh = EventSet()
        for (history, counts) in bases { fresh.insertBase(counts, of: history) }
        fresh.insert(contentsOf: set.events.shuffled(using: &generator))
        return fresh.counts()
    }

    /// Events of `history` it holds with seq at most `seq`.
    func events(of history: HistoryID, upTo seq: UInt64) -> [HistoryEvent] {
        set.events.filter { $0.history == history && $0.seq <= seq }
    }
}
