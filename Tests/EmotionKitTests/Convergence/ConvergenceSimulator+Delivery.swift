import Testing

import EmotionKit

extension ConvergenceSimulator {
    /// History `index` takes in a gap-free prefix of one history's events from another history's
    /// file or a stale copy of one: perhaps cut short, shuffled, partly twice.
    mutating func deliver(to index: Int) {
        let source: (events: [HistoryEvent], bases: [HistoryID: Tally])
        if !staleCopies.isEmpty, generator.chance(0.25) {
            source = generator.pick(staleCopies)
        } else {
            let from = histories[Int.random(in: histories.indices, using: &generator)]
            source = (from.set.events, from.bases)
        }
        let named = Set(source.events.map(\.history)).union(source.bases.keys).sorted()
        guard !named.isEmpty else { return }
        let history = generator.pick(named)
        let held = source.events.filter { $0.history == history }.map(\.seq).max() ?? 0
        let upTo = generator.chance(0.3) ? UInt64.random(in: 0...held, using: &generator) : held
        var batch = source.events.filter { $0.history == history && $0.seq <= upTo }.shuffled(using: &generator)
        batch.append(contentsOf: batch.prefix(Int.random(in: 0...2, using: &generator)))
        take(batch, base: source.bases[history].map { (history, $0) }, into: index)
    }

    /// Takes `batch` and `base` into history `index`, then checks its counts against a full recount.
    mutating func take(_ batch: [HistoryEvent], base: (HistoryID, Tally)?, into index: Int) {
        if let (history, counts) = base { histories[index].takeBase(counts, of: history) }
        histories[index].set.insert(contentsOf: batch)
        let counts = histories[index].set.counts()
        #expect(Emotion.allCases.allSatisfy { counts[$0] >= 0 })
        expect(counts, equals: histories[index].recount(using: &generator))
    }

    /// History `index` copied: the copy goes on under a fresh id from seq 1, holding all it held.
    mutating func clone(_ index: Int) {
        var copy = histories[index]
        copy.id = make.history()
        copy.seq = 0
        histories.append(copy)
    }

    /// Every history takes in everything every other holds, then all must agree.
    mutating func deliverEverything() throws {
        for _ in 0..<2 {
            for target in histories.indices {
                for source in histories.indices.shuffled(using: &generator) where source != target {
                    let from = histories[source]
                    for (history, counts) in from.bases { histories[target].takeBase(counts, of: history) }
                    histories[target].set.insert(contentsOf: from.set.events.shuffled(using: &generator))
                }
            }
        }
        var first = histories[0].set
        let counts = first.counts()
        let groups = Set(first.events.map(\.group))
        for index in histories.indices {
            var set = histories[index].set
            expect(set.counts(), equals: counts, "history \(index) shows the same counts")
            expect(set.versionVector, equals: first.versionVector)
            #expect(groups.allSatisfy { set.stands(group: $0) == first.stands(group: $0) })
            #expect(madeEverywhere.allSatisfy { set.contains(id: $0) }, "every event made is everywhere")
        }
    }
}
