import Testing

import EmotionKit

/// A seeded schedule of 3 to 5 histories making commands and passing each other gap-free prefixes
/// of what they hold: cut short, duplicated, reordered, from stale (conflict or rolled back) copies;
/// and histories cloned under fresh ids. Checks every step, then delivers everything everywhere.
struct ConvergenceSimulator {
    var generator: SeededGenerator
    var make: EventMaker
    var histories: [SimulatedHistory] = []
    /// Older copies of histories' files: (what it held, its bases).
    var staleCopies: [(events: [HistoryEvent], bases: [HistoryID: Tally])] = []
    var madeEverywhere: [EventID] = []

    init(seed: UInt64, stream: UInt64) {
        generator = SeededGenerator(seed: seed, stream: stream)
        make = EventMaker(seed: seed &* 7919 &+ stream)
        for _ in 0..<Int.random(in: 3...4, using: &generator) {
            let base = generator.chance(0.5) ? Tally(counts: [.happy: Int.random(in: 0...3, using: &generator)]) : nil
            histories.append(SimulatedHistory(id: make.history(), base: base))
        }
    }

    mutating func run(steps: Int) throws {
        for _ in 0..<steps {
            let index = Int.random(in: histories.indices, using: &generator)
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<9: try command(at: index)
            case 9..<17: deliver(to: index)
            case 17..<19: staleCopies.append((histories[index].set.events, histories[index].bases))
            default: if histories.count < 5 { clone(index) }
            }
        }
        try deliverEverything()
    }

    // MARK: Local commands

    mutating func command(at index: Int) throws {
        var history = histories[index]
        defer { histories[index] = history }
        let emotion: Emotion = generator.chance(0.7) ? .happy : .sad
        let shown = history.set.counts()
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4: try local(.tap, emotion, delta: 1, in: &history, shown: shown)
        case 4..<6:
            let delta = generator.pick([-3, -2, -1, 1, 2])
            if shown[emotion] + delta >= 0 { try local(.add, emotion, delta: delta, in: &history, shown: shown) }
        case 6: if shown[emotion] > 0 { try local(.reset, emotion, delta: -shown[emotion], in: &history, shown: shown) }
        case 7:
            guard let group = history.made.last(where: { history.set.stands(group: $0) }) else { return }
            try revert(.undo, group, in: &history)
            history.redoable.append(group)
        case 8:
            guard let group = history.redoable.popLast() else { return }
            try revert(.redo, group, in: &history)
        default:
            let groups = history.set.events.filter { !$0.command.isReverting }.map(\.group)
            guard !groups.isEmpty else { return }
            try revert(.undo, generator.pick(groups), in: &history)
            history.redoable.removeAll()
        }
    }

    mutating func local(
        _ command: JournalCommand, _ emotion: Emotion, delta: Int, in history: inout SimulatedHistory, shown: Tally
    ) throws {
        history.seq += 1
        let event = try make.event(
            history.id, history.seq, command, emotion, delta: delta, after: history.nextAfter())
        // The first event of a history not held yet (no base, no event) starts it: that one recounts.
        let isNew = history.seq == 1 && history.bases[history.id] == nil
        let quick = history.set.appendLocal(event)
        #expect(quick || isNew, "a local \(command) is folded in without a recount")
        let now = history.set.counts()
        expect(now, equals: history.recount(using: &generator), "the quick fold equals a full recount")
        if command == .tap { expect(now[emotion], equals: shown[emotion] + 1, "a tap raises the shown count by one") }
        if command == .add { expect(now[emotion], equals: shown[emotion] + delta) }
        if command == .reset { expect(now[emotion], equals: 0) }
        history.made.append(event.group)
        history.redoable.removeAll()
        madeEverywhere.append(event.id)
    }

    mutating func revert(_ command: JournalCommand, _ group: EventID, in history: inout SimulatedHistory) throws {
        history.seq += 1
        let target = history.set.events.first { $0.group == group }
        let event = try make.event(
            history.id, history.seq, command, target?.emotion ?? .happy, after: history.nextAfter(), reverts: group)
        history.set.appendLocal(event)
        expect(history.set.counts(), equals: history.recount(using: &generator))
        madeEverywhere.append(event.id)
    }
}
