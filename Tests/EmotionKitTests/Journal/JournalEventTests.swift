import EmotionKit
import Testing

@Suite struct JournalEventTests {
    private let id: EventID
    private let other: EventID

    init() throws {
        id = try #require(EventID(parsing: "01KAT8FW5X6N3X9R2T4K7M1P0Z"))
        other = try #require(EventID(parsing: "01KAT8FW5Y0000000000000000"))
    }

    private func at(_ text: String = "2026-11-23T21:04:05.123+09:00") throws -> Timestamp {
        try Timestamp(rfc3339: text)
    }

    private func event(
        command: JournalCommand = .tap, old: Int = 3, new: Int = 4, note: String? = nil, sequence: UInt64 = 1,
        reverts: EventID? = nil, recorded: Timestamp? = nil
    ) throws -> JournalEvent {
        try JournalEvent(
            sequence: sequence, id: id, at: try at(), recorded: recorded, command: command, emotion: .sad, old: old,
            new: new, note: note, group: id, reverts: reverts)
    }

    private func refusal(_ make: () throws -> JournalEvent) -> JournalEventError? {
        do {
            _ = try make()
            return nil
        } catch let error as JournalEventError {
            return error
        } catch {
            return nil
        }
    }

    @Test func theDeltaIsNewMinusOldAndTheChangeIsTheStoresForm() throws {
        let added = try event(command: .add, old: 10, new: 3)
        #expect(added.delta == -7)
        #expect(added.change == Change(emotion: .sad, old: 10, new: 3))
        #expect(try event(old: 0, new: 1).delta == 1)
        #expect(try event(command: .add, old: 0, new: Int.max).delta == Int.max)
        #expect(try event(command: .add, old: Int.max, new: 0).delta == -Int.max)
    }

    @Test func refusesCountsAndCommandsThatDisagree() {
        #expect(refusal { try event(sequence: 0) } == .zeroSequence)
        #expect(refusal { try event(command: .add, old: -1, new: 2) } == .negativeCount(key: "old", -1))
        #expect(refusal { try event(command: .add, old: 1, new: -2) } == .negativeCount(key: "new", -2))
        #expect(refusal { try event(command: .add, old: 4, new: 4) } == .noChange(count: 4))
        #expect(refusal { try event(command: .tap, old: 3, new: 5) } == .tapNotByOne(old: 3, new: 5))
        #expect(refusal { try event(command: .tap, old: 3, new: 2) } == .tapNotByOne(old: 3, new: 2))
        #expect(refusal { try event(command: .reset, old: 3, new: 1) } == .resetNotToZero(new: 1))
        #expect(refusal { try event(command: .reset, old: 3, new: 0) } == nil)
    }

    @Test func onlyUndoAndRedoRevertAndTheyMustSayWhat() {
        #expect(refusal { try event(command: .undo, old: 4, new: 3) } == .revertsMissing(.undo))
        #expect(refusal { try event(command: .redo, old: 3, new: 4) } == .revertsMissing(.redo))
        #expect(refusal { try event(command: .undo, old: 4, new: 3, reverts: other) } == nil)
        #expect(refusal { try event(command: .tap, reverts: other) } == .revertsUnexpected(.tap))
        #expect(refusal { try event(command: .reset, old: 3, new: 0, reverts: other) } == .revertsUnexpected(.reset))
    }

    @Test func onlyABackdatedTapOrAddKeepsItsRecordingTimeWhichIsLater() throws {
        let later = try at("2026-11-24T08:00:00.000+09:00")
        #expect(try event(recorded: later).recorded == later)
        #expect(try event(command: .add, old: 1, new: 9, recorded: later).recorded == later)
        #expect(refusal { try event(command: .reset, old: 3, new: 0, recorded: later) } == .recordedUnexpected(.reset))
        #expect(refusal { try event(command: .undo, old: 4, new: 3, reverts: other, recorded: later) }
            == .recordedUnexpected(.undo))
        #expect(refusal { try event(recorded: try at()) } == .recordedNotLater)
        #expect(refusal { try event(recorded: try at("2026-11-23T12:04:05.123Z")) } == .recordedNotLater)
        #expect(refusal { try event(recorded: try at("2026-11-23T21:04:05.122+09:00")) } == .recordedNotLater)
    }

    @Test func aNoteIsOneToAThousandScalarsWithLineBreaksButNoOtherControlCharacters() {
        #expect(refusal { try event(note: "rough meeting 😢 👨‍👩‍👧 \u{202E}é") } == nil)
        #expect(refusal { try event(note: String(repeating: "😢", count: 1000)) } == nil)
        #expect(refusal { try event(note: String(repeating: "a", count: 1001)) } == .noteTooLong(scalars: 1001))
        #expect(refusal { try event(note: "") } == .emptyNote)
        #expect(refusal { try event(note: "two\nlines") } == nil)
        #expect(refusal { try event(note: "title\n\nbody") } == nil)
        #expect(refusal { try event(note: "two\r\nlines") } == .noteControlCharacter(0x0D, position: 4))
        #expect(refusal { try event(note: "two\rlines") } == .noteControlCharacter(0x0D, position: 4))
        #expect(refusal { try event(note: "\u{1B}[2J") } == .noteControlCharacter(0x1B, position: 1))
        #expect(refusal { try event(note: "ab\u{7F}") } == .noteControlCharacter(0x7F, position: 3))
        #expect(refusal { try event(note: "\u{9B}2J") } == .noteControlCharacter(0x9B, position: 1))
        #expect(refusal { try event(note: "tab\there") } == .noteControlCharacter(0x09, position: 4))
    }

    @Test func carriageReturnsBecomeLineFeedsWhateverSystemTheNoteCameFrom() {
        #expect(JournalEvent.note(withLineFeeds: "a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(JournalEvent.note(withLineFeeds: "a\r\r\nb") == "a\n\nb")
        #expect(JournalEvent.note(withLineFeeds: "plain") == "plain")
        #expect(JournalEvent.note(withLineFeeds: "end\r") == "end\n")
    }

    @Test func errorsNameThePartOfTheEvent() {
        #expect(JournalEventError.noteControlCharacter(0x1B, position: 1).description
            == #"its "note" holds the control character U+001B at character 1"#)
        #expect(JournalEventError.revertsMissing(.undo).description == #"it is an undo without "reverts""#)
        #expect(JournalEventError.negativeCount(key: "old", -1).description == #"its "old" is -1, below zero"#)
    }
}

@Suite struct JournalEventTagTests {
    private let id: EventID

    init() throws {
        id = try #require(EventID(parsing: "01KAT8FW5X6N3X9R2T4K7M1P0Z"))
    }

    private func event(_ command: JournalCommand, old: Int = 3, new: Int = 4, tags: [String]) throws -> JournalEvent {
        try JournalEvent(
            sequence: 1, id: id, at: try Timestamp(rfc3339: "2026-11-23T21:04:05.123+09:00"), command: command, emotion: .sad,
            old: old, new: new, tags: try tags.map { try EmotionKit.Tag($0) }, group: id, reverts: command.isReverting ? id : nil)
    }

    private func refusal(_ make: () throws -> JournalEvent) -> JournalEventError? {
        do {
            _ = try make()
            return nil
        } catch let error as JournalEventError {
            return error
        } catch {
            return nil
        }
    }

    @Test func aTapOrAddKeepsItsTagsSortedEachOnce() throws {
        #expect(try event(.tap, tags: ["gym", "friends", "gym"]).tags.map(\.name) == ["friends", "gym"])
        #expect(try event(.add, old: 3, new: 9, tags: ["운동", "Work"]).tags.map(\.name) == ["work", "운동"])
        #expect(try event(.tap, tags: []).tags.isEmpty)
    }

    @Test func onlyATapOrAddHasTags() {
        #expect(refusal { try event(.reset, new: 0, tags: ["gym"]) } == .tagsUnexpected(.reset))
        #expect(refusal { try event(.undo, old: 4, new: 3, tags: ["gym"]) } == .tagsUnexpected(.undo))
        #expect(refusal { try event(.redo, tags: ["gym"]) } == .tagsUnexpected(.redo))
        #expect(refusal { try event(.reset, new: 0, tags: []) } == nil)
    }

    @Test func atMostSixteenTags() {
        #expect(refusal { try event(.tap, tags: (1...16).map { "t\($0)" }) } == nil)
        #expect(refusal { try event(.tap, tags: (1...17).map { "t\($0)" }) } == .tooManyTags(17))
    }
}
