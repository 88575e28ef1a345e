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
        expect(added.delta, equals: -7)
        expect(added.change, equals: Change(emotion: .sad, old: 10, new: 3))
        try expect(event(old: 0, new: 1).delta, equals: 1)
        try expect(event(command: .add, old: 0, new: Int.max).delta, equals: Int.max)
        try expect(event(command: .add, old: Int.max, new: 0).delta, equals: -Int.max)
    }

    @Test func refusesCountsAndCommandsThatDisagree() {
        expect(refusal { try event(sequence: 0) }, equals: .zeroSequence)
        expect(refusal { try event(command: .add, old: -1, new: 2) }, equals: .negativeCount(key: "old", -1))
        expect(refusal { try event(command: .add, old: 1, new: -2) }, equals: .negativeCount(key: "new", -2))
        expect(refusal { try event(command: .add, old: 4, new: 4) }, equals: .noChange(count: 4))
        expect(refusal { try event(command: .tap, old: 3, new: 5) }, equals: .tapNotByOne(old: 3, new: 5))
        expect(refusal { try event(command: .tap, old: 3, new: 2) }, equals: .tapNotByOne(old: 3, new: 2))
        expect(refusal { try event(command: .reset, old: 3, new: 1) }, equals: .resetNotToZero(new: 1))
        expect(refusal { try event(command: .reset, old: 3, new: 0) }, equals: nil)
    }

    @Test func onlyUndoAndRedoRevertAndTheyMustSayWhat() {
        expect(refusal { try event(command: .undo, old: 4, new: 3) }, equals: .revertsMissing(.undo))
        expect(refusal { try event(command: .redo, old: 3, new: 4) }, equals: .revertsMissing(.redo))
        expect(refusal { try event(command: .undo, old: 4, new: 3, reverts: other) }, equals: nil)
        expect(refusal { try event(command: .tap, reverts: other) }, equals: .revertsUnexpected(.tap))
        expect(refusal { try event(command: .reset, old: 3, new: 0, reverts: other) }, equals: .revertsUnexpected(.reset))
    }

    @Test func onlyABackdatedTapOrAddKeepsItsRecordingTimeWhichIsLater() throws {
        let later = try at("2026-11-24T08:00:00.000+09:00")
        try expect(event(recorded: later).recorded, equals: later)
        try expect(event(command: .add, old: 1, new: 9, recorded: later).recorded, equals: later)
        expect(refusal { try event(command: .reset, old: 3, new: 0, recorded: later) }, equals: .recordedUnexpected(.reset))
        #expect(refusal { try event(command: .undo, old: 4, new: 3, reverts: other, recorded: later) }
            == .recordedUnexpected(.undo))
        expect(refusal { try event(recorded: try at()) }, equals: .recordedNotLater)
        expect(refusal { try event(recorded: try at("2026-11-23T12:04:05.123Z")) }, equals: .recordedNotLater)
        expect(refusal { try event(recorded: try at("2026-11-23T21:04:05.122+09:00")) }, equals: .recordedNotLater)
    }

    @Test func aNoteIsOneToAThousandScalarsWithLineBreaksButNoOtherControlCharacters() {
        expect(refusal { try event(note: "rough meeting 😢 👨‍👩‍👧 \u{202E}é") }, equals: nil)
        expect(refusal { try event(note: String(repeating: "😢", count: 1000)) }, equals: nil)
        expect(refusal { try event(note: String(repeating: "a", count: 1001)) }, equals: .noteTooLong(scalars: 1001))
        expect(refusal { try event(note: "") }, equals: .emptyNote)
        expect(refusal { try event(note: "two\nlines") }, equals: nil)
        expect(refusal { try event(note: "title\n\nbody") }, equals: nil)
        expect(refusal { try event(note: "two\r\nlines") }, equals: .noteControlCharacter(0x0D, position: 4))
        expect(refusal { try event(note: "two\rlines") }, equals: .noteControlCharacter(0x0D, position: 4))
        expect(refusal { try event(note: "\u{1B}[2J") }, equals: .noteControlCharacter(0x1B, position: 1))
        expect(refusal { try event(note: "ab\u{7F}") }, equals: .noteControlCharacter(0x7F, position: 3))
        expect(refusal { try event(note: "\u{9B}2J") }, equals: .noteControlCharacter(0x9B, position: 1))
        expect(refusal { try event(note: "tab\there") }, equals: .noteControlCharacter(0x09, position: 4))
    }

    @Test func carriageReturnsBecomeLineFeedsWhateverSystemTheNoteCameFrom() {
        expect(JournalEvent.note(withLineFeeds: "a\r\nb\rc\nd"), equals: "a\nb\nc\nd")
        expect(JournalEvent.note(withLineFeeds: "a\r\r\nb"), equals: "a\n\nb")
        expect(JournalEvent.note(withLineFeeds: "plain"), equals: "plain")
        expect(JournalEvent.note(withLineFeeds: "end\r"), equals: "end\n")
    }

    @Test func errorsNameThePartOfTheEvent() {
        #expect(JournalEventError.noteControlCharacter(0x1B, position: 1).description
            == #"its "note" holds the control character U+001B at character 1"#)
        expect(JournalEventError.revertsMissing(.undo).description, equals: #"it is an undo without "reverts""#)
        expect(JournalEventError.negativeCount(key: "old", -1).description, equals: #"its "old" is -1, below zero"#)
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
        try expect(event(.tap, tags: ["gym", "friends", "gym"]).tags.map(\.name), equals: ["friends", "gym"])
        try expect(event(.add, old: 3, new: 9, tags: ["운동", "Work"]).tags.map(\.name), equals: ["work", "운동"])
        #expect(try event(.tap, tags: []).tags.isEmpty)
    }

    @Test func onlyATapOrAddHasTags() {
        expect(refusal { try event(.reset, new: 0, tags: ["gym"]) }, equals: .tagsUnexpected(.reset))
        expect(refusal { try event(.undo, old: 4, new: 3, tags: ["gym"]) }, equals: .tagsUnexpected(.undo))
        expect(refusal { try event(.redo, tags: ["gym"]) }, equals: .tagsUnexpected(.redo))
        expect(refusal { try event(.reset, new: 0, tags: []) }, equals: nil)
    }

    @Test func atMostSixteenTags() {
        expect(refusal { try event(.tap, tags: (1...16).map { "t\($0)" }) }, equals: nil)
        expect(refusal { try event(.tap, tags: (1...17).map { "t\($0)" }) }, equals: .tooManyTags(17))
    }
}
