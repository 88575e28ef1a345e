@testable import EmotionKit
import Testing

/// The block lines brought from elsewhere name: it remembers at most `groupLimit` commands, and a
/// new one starts only where a command starts, never inside one.
@Suite struct AppendedBlockTests {
    let at = Instant(millisecondsSinceEpoch: 1_795_000_000_000)

    func tap(_ number: Int, group: Int? = nil, events: Int? = nil) throws -> JournalEvent {
        let id = EventID(value: UInt128(number) + 1)
        return try JournalEvent(
            sequence: 1, id: id, at: try Timestamp(at, in: .fixed(secondsEast: 0)), command: .tap, emotion: .happy, old: 0,
            new: 1, group: group.map { EventID(value: UInt128($0) + 1) } ?? id, eventsInCommand: events)
    }

    func undo(of group: Int) throws -> JournalEvent {
        try JournalEvent(
            sequence: 1, id: EventID(value: 1 << 100), at: try Timestamp(at, in: .fixed(secondsEast: 0)), command: .undo,
            emotion: .happy, old: 1, new: 0, group: EventID(value: 1 << 100), reverts: EventID(value: UInt128(group) + 1))
    }

    @Test func aNewBlockStartsWithTheFirstCommandPastTheLimitAndNotInsideOne() throws {
        var block = AppendedBlock(start: 0)
        let limit = AppendedBlock.groupLimit
        for number in 0..<(limit - 1) {
            let line = try tap(number)
            block.beginLine(of: line, at: Int64(number))
            block.append(line, endingAt: Int64(number + 1))
        }
        // A command of two whose first line is the last the block remembers: its second stays in the block.
        let first = try tap(limit - 1, events: 2)
        block.beginLine(of: first, at: Int64(limit - 1))
        block.append(first, endingAt: Int64(limit))
        let second = try tap(limit, group: limit - 1)
        block.beginLine(of: second, at: Int64(limit))
        expect(block.start(forLineOf: second), equals: 0)
        block.append(second, endingAt: Int64(limit + 1))
        // Its undo is in the block: it names a command the block holds.
        let undoInBlock = try undo(of: limit - 1)
        expect(block.start(forLineOf: undoInBlock), equals: 0)
        // The next command starts a block of its own at its line.
        let next = try tap(limit + 1)
        block.beginLine(of: next, at: Int64(limit + 1))
        expect(block.start(forLineOf: next), equals: Int64(limit + 1))
        block.append(next, endingAt: Int64(limit + 2))
        // An undo of a command before it is then outside the block's promise.
        expect(block.start(forLineOf: try undo(of: 0)), equals: nil)
    }
}
