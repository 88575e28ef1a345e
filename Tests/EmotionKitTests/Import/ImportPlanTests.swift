@testable import EmotionKit
import Testing

/// Planning an import: which commands are new, their counts here, and what refuses the whole file.
@Suite struct ImportPlanTests {
    typealias L = ImportLines

    private func tally(_ counts: [Emotion: Int]) -> Tally {
        Tally(counts: counts) ?? Tally()
    }

    /// The plan for `lines` in a history that holds the file's changes numbered `known` and the
    /// changes of the lines `history`, in that order, with the counts `tally`.
    private func plan(_ lines: [String], known: [Int] = [], history: [String] = [], tally: Tally = Tally()) throws -> ImportPlan {
        let batch = try L.batch(lines)
        let held = batch.commands.flatMap(\.events).filter { known.map(L.eventID).contains($0.id) }
        let others = try L.batch(history).commands.flatMap(\.events)
        return try ImportPlan(batch, history: ImportHistory(held + others, for: batch), tally: tally)
    }

    private func refusal(_ lines: [String], known: [Int] = [], history: [String] = [], tally: Tally = Tally()) -> ImportError? {
        do {
            _ = try plan(lines, known: known, history: history, tally: tally)
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

    @Test func anUndoOfACommandNeitherInTheFileNorInTheHistoryIsRefused() {
        let undo = L.line(3, "undo", "sad", 1, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(9))""#)
        #expect(refusal([undo]) == .unknownReverts(line: 1, reverts: L.eventID(9)))
        #expect(refusal([undo], history: [L.line(9, "tap", "sad", 0, 1)], tally: tally([.sad: 1])) == nil)
    }

    @Test func aCommandSomeOfWhoseChangesWereLeftOutWhenItWasImportedIsAlreadyThere() throws {
        // The reset of happy was left out here (happy was zero), so the command goes by sad's id.
        let reset = [
            L.line(1, "reset", "happy", 1, 0, #", "events": 2"#),
            L.line(2, "reset", "sad", 4, 0, #", "group": "\#(L.id(1))""#),
        ]
        let here = [L.line(2, "reset", "sad", 3, 0)]
        let again = try plan(reset, history: here)
        #expect(again.changes.isEmpty)
        #expect(again.alreadyThere == 1 && again.leftOut == 1)
        let undo = [
            L.line(3, "undo", "sad", 0, 4, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))", "events": 2"#),
            L.line(4, "undo", "happy", 0, 1, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))", "group": "\#(L.id(3))""#),
        ]
        let undone = try plan(reset + undo, history: here)
        #expect(undone.changes.map(\.id) == [L.eventID(3)], "happy's undo changes nothing here")
        #expect(undone.changes[0].reverts == L.eventID(2), "the undo names the reset by the id it goes by here")
        #expect(undone.changes[0].old == 0 && undone.changes[0].new == 3, "and restores what it cleared here")
        #expect(undone.alreadyThere == 1 && undone.leftOut == 2)
    }

    @Test func anUndoOrRedoMustNameATapAddOrResetOtherThanItself() {
        let itself = L.line(1, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(1))""#)
        #expect(refusal([itself], tally: tally([.sad: 1])) == .revertsNoChange(line: 1, reverts: L.eventID(1)))
        let chain = [
            L.line(1, "tap", "sad", 0, 1),
            L.line(2, "undo", "sad", 1, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
            L.line(3, "undo", "sad", 0, 1, at: "2026-11-23T12:02:00.000+00:00", #", "reverts": "\#(L.id(2))""#),
        ]
        #expect(refusal(chain) == .revertsNoChange(line: 3, reverts: L.eventID(2)))
        #expect(refusal([chain[2]], history: Array(chain[0...1])) == .revertsNoChange(line: 1, reverts: L.eventID(2)))
        #expect(ImportError.revertsNoChange(line: 3, reverts: L.eventID(2)).description.contains("names the tap, add or reset"))
        let eachOther = [
            L.line(1, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(2))""#), L.line(2, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(1))""#),
        ]
        #expect(refusal(eachOther, tally: tally([.sad: 2])) == .revertsNoChange(line: 1, reverts: L.eventID(2)))
    }

    @Test func anUndoOrRedoMustTakeBackOrMakeAgainWhatItsCommandDid() {
        let add = L.line(1, "tap", "happy", 4, 5, #", "events": 2"#)
        let tap = L.line(2, "tap", "sad", 0, 1, #", "group": "\#(L.id(1))""#)
        func undo(_ changes: [(String, Int, Int)], command: String = "undo") -> [String] {
            changes.enumerated().map { index, change in
                let group = index == 0 ? (changes.count > 1 ? #", "events": \#(changes.count)"# : "") : #", "group": "\#(L.id(3))""#
                return L.line(3 + index, command, change.0, change.1, change.2, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""# + group)
            }
        }
        let right = undo([("sad", 1, 0), ("happy", 5, 4)])
        #expect(refusal([add, tap] + right, tally: tally([.happy: 4])) == nil)
        #expect(refusal([add, tap] + undo([("sad", 1, 0), ("happy", 5, 3)])) == .unlikeReverted(line: 3, reverts: L.eventID(1)), "another amount")
        #expect(refusal([add, tap] + undo([("sad", 1, 0), ("smile", 5, 4)])) == .unlikeReverted(line: 3, reverts: L.eventID(1)), "another emotion")
        #expect(refusal([add, tap] + undo([("sad", 1, 0)])) == .unlikeReverted(line: 3, reverts: L.eventID(1)), "one missing")
        #expect(refusal([add, tap] + undo([("sad", 0, 1), ("happy", 4, 5)], command: "redo"), tally: tally([.happy: 4])) == nil)
        #expect(refusal([add, tap] + undo([("sad", 1, 0), ("happy", 5, 4)], command: "redo")) == .unlikeReverted(line: 3, reverts: L.eventID(1)))
        #expect(refusal(right, history: [add, tap], tally: tally([.happy: 5, .sad: 1])) == nil, "its command in the history")
        #expect(refusal(undo([("sad", 1, 0), ("happy", 5, 2)]), history: [add, tap], tally: tally([.happy: 5, .sad: 1]))
            == .unlikeReverted(line: 1, reverts: L.eventID(1)))
    }

    @Test func anUndoOfAResetMayNameSomeOfItsEmotionsEachOnce() {
        let reset = [
            L.line(1, "reset", "happy", 1, 0, #", "events": 2"#), L.line(2, "reset", "sad", 4, 0, #", "group": "\#(L.id(1))""#),
        ]
        func undo(_ emotions: [String]) -> [String] {
            emotions.enumerated().map { index, emotion in
                let group = index == 0 ? (emotions.count > 1 ? #", "events": \#(emotions.count)"# : "") : #", "group": "\#(L.id(3))""#
                return L.line(3 + index, "undo", emotion, 0, 4, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""# + group)
            }
        }
        #expect(refusal(reset + undo(["sad"]), tally: tally([.happy: 1, .sad: 4])) == nil, "where the undo was made, happy was at zero")
        #expect(refusal(reset + undo(["sad", "happy"]), tally: tally([.happy: 1, .sad: 4])) == nil)
        #expect(refusal(reset + undo(["smile"])) == .unlikeReverted(line: 3, reverts: L.eventID(1)), "not one of its emotions")
        #expect(refusal(reset + undo(["sad", "sad"])) == .unlikeReverted(line: 3, reverts: L.eventID(1)), "one twice")
    }

    @Test func anUndoOfACommandUndoneHereAlreadyOrARedoOfOneThatStandsIsLeftOut() throws {
        let tap = L.line(1, "tap", "sad", 0, 1)
        let mine = L.line(7, "undo", "sad", 1, 0, at: "2026-11-23T12:05:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let theirs = L.line(2, "undo", "sad", 1, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let both = try plan([tap, theirs], known: [1], history: [mine])
        #expect(both.changes.isEmpty && both.alreadyThere == 1 && both.leftOut == 1, "each machine undid it: once is enough")
        let redo = L.line(3, "redo", "sad", 0, 1, at: "2026-11-23T12:02:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let standing = try plan([tap, redo], known: [1], tally: tally([.sad: 1]))
        #expect(standing.changes.isEmpty && standing.leftOut == 1)
        let undoneThere = try plan([tap, theirs, redo], known: [1], tally: tally([.sad: 1]))
        #expect(undoneThere.changes.map(\.id) == [L.eventID(2), L.eventID(3)])
        #expect(undoneThere.changes.map(\.new) == [0, 1])
    }

    @Test func whatWasDoneLastWinsSoImportingTheSameFileAgainChangesNothing() throws {
        // The history undid the tap (id 2) before the file's machine undid (3) and redid it (4).
        let tap = L.line(1, "add", "smile", 0, 2)
        let mine = L.line(2, "undo", "smile", 2, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let theirs = [
            L.line(3, "undo", "smile", 2, 0, at: "2026-11-23T12:02:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
            L.line(4, "redo", "smile", 0, 2, at: "2026-11-23T12:03:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
        ]
        let first = try plan([tap] + theirs, known: [1], history: [mine])
        #expect(first.changes.map(\.id) == [L.eventID(4)], "the undo changes nothing here; the redo does")
        #expect(first.after == tally([.smile: 2]))
        // Imported again, with the redo now in the history and the count reset since: nothing.
        let again = try plan([tap] + theirs, known: [1, 4], history: [mine], tally: tally([:]))
        #expect(again.changes.isEmpty && again.alreadyThere == 2 && again.leftOut == 1)
        // An undo recorded before the history's last redo of its command is left out, though it would change the count.
        let redone = L.line(6, "redo", "smile", 0, 2, at: "2026-11-23T12:06:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let late = try plan([tap, theirs[0]], known: [1], history: [mine, redone], tally: tally([.smile: 2]))
        #expect(late.changes.isEmpty && late.leftOut == 1)
    }

    @Test func aResetIsLeftOutWhereTheHistoryChangedItsCountAfterItWasMade() throws {
        let reset = L.line(2, "reset", "happy", 1, 0)
        let later = try plan([reset], history: [L.line(5, "tap", "happy", 0, 1)], tally: tally([.happy: 3]))
        #expect(later.changes.isEmpty && later.leftOut == 1, "a tap recorded after the reset stands")
        let earlier = try plan([reset], history: [L.line(1, "tap", "happy", 0, 1)], tally: tally([.happy: 3]))
        #expect(earlier.changes.map(\.new) == [0])
        let otherEmotion = try plan([reset], history: [L.line(5, "tap", "sad", 0, 1)], tally: tally([.happy: 3, .sad: 1]))
        #expect(otherEmotion.changes.map(\.new) == [0])
    }

    @Test func aFilesCopyOfACommandTheHistoryHoldsMustHaveItsChanges() {
        let pair = [L.line(1, "tap", "happy", 0, 1, #", "events": 2"#), L.line(2, "tap", "smile", 0, 1, #", "group": "\#(L.id(1))""#)]
        let undo = L.line(3, "undo", "happy", 1, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        // The file says the tap was of happy alone, and undoes that: the history's tap was of two.
        #expect(refusal([L.line(1, "tap", "happy", 0, 1), undo], history: pair, tally: tally([.happy: 1, .smile: 1]))
            == .unlikeHistory(line: 1, id: L.eventID(1)))
        // An undo naming part of it, with the whole command in the history only.
        #expect(refusal([undo], history: pair, tally: tally([.happy: 1, .smile: 1])) == .unlikeReverted(line: 1, reverts: L.eventID(1)))
        // The file gives the history's tap of one a second change.
        #expect(refusal(pair, history: [L.line(1, "tap", "happy", 0, 1)], tally: tally([.happy: 1])) == .unlikeHistory(line: 1, id: L.eventID(1)))
    }

    @Test func anUndoThatChangesNothingHereLeavesItsCommandStanding() throws {
        let history = [L.line(1, "add", "happy", 0, 3), L.line(2, "reset", "happy", 3, 0), L.line(5, "add", "happy", 0, 3)]
        let file = [
            L.line(6, "undo", "smile", 0, 3, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(2))""#),
            L.line(7, "redo", "happy", 3, 0, at: "2026-11-23T12:02:00.000+00:00", #", "reverts": "\#(L.id(2))""#),
        ]
        let plan = try plan(file, history: history, tally: tally([.happy: 3]))
        #expect(plan.changes.isEmpty && plan.leftOut == 2, "the reset never cleared smile here, and still stands")
    }

    @Test func anUndoRecordedBeforeItsCommandIsMadeAfterIt() throws {
        // The clock was set back between the tap and its undo.
        let tap = L.line(1, "tap", "sad", 0, 1, at: "2026-11-23T12:00:00.000+00:00")
        let undo = L.line(2, "undo", "sad", 1, 0, at: "2026-11-23T11:00:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let plan = try plan([tap, undo])
        #expect(plan.changes.map(\.id) == [L.eventID(1), L.eventID(2)])
        #expect(plan.after == Tally())
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
