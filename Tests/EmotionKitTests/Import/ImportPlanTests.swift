@testable import EmotionKit
import Testing

/// Planning an import: which commands are new, their counts here, and what refuses the whole file.
@Suite struct ImportPlanTests {
    typealias L = ImportLines

    private func tally(_ counts: [Emotion: Int]) -> Tally {
        Tally(counts: counts) ?? Tally()
    }

    private func plan(_ lines: [String], known: [Int] = [], tally: Tally = Tally()) throws -> ImportPlan {
        try ImportPlan(L.batch(lines), known: Set(known.map(L.eventID)), tally: tally)
    }

    private func refusal(_ lines: [String], known: [Int] = [], tally: Tally = Tally()) -> ImportError? {
        do {
            _ = try plan(lines, known: known, tally: tally)
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            return nil
        }
    }

    @Test func changesTheJournalHoldsAreSkippedAndTheRestMadeOnTheCountsHere() throws {
        let plan = try plan(
            [L.line(1, "tap", "happy", 0, 1), L.line(2, "add", "sad", 5, 8, #", "note": "n""#), L.line(3, "tap", "happy", 1, 2)],
            known: [1], tally: tally([.happy: 10]))
        #expect(plan.alreadyThere == 1)
        #expect(plan.changes.map(\.id) == [L.eventID(2), L.eventID(3)])
        #expect(plan.changes.map(\.old) == [0, 10])
        #expect(plan.changes.map(\.new) == [3, 11])
        #expect(plan.changes[0].note == "n")
        #expect(plan.after == tally([.happy: 11, .sad: 3]))
        #expect(plan.netChanges.map(\.emotion) == [.happy, .sad])
        #expect(plan.netChanges.map(\.delta) == [1, 3])
    }

    @Test func aResetEndsAtZeroHereAndIsLeftOutWhereTheCountIsZeroAlready() throws {
        let lines = [
            L.line(1, "reset", "happy", 7, 0, #", "events": 2"#),
            L.line(2, "reset", "sad", 2, 0, #", "group": "\#(L.id(1))""#),
        ]
        let some = try plan(lines, tally: tally([.sad: 4]))
        #expect(some.leftOut == 1)
        #expect(some.changes.count == 1)
        #expect(some.changes[0].id == L.eventID(2))
        #expect(some.changes[0].group == L.eventID(2), "the first kept change names the command")
        #expect(some.changes[0].eventsInCommand == nil)
        #expect(some.changes[0].old == 4 && some.changes[0].new == 0)
        let none = try plan(lines)
        #expect(none.changes.isEmpty && none.leftOut == 2)
    }

    @Test func anUndoOfAResetImportedWithItRestoresTheCountHere() throws {
        let lines = [
            L.line(1, "reset", "happy", 7, 0),
            L.line(2, "undo", "happy", 0, 7, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
            L.line(3, "redo", "happy", 7, 0, at: "2026-11-23T12:02:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
            L.line(4, "undo", "happy", 0, 7, at: "2026-11-23T12:03:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
        ]
        let plan = try plan(lines, tally: tally([.happy: 3]))
        #expect(plan.changes.map(\.new) == [0, 3, 0, 3])
        #expect(plan.after == tally([.happy: 3]))
        #expect(plan.netChanges.isEmpty)
        let empty = try self.plan(lines)
        #expect(empty.changes.isEmpty && empty.leftOut == 4, "a reset left out takes its undo and redo with it")
    }

    @Test func anUndoOfACommandWhoseFirstChangeWasLeftOutNamesItsNewFirst() throws {
        let plan = try plan([
            L.line(1, "reset", "happy", 7, 0, #", "events": 2"#),
            L.line(2, "reset", "sad", 2, 0, #", "group": "\#(L.id(1))""#),
            L.line(3, "undo", "sad", 0, 2, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))", "events": 2"#),
            L.line(4, "undo", "happy", 0, 7, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))", "group": "\#(L.id(3))""#),
        ], tally: tally([.sad: 5]))
        #expect(plan.changes.map(\.id) == [L.eventID(2), L.eventID(3)])
        #expect(plan.changes[1].reverts == L.eventID(2), "the undo names the command by the id it goes by here")
        #expect(plan.changes[1].old == 0 && plan.changes[1].new == 5, "and restores the count the reset cleared here")
        #expect(plan.changes[1].eventsInCommand == nil && plan.changes[1].group == L.eventID(3))
        #expect(plan.leftOut == 2)
    }

    @Test func aCountBelowZeroRefusesTheWholeImportNamingTheLine() {
        let lines = [L.line(1, "tap", "happy", 0, 1), L.line(2, "add", "sad", 5, 2)]
        #expect(refusal(lines, tally: tally([.sad: 1])) == .refusedCount(line: 2, .belowZero(.sad, count: 1, amount: -3)))
        #expect(ImportError.refusedCount(line: 2, .belowZero(.sad, count: 1, amount: -3)).description.contains("from 1 to -2"))
        #expect(refusal([L.line(1, "add", "sad", 0, Int.max)], tally: tally([.sad: 1])) == .refusedCount(line: 1, .overflow(.sad, count: 1, amount: Int.max)))
    }

    @Test func aCommandPartlyInTheJournalOrAnUndoOfAnUnknownCommandIsRefused() {
        let pair = [L.line(1, "tap", "happy", 0, 1, #", "events": 2"#), L.line(2, "tap", "sad", 0, 1, #", "group": "\#(L.id(1))""#)]
        #expect(refusal(pair, known: [2]) == .partlyPresent(line: 1))
        #expect(refusal([L.line(3, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(9))""#)]) == .unknownReverts(line: 1, reverts: L.eventID(9)))
        #expect(refusal([L.line(3, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(9))""#)], known: [9], tally: tally([.sad: 1])) == nil)
    }

    @Test func importedEventsOlderThanTheJournalsLatestRecordingCarryLatest() throws {
        let plan = try plan([
            L.line(1, "tap", "happy", 0, 1, at: "2025-01-01T00:00:00.000+00:00"),
            L.line(2, "tap", "happy", 1, 2, at: "2027-01-01T00:00:00.000+00:00"),
        ])
        let start = JournalPosition(sequence: 41, bytes: 100, latest: 1_800_000_000_000)  // 2027-01-15
        let events = try plan.events(after: start)
        #expect(events.map(\.sequence) == [42, 43])
        #expect(events.map { $0.latest?.millisecondsSinceEpoch } == [1_800_000_000_000, 1_800_000_000_000])
        let later = try plan.events(after: JournalPosition(sequence: 0, bytes: 100, latest: 0))
        #expect(later[0].latest == nil)
        #expect(later[1].latest == nil)
        #expect(throws: ImportError.sequenceAtLimit) {
            try plan.events(after: JournalPosition(sequence: JournalPosition.sequenceLimit - 1, bytes: 100, latest: 0))
        }
    }
}
