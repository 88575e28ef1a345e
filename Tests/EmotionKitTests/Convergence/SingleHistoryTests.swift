import Testing

import EmotionKit

/// A v1 journal taken over in place: one history, seq = journal order, every line after all before.
@Suite struct ConvergenceSingleHistoryTests {
    @Test(arguments: 0..<UInt64(20))
    func aV1JournalFoldsToExactlyTheRunningCountsItsLinesChain(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed, stream: 23)
        var make = EventMaker(seed: seed)
        let history = make.history()
        var tally = try #require(Tally(counts: [.happy: Int.random(in: 0...3, using: &generator), .sad: 2]))
        var set = EventSet([], bases: [history: tally])
        var done: [[JournalEvent]] = []  // Standing commands, latest last.
        var undone: [[JournalEvent]] = []  // Redo-able, latest last; emptied by any new command.
        var seq: UInt64 = 0
        for _ in 0..<200 {
            var commandEvents: [JournalEvent] = []
            func write(_ command: JournalCommand, _ change: Change?, reverts: EventID?) throws {
                guard let change else { return }
                seq += 1
                let id = make.id()
                let group = commandEvents.first?.id ?? id
                let at = try Timestamp(millisecondsSinceEpoch: 1_800_000_000_000 + Int64(seq), offsetSeconds: 0)
                commandEvents.append(
                    try JournalEvent(
                        sequence: seq, id: id, at: at, command: command, emotion: change.emotion, old: change.old,
                        new: change.new, group: group, reverts: reverts))
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3:
                for emotion in Set([generator.pick(Emotion.allCases), generator.pick(Emotion.allCases)]).sorted() {
                    try write(.tap, try tally.apply(.tap(emotion)), reverts: nil)
                }
            case 4...5:
                let emotion = generator.pick(Emotion.allCases)
                let amount = Int.random(in: -tally[emotion]...4, using: &generator)
                try write(.add, amount == 0 ? nil : try tally.apply(.add(amount, to: emotion)), reverts: nil)
            case 6:
                try write(.reset, try tally.apply(.reset(generator.pick(Emotion.allCases))), reverts: nil)
            case 7...8:
                guard let last = done.popLast(), let group = last.first?.group else { continue }
                for event in last.reversed() { try write(.undo, try tally.apply(.add(-event.delta, to: event.emotion)), reverts: group) }
                undone.append(last)
            default:
                guard let last = undone.popLast(), let group = last.first?.group else { continue }
                for event in last { try write(.redo, try tally.apply(.add(event.delta, to: event.emotion)), reverts: group) }
                done.append(last)
            }
            guard let first = commandEvents.first else { continue }
            if !first.command.isReverting {
                done.append(commandEvents)
                undone.removeAll()
            }
            for event in commandEvents { set.insert(try HistoryEvent(event, history: history, seq: event.sequence)) }
            expect(set.counts(), equals: tally, "after line \(seq)")
        }
    }

    @Test func aLocalTapAfterEverythingHeldIsFoldedInWithoutARecountAndRaisesTheCountByOne() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        var set = EventSet([try make.event(a, 1, .tap), try make.event(b, 1, .add, delta: 3)])
        expect(set.count(of: .happy), equals: 4)
        #expect(set.appendLocal(try make.event(a, 2, .tap, after: [HistoryMark(b, 1)])))
        expect(set.count(of: .happy), equals: 5)
        #expect(set.appendLocal(try make.event(a, 3, .reset)))
        expect(set.count(of: .happy), equals: 0)
        // Not after B's seq 2, which it has not seen: taken in, and counted by a recount.
        set.insert(try make.event(b, 2, .tap))
        expect(set.count(of: .happy), equals: 1)
        #expect(!set.appendLocal(try make.event(a, 4, .tap)))
        expect(set.count(of: .happy), equals: 2)
    }
}
