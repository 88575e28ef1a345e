@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// The history a store keeps: events recorded in the same commit as the counts, rolled forward,
/// made again, undone, redone and read back by time.
@Suite struct JournalStoreTests {
    let folder: TemporaryFolder
    let path: String
    let clock = HandClock()

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    /// A store on `path` at a fixed +09:00, on the hand-moved clock.
    func store() -> TallyStore {
        clock.store(at: path, zone: .fixed(secondsEast: 9 * 3600))
    }

    /// The journal's lines, the header first.
    func journalLines() throws -> [String] {
        try String(contentsOfFile: path + ".journal", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The events in the journal, in order.
    func journalEvents() throws -> [JournalEvent] {
        try journalLines().dropFirst().map { try JournalEvent(line: Array($0.utf8)) }
    }

    @Test func aCommandIsOneGroupOfEventsWithTheNoteTimeAndOffset() throws {
        let events = try store().apply([.tap(.happy), .tap(.smile)], note: "lunch")
        expect(events.map(\.sequence), equals: [1, 2])
        expect(events.map(\.group), equals: [events[0].id, events[0].id])
        #expect(events.allSatisfy { $0.note == "lunch" && $0.command == .tap && $0.at.offsetSeconds == 9 * 3600 })
        expect(events[0].at.millisecondsSinceEpoch, equals: clock.instant.millisecondsSinceEpoch)
        try expect(journalEvents(), equals: events)
        try expect(journalLines().first?.hasPrefix(#"{"history":1,"#), equals: true)
        let document = try TallyDocument(parsing: Array(folder.bytes(of: path) ?? Data()))
        expect(document.journal?.sequence, equals: 2)
        expect(document.journal?.bytes, equals: Int64(folder.bytes(of: path + ".journal")?.count ?? -1))
    }

    @Test func observersHearEachChangeWithItsEvent() throws {
        let store = store()
        let heard = Mutex<[ObservedChange]>([])
        let token = try store.observe(options: [.old, .new]) { change in heard.withLock { $0.append(change) } }
        let events = try store.apply([.tap(.sad)], note: "why")
        try store.undo()
        withExtendedLifetime(token) {}
        let told = heard.withLock { $0 }
        expect(told.count, equals: 2)
        expect(told.first?.event, equals: events.first)
        expect(told.last?.event?.command, equals: .undo)
        expect(told.last?.event?.reverts, equals: events.first?.group)
    }

    @Test func anExistingTallyIsTakenOverAsBeforeHistory() throws {
        try folder.write(#"{"version": 1, "counts": {"sad": 4}}"#)
        try store().apply(.tap(.sad))
        let header = try #require(JournalHeader(line: Array(try journalLines()[0].utf8)))
        expect(header.before, equals: Tally(counts: [.sad: 4]))
        try expect(journalEvents().map(\.change), equals: [Change(emotion: .sad, old: 4, new: 5)])
        try expect(store().events().count, equals: 1)
        try expect(store().read()[.sad], equals: 5)
    }

    @Test func aBackdatedChangeKeepsBothTimesAndIsListedAtItsPlace() throws {
        try store().apply(.tap(.happy))
        clock.advance(minutes: 60)
        let placed = Instant(millisecondsSinceEpoch: clock.instant.millisecondsSinceEpoch - 90 * 60_000)
        let backdated = try store().apply([.add(2, to: .sad)], note: nil, placedAt: placed)
        expect(backdated[0].recorded?.millisecondsSinceEpoch, equals: clock.instant.millisecondsSinceEpoch)
        expect(backdated[0].at.millisecondsSinceEpoch, equals: placed.millisecondsSinceEpoch)
        try expect(store().events().map(\.emotion), equals: [.sad, .happy], "not listed by placement")
        try expect(store().events(EventQuery(last: 1)).map(\.emotion), equals: [.happy])
        #expect(throws: HistoryError.self) {
            try store().apply([.tap(.sad)], note: nil, placedAt: Instant(millisecondsSinceEpoch: clock.instant.millisecondsSinceEpoch + 1))
        }
    }

    /// The id of a command, or its start in either case, as `log` shows it.
    private func prefix(_ id: EventID, _ length: Int = EventID.shortLength) throws -> EventIDPrefix {
        try #require(EventIDPrefix(parsing: String(id.description.prefix(length)).lowercased()))
    }

    @Test func undoByIdTakesBackAnyCommandAndUndoingItsUndoMakesItAgain() throws {
        let store = store()
        let first = try store.apply([.tap(.happy), .tap(.smile)], note: nil)
        clock.advance(milliseconds: 1)
        try store.apply(.add(3, to: .sad))
        clock.advance(milliseconds: 1)
        try store.apply(.tap(.sad))
        clock.advance(milliseconds: 1)
        let undo = try store.undo(try prefix(first[1].id, 26))  // Any of its events' ids names the command.
        #expect(undo.command == .undo && undo.commandLine == "tap happy smile")
        expect(undo.events.map(\.reverts), equals: [first[0].group, first[0].group])
        try expect(store.read(), equals: Tally(counts: [.sad: 4]))
        #expect(throws: HistoryError.alreadyUndone(command: "tap happy smile", at: first[0].at.minuteText, id: first[0].id.short)) {
            try store.undo(try prefix(first[0].id))
        }
        clock.advance(milliseconds: 1)
        let redo = try store.undo(try prefix(undo.events[0].id))
        #expect(redo.command == .redo && redo.commandLine == "tap happy smile", "undoing an undo makes its command again")
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .smile: 1, .sad: 4]))
        #expect(throws: HistoryError.undoneUndo(undo: undo.events[0].id.short, command: "tap happy smile", at: first[0].at.minuteText)) {
            try store.undo(try prefix(undo.events[0].id))
        }
        clock.advance(milliseconds: 1)
        let again = try store.undo(try prefix(redo.events[0].id))
        #expect(again.command == .undo && again.events[0].reverts == first[0].group, "undoing a redo takes its command back")
        try expect(store.read(), equals: Tally(counts: [.sad: 4]))
        try expect(store.events().filter { !$0.command.isReverting }.count, equals: 4, "the journal keeps every change")
    }

    @Test func anUndoOfATapALaterResetClearedChangesNoCountWhetherTheHistorySyncsOrNot() throws {
        let store = store()
        let first = try store.apply([.tap(.sad)], note: nil)
        clock.advance(milliseconds: 1)
        try store.apply(.tap(.sad))
        clock.advance(milliseconds: 1)
        try store.apply(.reset(.sad))
        clock.advance(milliseconds: 1)
        try store.apply(.tap(.sad))
        clock.advance(milliseconds: 1)
        // The reset cleared what it had seen; once the first tap never stood, it cleared the second alone.
        let undo = try store.undo(try prefix(first[0].id))
        #expect(undo.changes.isEmpty, "no count moved: \(undo.changes)")
        try expect(store.read(), equals: Tally(counts: [.sad: 1]))
        // The data file lost: rolling the journal forward gives the same counts, by the model too.
        try FileManager.default.removeItem(atPath: path)
        try expect(store.read(), equals: Tally(counts: [.sad: 1]))
        try expect(store.undo().changes, equals: [Change(emotion: .sad, old: 1, new: 0)], "plain undo takes back the latest tap")
    }

    @Test func undoByIdRefusesAnUnknownOrAmbiguousIdAndACountBelowZeroChangingNothing() throws {
        let store = store()
        let tap = try store.apply([.tap(.sad)], note: nil)
        clock.advance(milliseconds: 1)
        try store.apply(.reset(.sad))
        let before = try folder.bytes(of: path + ".journal")
        #expect(throws: HistoryError.unknownCommand("7ZZZZZ")) { try store.undo(try prefix(EventID(value: .max), 6)) }
        #expect(throws: TallyError.self, "sad is 0: taking its tap back would go below zero") { try store.undo(try prefix(tap[0].id)) }
        do {
            try store.undo(try prefix(tap[0].id, 4))
            Issue.record("an ambiguous id was taken")
        } catch let HistoryError.ambiguousCommand(id, candidates) {
            expect(id, equals: String(tap[0].id.description.prefix(4)))
            #expect(candidates.count == 2 && candidates[0].hasPrefix(tap[0].id.description + " ('tap sad' of "))
        }
        try expect(folder.bytes(of: path + ".journal"), equals: before)
        #expect(throws: HistoryError.unknownCommand(String(tap[0].id.short))) {
            try TallyStore(path: folder.file("other.json")).undo(try prefix(tap[0].id))
        }
    }

    @Test func undoTakesBackWholeCommandsNewestFirstAndRedoMakesThemAgain() throws {
        let store = store()
        try store.apply([.tap(.happy), .tap(.smile)])
        try store.apply(.add(3, to: .sad))
        try store.apply(.reset(.happy))
        try expect(store.undo().commandLine, equals: "reset happy")
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .smile: 1, .sad: 3]))
        let second = try store.undo()
        expect(second.commandLine, equals: "add sad 3")
        expect(second.events.map(\.command), equals: [.undo])
        expect(second.events[0].reverts, equals: second.original[0].group)
        try expect(store.redo().commandLine, equals: "add sad 3")
        try expect(store.read()[.sad], equals: 3)
        try expect(store.undo().commandLine, equals: "add sad 3", "an undo after a redo takes the redone command back")
        try expect(store.undo().commandLine, equals: "tap happy smile")
        try expect(store.read(), equals: Tally())
        #expect(throws: HistoryError.nothingToUndo) { try store.undo() }
        try expect(store.redo().commandLine, equals: "tap happy smile")
        try expect(store.redo().commandLine, equals: "add sad 3")
        try expect(store.redo().commandLine, equals: "reset happy", "the first undone is redone last")
        try expect(store.read(), equals: Tally(counts: [.smile: 1, .sad: 3]))
        #expect(throws: HistoryError.everythingRedone) { try store.redo() }
        try store.apply(.tap(.neutral))
        #expect(throws: HistoryError.self) { try store.redo() }
        let sequences = try journalEvents().map(\.sequence)
        expect(sequences, equals: Array(1...UInt64(sequences.count)))
    }

    @Test(arguments: 0..<8)
    func undoAndRedoFollowAnEditorsTwoStacksOverRandomHistories(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0x5EED_57AC, stream: seed)
        let store = store()
        var done: [EventID] = []  // Each command by its group, the latest last.
        var undone: [EventID] = []
        for _ in 0..<120 {
            let emotion = generator.pick(Emotion.allCases)
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<40:
                let taps: [Action] = generator.chance(0.3) ? [.tap(emotion), .tap(generator.pick(Emotion.allCases))] : [.tap(emotion)]
                let events = try store.apply(taps, note: nil)
                done.append(events[0].group)
                undone = []
            case 40..<50:
                let events = try store.apply([.reset(emotion)], note: nil)
                if let first = events.first {
                    done.append(first.group)
                    undone = []
                }
            case 50..<80:
                guard let top = done.popLast() else {
                    #expect(throws: HistoryError.self) { try store.undo() }
                    continue
                }
                try expect(store.undo().original[0].group, equals: top)
                undone.append(top)
            default:
                guard let top = undone.popLast() else {
                    #expect(throws: HistoryError.self) { try store.redo() }
                    continue
                }
                try expect(store.redo().original[0].group, equals: top)
                done.append(top)
            }
            clock.advance(milliseconds: 1_000)
        }
    }

    @Test func nothingToRedoWhenNothingWasUndone() throws {
        #expect(throws: HistoryError.nothingToRedo) { try store().redo() }
        #expect(throws: HistoryError.nothingToUndo) { try store().undo() }
        try store().apply(.tap(.happy))
        #expect(throws: HistoryError.self) { try store().redo() }
        try expect(folder.contents(), equals: ["emotions.json", "emotions.json.journal", "emotions.json.lock"])
    }

    @Test func eventsCommittedButNotInTheDataFileAreRolledForward() throws {
        try store().apply(.tap(.happy))
        let behind = try #require(folder.bytes(of: path))
        try store().apply([.tap(.happy), .add(2, to: .sad)])
        try behind.write(to: URL(fileURLWithPath: path))  // As if the power went before the rename reached the disk.
        try expect(store().read(), equals: Tally(counts: [.happy: 2, .sad: 2]))
        try store().apply(.tap(.upset))
        try expect(store().read(), equals: Tally(counts: [.happy: 2, .sad: 2, .upset: 1]))
        let document = try TallyDocument(parsing: Array(folder.bytes(of: path) ?? Data()))
        expect(document.journal?.sequence, equals: 4)
    }

    @Test(arguments: ["missing", "empty", "zeros"])
    func aDataFileLostToAPowerCutIsMadeAgainFromTheJournal(how: String) throws {
        try folder.write(#"{"version": 1, "counts": {"smile": 7}}"#)
        try store().apply([.tap(.happy), .add(-2, to: .smile)])
        switch how {
        case "missing": try FileManager.default.removeItem(atPath: path)
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        default: try Data(repeating: 0, count: 200).write(to: URL(fileURLWithPath: path))
        }
        try expect(store().read(), equals: Tally(counts: [.happy: 1, .smile: 5]))
        try store().apply(.tap(.happy))
        try expect(store().read(), equals: Tally(counts: [.happy: 2, .smile: 5]))
    }

    @Test func anEmptyDataFileWithoutAJournalIsStillRefused() throws {
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try store().read() }
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        expect(folder.bytes(of: path), equals: Data())
    }

    @Test func aTornLastLineIsIgnoredByReadersAndCutOffByTheNextWriter() throws {
        try store().apply(.tap(.happy))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"01M84P241A0DS55X0KD4EN"#.utf8))
        try handle.close()
        try expect(store().read()[.happy], equals: 1)
        try expect(store().events().count, equals: 1)
        try store().apply(.tap(.happy))
        let events = try journalEvents()
        expect(events.map(\.sequence), equals: [1, 2])
        try expect(store().read()[.happy], equals: 2)
    }

    @Test func aDamagedLineWithSoundLinesAfterItIsReportedNotGuessed() throws {
        try store().apply(.tap(.happy))
        let behind = try #require(folder.bytes(of: path))
        try store().apply(.tap(.smile))
        try store().apply(.tap(.sad))
        try behind.write(to: URL(fileURLWithPath: path))
        var lines = try journalLines()
        lines[2] = lines[2].replacingOccurrences(of: "\"smile\"", with: "\"smiel\"")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path + ".journal"))
        #expect {
            try store().read()
        } throws: { error in
            guard case let .unreadableJournal(_, problem) = error as? StoreError else { return false }
            return problem.description.contains("line 3")
        }
    }

    @Test func sinceAndLastReadOnlyTheEndOfALongJournalAndFollowAClockSetBack() throws {
        for _ in 0..<300 {
            try store().apply(.tap(.happy))
            clock.advance(minutes: 1)
        }
        let start = clock.instant
        clock.advance(minutes: -10_000)  // The clock is set back: these lines are recorded "earlier".
        try store().apply(.tap(.sad))
        clock.set(start)
        clock.advance(minutes: 5)
        try store().apply(.tap(.smile))
        let lastLine = try #require(try journalEvents().last)
        expect(lastLine.latest, equals: nil)
        let sadLine = try #require(try journalEvents().dropLast().last)
        #expect(sadLine.latest != nil, "a line recorded after a later one does not say so")
        // Since 3 minutes before the clock was set back: the last 3 happy taps, and the smile; not the sad.
        let since = Instant(millisecondsSinceEpoch: start.millisecondsSinceEpoch - 3 * 60_000)
        try expect(store().events(EventQuery(since: since)).map(\.emotion), equals: [.happy, .happy, .happy, .smile])
        try expect(store().events(EventQuery(emotions: [.sad])).count, equals: 1)
        try expect(store().events(EventQuery(last: 2)).map(\.emotion), equals: [.happy, .smile])
        try expect(store().events(EventQuery(until: since)).count, equals: 298)
        try expect(store().events().first?.emotion, equals: .sad, "the sad tap, placed earliest, comes first")
    }

    /// Rewrites the data file's `"journal"` position.
    func setPosition(sequence: String, bytes: Int64) throws {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: "\"journal\": {"))
        let end = try #require(text[start.upperBound...].firstIndex(of: "}"))
        text.replaceSubrange(start.lowerBound...end, with: "\"journal\": {\"seq\": \(sequence), \"bytes\": \(bytes), \"latest\": 0}")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    var journalSize: Int64 { Int64(folder.bytes(of: path + ".journal")?.count ?? -1) }

    @Test(arguments: ["9223372036854775807", "18446744073709551615"])
    func aSequenceNearItsLimitIsRefusedNotATrap(sequence: String) throws {
        try store().apply(.tap(.happy))
        try setPosition(sequence: sequence, bytes: journalSize)
        let before = try folder.contents().map { folder.bytes(of: folder.file($0)) }
        #expect(throws: StoreError.self) { try store().read() }
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        try expect(folder.contents().map { folder.bytes(of: folder.file($0)) }, equals: before)
    }

    /// A line whose change cannot be applied is told in the journal's terms: what it would do, once,
    /// not a command's advice ("use a smaller amount or reset some counts") ended by a second period.
    @Test func aLineThatWouldPassTheLargestTotalSaysWhatItWouldDoInOneSentence() throws {
        try folder.write(#"{"version": 1, "counts": {"sad": 1}}"#)
        try store().apply(.add(Int.max - 1, to: .happy))
        var lines = try journalLines()
        lines[0] = lines[0].replacingOccurrences(of: #""sad":1"#, with: #""sad":2"#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path + ".journal"))
        try FileManager.default.removeItem(atPath: path)
        #expect {
            try store().read()
        } throws: { error in
            let message = (error as? StoreError)?.description ?? ""
            return message.hasSuffix("cannot be used: line 2 is not a change: it would take the total of all counts from 2 "
                + "by \(Int.max - 1), past the largest count, \(Int.max). Fix the line, or move the journal away to start "
                + "history anew (the counts are kept); nothing was changed.")
        }
    }

    @Test func aSoundLineOutOfSequenceIsDamageNotATornWrite() throws {
        try store().apply(.tap(.happy))
        try store().apply(.tap(.smile))
        let lines = try journalLines()
        // The smile line again, as if a data file said its counts were before it: seq 2 twice.
        try Data((lines.joined(separator: "\n") + "\n" + lines[2] + "\n").utf8).write(to: URL(fileURLWithPath: path + ".journal"))
        let before = folder.bytes(of: path + ".journal")
        #expect(throws: StoreError.self) { try store().apply(.tap(.sad)) }
        expect(folder.bytes(of: path + ".journal"), equals: before, "a committed line was cut off as torn")
    }

    @Test func aDataFileWithoutAPositionRefusesLinesThatMakeNoWholeCommandAsReadingForwardDoes() throws {
        try store().apply([.tap(.happy), .tap(.smile)], note: nil)
        try store().apply([.tap(.sad), .tap(.upset)], note: nil)
        let lines = try journalLines()
        let journals = [
            // Two commands cut short, one after the other: a crash cuts short only the last.
            [lines[0], lines[1], lines[3].replacingOccurrences(of: "\"seq\":3", with: "\"seq\":2")],
            // The later line of a command without its first.
            [lines[0], lines[2].replacingOccurrences(of: "\"seq\":2", with: "\"seq\":1")],
        ]
        for journal in journals {
            let bytes = Data((journal.joined(separator: "\n") + "\n").utf8)
            try bytes.write(to: URL(fileURLWithPath: path + ".journal"))
            try Data(#"{"version": 1, "counts": {"happy": 1}}"#.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
            try FileManager.default.removeItem(atPath: path)
            #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
            expect(folder.bytes(of: path + ".journal"), equals: bytes)
        }
    }

    /// What a command refuses the journal for, in words: the problem, without the path and advice around it.
    func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as StoreError {
            guard case let .unreadableJournal(_, problem) = error else { return "\(error)" }
            return problem.description
        } catch {
            return "\(error)"
        }
    }

    /// Writes the journal's lines (`lines`, the header first) and a data file with `counts` but no position.
    func writeWithoutPosition(_ lines: [String], counts: String = #""happy": 1"#) throws -> Data {
        let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
        try bytes.write(to: URL(fileURLWithPath: path + ".journal"))
        try Data("{\"version\": 1, \"counts\": {\(counts)}}".utf8).write(to: URL(fileURLWithPath: path))
        return bytes
    }

    @Test func aDataFileWithoutAPositionRefusesAFirstCommandNotNumberedOneAsReadingForwardDoes() throws {
        // The review of issue 22: a journal whose only command had "seq" 5 was taken, and the next tap added
        // "seq" 6 to it, a journal that a lost data file then refused.
        try store().apply(.tap(.happy))
        let lines = try journalLines()
        let bytes = try writeWithoutPosition([lines[0], lines[1].replacingOccurrences(of: #""seq":1,"#, with: #""seq":5,"#)])
        let withoutPosition = refusal { try store().apply(.tap(.happy)) }
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
        try FileManager.default.removeItem(atPath: path)
        let lost = refusal { try store().apply(.tap(.happy)) }
        expect(withoutPosition, equals: #"line 2 has "seq" 5 where 1 should follow"#)
        expect(withoutPosition, equals: lost)
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
    }

    @Test func aDataFileWithoutAPositionRefusesACommandCutShortDeeperInTheJournalAsReadingForwardDoes() throws {
        // The second review of issue 22: reading back through the last command and the line before it, a
        // command of two cut short by the next (and the gaps and zeros further back) was taken, and written to.
        try store().apply([.tap(.happy), .tap(.smile)], note: nil)
        try store().apply(.tap(.sad))
        try store().apply(.tap(.upset))
        let lines = try journalLines()
        func numbered(_ line: String, from old: Int, to new: Int) -> String {
            line.replacingOccurrences(of: "\"seq\":\(old),", with: "\"seq\":\(new),")
        }
        // The first command without its second line: the sad tap breaks into it.
        let cutShort = [lines[0], lines[1], numbered(lines[3], from: 3, to: 2), numbered(lines[4], from: 4, to: 3)]
        let bytes = try writeWithoutPosition(cutShort)
        let withoutPosition = refusal { try store().apply(.tap(.happy)) }
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
        try FileManager.default.removeItem(atPath: path)
        let lost = refusal { try store().apply(.tap(.happy)) }
        expect(withoutPosition, equals: "line 3 breaks into a command whose lines should follow each other")
        expect(withoutPosition, equals: lost)
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
    }

    @Test func moreZeroBytesAtTheEndThanAnyWriteLeavesAreDamageNotReadToTheirEnd() throws {
        // The second review of issue 22: `truncate -s +30G` made every reader scan 30 GB of zeros.
        try store().apply(.tap(.happy))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size + UInt64(JournalFile.zeroLimit) + 65_536)
        try handle.close()
        let message = refusal { _ = try store().read() }
        #expect(message?.hasPrefix("its last 2684") == true && message?.contains("bytes are not changes") == true, "\(String(describing: message))")
        try FileManager.default.removeItem(atPath: path)
        expect(refusal { _ = try store().read() }, equals: message)
    }

    @Test func aDataFileWithoutAPositionNamesTheLineWhereACommandIsBrokenIntoAsReadingForwardDoes() throws {
        // The review of issue 22: read back from the end, the message named the line where the break-in was
        // seen (8), not where it starts (6).
        try store().apply([.tap(.happy), .tap(.smile)], note: nil)
        try store().apply([.tap(.sad), .tap(.upset), .tap(.neutral)], note: nil)
        try store().apply([.tap(.happy), .tap(.smile)], note: nil)
        let lines = try journalLines()
        func numbered(_ line: String, from old: Int, to new: Int) -> String {
            line.replacingOccurrences(of: "\"seq\":\(old),", with: "\"seq\":\(new),")
        }
        // The second command's last line after the third command's two.
        let interleaved = [
            lines[0], lines[1], lines[2], lines[3], lines[4], numbered(lines[6], from: 6, to: 5), numbered(lines[7], from: 7, to: 6),
            numbered(lines[5], from: 5, to: 7),
        ]
        let bytes = try writeWithoutPosition(interleaved)
        let withoutPosition = refusal { try store().apply(.tap(.happy)) }
        try FileManager.default.removeItem(atPath: path)
        let lost = refusal { try store().read() }
        expect(withoutPosition, equals: "line 6 breaks into a command whose lines should follow each other")
        expect(withoutPosition, equals: lost)
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
    }

    @Test func aSequencePastTheLimitIsToldAsSuchOnEveryPath() throws {
        // The review of issue 22: a line with "seq" 18446744073709551615 was read back from the end, and tap
        // said the numbers had "reached 9223372036854775807".
        try store().apply(.tap(.happy))
        try store().apply(.tap(.smile))
        let lines = try journalLines()
        let bytes = try writeWithoutPosition(
            [lines[0], lines[1], lines[2].replacingOccurrences(of: #""seq":2,"#, with: #""seq":18446744073709551615,"#)])
        let withoutPosition = refusal { try store().apply(.tap(.happy)) }
        try FileManager.default.removeItem(atPath: path)
        let lost = refusal { try store().apply(.tap(.happy)) }
        expect(withoutPosition, equals: #"line 3 has "seq" 18446744073709551615 where 2 should follow"#)
        expect(withoutPosition, equals: lost)
        expect(folder.bytes(of: path + ".journal"), equals: bytes)

        // In sequence after a position near the limit: the line's number is past the largest a journal holds.
        try FileManager.default.removeItem(atPath: path + ".journal")
        try store().apply(.tap(.happy))
        let next = try journalLines()[1].replacingOccurrences(of: #""seq":1,"#, with: #""seq":9223372036854775807,"#)
        try setPosition(sequence: "9223372036854775806", bytes: journalSize)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((next + "\n").utf8))
        try handle.close()
        #expect(refusal { try store().apply(.tap(.happy)) }
            == #"a line has "seq" 9223372036854775807, past 9223372036854775806, the largest a journal holds"#)
    }

    @Test(arguments: [
        [UInt8](repeating: 0, count: 20_000) + Array(#"{"id":"#.utf8),
        [UInt8](repeating: 0, count: 100_000) + Array(#"{"id":"#.utf8),
        [UInt8](repeating: 0, count: 20_000) + Array("garbage\n".utf8),
        [UInt8](repeating: UInt8(ascii: "x"), count: 70_000) + [0x0A] + Array(#"{"id":"#.utf8),
    ])
    func zeroBytesThenPartOfALineAreATornWriteWhateverTheirLength(tail: [UInt8]) throws {
        // The review of issue 22: zeros then a few bytes without a newline were refused as a line "20006 bytes
        // long" (or 65536, the size of a read), with one cut off as torn.
        for position in ["kept", "none", "lost"] {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".journal")
            try store().apply(.tap(.happy))
            let sound = try #require(folder.bytes(of: path + ".journal"))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(tail))
            try handle.close()
            switch position {
            case "none": try Data(#"{"version": 1, "counts": {"happy": 1}}"#.utf8).write(to: URL(fileURLWithPath: path))
            case "lost": try FileManager.default.removeItem(atPath: path)
            default: break
            }
            try expect(store().read(), equals: Tally(counts: [.happy: 1]), "data file \(position)")
            try expect(store().events().count, equals: 1, "data file \(position)")
            try store().apply(.tap(.sad))
            let lines = try journalLines()
            expect(lines.count, equals: 3, "data file \(position)")
            expect(folder.bytes(of: path + ".journal")?.prefix(sound.count), equals: sound, "data file \(position)")
            try expect(journalEvents().map(\.sequence), equals: [1, 2], "data file \(position)")
        }
    }

    @Test func aLineLongerThanAnyEventWithSoundLinesAfterItIsDamageAndToldAtItsLength() throws {
        try store().apply(.tap(.happy))
        let behind = try #require(folder.bytes(of: path))
        try store().apply(.tap(.smile))
        var lines = try journalLines()
        lines.insert(String(repeating: "x", count: 100_000), at: 2)
        let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
        try bytes.write(to: URL(fileURLWithPath: path + ".journal"))
        try behind.write(to: URL(fileURLWithPath: path))
        let expected = "line 3 is not a change: it is 100000 bytes long; a journal line is at most \(JournalEvent.lineLimit)"
        expect(refusal { try store().apply(.tap(.sad)) }, equals: expected)
        _ = try writeWithoutPosition(lines)
        expect(refusal { try store().apply(.tap(.sad)) }, equals: expected)
        try FileManager.default.removeItem(atPath: path)
        expect(refusal { try store().apply(.tap(.sad)) }, equals: expected)
        expect(folder.bytes(of: path + ".journal"), equals: bytes)
    }

    @Test func moreGarbageThanOneWriteIsDamageNotATornWrite() throws {
        try store().apply(.tap(.happy))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 4_300_000))
        try handle.close()
        let before = folder.bytes(of: path + ".journal")
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        try FileManager.default.removeItem(atPath: path)  // Without a position too: no silent cut.
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        expect(folder.bytes(of: path + ".journal"), equals: before)
    }

    @Test func aPositionAtTheEndOfAJournalWithoutAHeaderIsNotAppendedTo() throws {
        try store().apply(.tap(.happy))
        try Data("not a journal\n".utf8).write(to: URL(fileURLWithPath: path + ".journal"))
        try setPosition(sequence: "1", bytes: journalSize)
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        expect(folder.bytes(of: path + ".journal"), equals: Data("not a journal\n".utf8))
    }

    @Test func aJournalThatIsALinkIsNotFollowed() throws {
        try store().apply(.tap(.happy))
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.moveItem(atPath: path + ".journal", toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path + ".journal", withDestinationPath: elsewhere)
        #expect(throws: StoreError.self) { try store().apply(.tap(.happy)) }
        try expect(String(contentsOfFile: elsewhere, encoding: .utf8).split(separator: "\n").count, equals: 2)
    }

    @Test func aJournalSomeoneElseOwnsIsNotUsed() throws {
        try store().apply(.tap(.happy))
        var fileSystem = FileSystem.live
        fileSystem.status = { file throws(SystemError) in
            var status = try FileSystem.live.status(file)
            if file.path.hasSuffix(".journal") { status.owner = 1234 }
            return status
        }
        // Looked at by name too (a reader that finds it at the data file's position does not open it).
        fileSystem.statusOfName = { folder, name throws(SystemError) in
            var status = try FileSystem.live.statusAt(folder, name)
            if name.hasSuffix(".journal") { status.owner = 1234 }
            return status
        }
        let store = TallyStore(path: path, fileSystem: fileSystem)
        #expect(throws: StoreError.foreignJournal(path: path + ".journal", owner: 1234)) { try store.apply(.tap(.happy)) }
        #expect(throws: StoreError.foreignJournal(path: path + ".journal", owner: 1234)) { try store.read() }
        // Without a data file, the journal must be ours: planted before our first change, it is not used.
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: StoreError.foreignJournal(path: path + ".journal", owner: 1234)) { try store.apply(.tap(.happy)) }
        #expect(throws: StoreError.foreignJournal(path: path + ".journal", owner: 1234)) { try store.read() }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// `events(_:)` against a naive filter and sort of every event, on journals written directly: long
/// enough to pass the reader's few thousand kept events, with backdated changes, a clock set back, and
/// undos and redos of earlier taps.
@Suite struct EventQueryTests {
    @Test(arguments: [1, 2])
    func everyQueryGivesWhatANaiveSortGives(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let start: Int64 = 1_700_000_000_000
        let header = try JournalHeader(at: Timestamp(millisecondsSinceEpoch: start, offsetSeconds: 0), before: Tally())
        var lines = header.jsonLine + "\n"
        var events: [JournalEvent] = []
        var tally = Tally()
        var clock = start
        var latest = start
        var taps: [JournalEvent] = []
        var undone: [EventID: Bool] = [:]  // By the latest undo or redo of each tap.
        for sequence in 1...UInt64(6000) {
            clock += Int64.random(in: 1...600_000, using: &generator)
            if generator.chance(0.002) { clock = max(start + 1, clock - Int64.random(in: 0...86_400_000 * 30, using: &generator)) }  // Set back.
            let recorded = try Timestamp(millisecondsSinceEpoch: clock, offsetSeconds: 3600)
            if generator.chance(0.05), let target = taps.randomElement(using: &generator),
                undone[target.group] == true || tally[target.emotion] > 0 {
                // An undo of a standing tap, or a redo of an undone one.
                let command: JournalCommand = undone[target.group] == true ? .redo : .undo
                let old = tally[target.emotion]
                try tally.apply(.add(command == .undo ? -1 : 1, to: target.emotion))
                let id = EventID(recordedAt: clock, using: &generator)
                let event = try JournalEvent(
                    sequence: sequence, id: id, at: recorded, command: command, emotion: target.emotion, old: old,
                    new: tally[target.emotion], group: id, reverts: target.group,
                    latest: latest > clock ? try Timestamp(millisecondsSinceEpoch: latest, offsetSeconds: 0) : nil)
                undone[target.group] = command == .undo
                latest = max(latest, clock)
                events.append(event)
                lines += event.jsonLine + "\n"
                continue
            }
            let emotion = generator.pick(Emotion.allCases)
            let backdated = generator.chance(0.05)
            let at = backdated
                ? try Timestamp(millisecondsSinceEpoch: clock - Int64.random(in: 1...86_400_000 * 60, using: &generator), offsetSeconds: 3600)
                : recorded
            let old = tally[emotion]
            try tally.apply(.tap(emotion))
            let id = EventID(recordedAt: clock, using: &generator)
            let event = try JournalEvent(
                sequence: sequence, id: id, at: at, recorded: backdated ? recorded : nil, command: .tap, emotion: emotion,
                old: old, new: old + 1, group: id,
                latest: latest > clock ? try Timestamp(millisecondsSinceEpoch: latest, offsetSeconds: 0) : nil)
            latest = max(latest, clock)
            events.append(event)
            taps.append(event)
            lines += event.jsonLine + "\n"
        }
        try Data(lines.utf8).write(to: URL(fileURLWithPath: path + ".journal"))
        var document = TallyDocument(tally: tally)
        document.journal = JournalPosition(sequence: 6000, bytes: Int64(lines.utf8.count), latest: latest)
        try Data(document.serialized()).write(to: URL(fileURLWithPath: path))
        let store = TallyStore(path: path)
        try expect(store.read(), equals: tally)

        let ordered = events.sorted {
            $0.at.millisecondsSinceEpoch != $1.at.millisecondsSinceEpoch
                ? $0.at.millisecondsSinceEpoch < $1.at.millisecondsSinceEpoch : $0.sequence < $1.sequence
        }
        for round in 0..<10 {
            var query = EventQuery()
            if generator.chance(0.6) {
                query.since = Instant(millisecondsSinceEpoch: Int64.random(in: start...latest, using: &generator))
            }
            if generator.chance(0.4) {
                query.until = Instant(millisecondsSinceEpoch: Int64.random(in: start...latest + 1, using: &generator))
            }
            if generator.chance(0.5) { query.last = generator.chance(0.5) ? Int.random(in: 1...30, using: &generator) : Int.random(in: 1...7000, using: &generator) }
            if generator.chance(0.3) { query.emotions = [generator.pick(Emotion.allCases)] }
            let expected = ordered.filter { query.matches($0) }.suffix(query.last ?? .max)
            var found: [HistoryEntry] = []
            try store.forEachEntry(query) { found.append($0) }
            expect(found.map(\.event.sequence), equals: expected.map(\.sequence), "round \(round): \(query)")
            expect(found.map(\.isUndone), equals: expected.map { undone[$0.group] == true }, "round \(round): \(query)")
        }
    }
}
