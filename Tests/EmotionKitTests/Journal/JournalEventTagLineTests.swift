@testable import EmotionKit
import Foundation
import Testing

/// Tags in a journal line and an export line: written after the note, read back by every reader alike.
@Suite struct JournalEventTagLineTests {
    private static let id = "01B284J3D5Z6BJH74W6EJGCYC5"
    private static let at = "2016-11-23T08:24:16.549+00:00"

    /// A tap line with `tags` as written between `"tags":` and `,"seq"` (no key if `nil`).
    private static func tapLine(tags: String?, command: String = "tap", new: Int = 1, note: Bool = true) -> [UInt8] {
        var text = #"{"id":"\#(id)","at":"\#(at)","command":"\#(command)","emotion":"sad","old":0,"new":\#(new)"#
        if note { text += #","note":"long day""# }
        if let tags { text += #","tags":"# + tags }
        return Array((text + #","seq":1,"group":"\#(id)"}"#).utf8)
    }

    private func strictRefusal(_ line: [UInt8]) -> JournalLineError? {
        do {
            _ = try JournalEvent(line: line)
            return nil
        } catch {
            return error
        }
    }

    @Test func aLineWithTagsIsWrittenAfterTheNoteAndReadBackAlikeByEveryReader() throws {
        let event = try JournalEvent(
            sequence: 1, id: try #require(EventID(parsing: Self.id)), at: try Timestamp(rfc3339: Self.at), command: .tap,
            emotion: .sad, old: 0, new: 1, note: "long day", tags: [try EmotionKit.Tag("gym"), try EmotionKit.Tag("Friends"), try EmotionKit.Tag("운동")],
            group: try #require(EventID(parsing: Self.id)))
        let line = Array(event.jsonLine.utf8)
        expect(line, equals: Self.tapLine(tags: #"["friends","gym","운동"]"#))
        let strict = try JournalEvent(line: line)
        expect(strict, equals: event)
        expect(strict.tags.map(\.name), equals: ["friends", "gym", "운동"])
        try expect(JournalEvent(journalLine: line), equals: strict)
        // Read in place, as views do: the tags' bytes, and the tags they hold.
        var memo = FeltLine.DateMemo()
        let tags = line.withUnsafeBufferPointer { buffer -> [String]? in
            guard let felt = FeltLine(buffer, order: 7, day: &memo) else { return nil }
            let table = TagTable()
            table.collect(UnsafeBufferPointer(rebasing: buffer[felt.tags]))
            return table.line.map { table.names[$0].name }
        }
        expect(tags, equals: ["friends", "gym", "운동"])
    }

    @Test func theLongestTagsAndNoteStillMakeALineEveryReaderTakes() throws {
        // Sixteen tags of the most bytes a tag may hold, a note of the most bytes a note may hold,
        // and every key a tap may have: a line within the limit, read back alike.
        let tags = try "abcdefghijklmnop".map { letter in
            try EmotionKit.Tag(String(letter) + String(repeating: "\u{301}", count: (EmotionKit.Tag.byteLimit - 1) / 2))
        }
        let id = try #require(EventID(parsing: Self.id))
        let event = try JournalEvent(
            sequence: UInt64(Int64.max), id: id, at: try Timestamp(rfc3339: Self.at), recorded: try Timestamp(rfc3339: "2016-11-24T08:24:16.549+00:00"),
            command: .add, emotion: .sad, old: Int.max - 1, new: Int.max, note: String(repeating: "😀", count: JournalEvent.noteLimit),
            tags: tags, group: id, latest: try Timestamp(rfc3339: "2016-11-25T08:24:16.549+00:00"), eventsInCommand: 5, block: Int64.max)
        let line = Array(event.jsonLine.utf8)
        #expect(line.count <= JournalEvent.lineLimit, "\(line.count) bytes")
        try expect(JournalEvent(line: line), equals: event)
        try expect(JournalEvent(journalLine: line), equals: event)
    }

    @Test func aLineWithoutTagsHasNoneEverywhere() throws {
        let line = Self.tapLine(tags: nil)
        #expect(try JournalEvent(line: line).tags.isEmpty)
        #expect(try JournalEvent(journalLine: line).tags.isEmpty)
        var memo = FeltLine.DateMemo()
        expect(line.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo)?.tags.isEmpty }, equals: true)
    }

    @Test(arguments: [#"["gym","friends"]"#, #"["GYM","friends"]"#, #"[ "friends" , "gym" ]"#, #"["gym","friends","gym"]"#])
    func tagsInAnotherOrderOrCaseAreReadByTheStrictParserAsTheyWouldBeKept(tags: String) throws {
        let line = Self.tapLine(tags: tags)
        let strict = try JournalEvent(line: line)
        expect(strict.tags.map(\.name), equals: ["friends", "gym"])
        try expect(JournalEvent(journalLine: line), equals: strict)
        var memo = FeltLine.DateMemo()
        #expect(line.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) } == nil, "not the written form: left to the full parser")
    }

    @Test func aBadTagInALineIsRefusedAndNamed() {
        let line = Self.tapLine(tags: #"["gym","a.b"]"#)
        let error = strictRefusal(line)
        expect(error, equals: .badTag("a.b", .badCharacter("a.b", ".")))
        expect(error?.description.contains("a.b"), equals: true)
        expect((try? JournalEvent(journalLine: line)), equals: nil)
        expect(strictRefusal(Self.tapLine(tags: #"[""]"#)), equals: .badTag("", .empty))
        let long = String(repeating: "a", count: 33)
        expect(strictRefusal(Self.tapLine(tags: "[\"\(long)\"]")), equals: .badTag(long, .tooLong(long, characters: 33)))
        expect(strictRefusal(Self.tapLine(tags: #""gym""#)), equals: .wrongType(key: "tags", expected: "an array of tags", found: #""gym""#))
        expect(strictRefusal(Self.tapLine(tags: "[1]")), equals: .wrongType(key: "tags", expected: "an array of tags", found: "1"))
        let seventeen = "[" + (1...17).map { "\"t\(String(format: "%02d", $0))\"" }.joined(separator: ",") + "]"
        expect(strictRefusal(Self.tapLine(tags: seventeen)), equals: .invalidEvent(.tooManyTags(17)))
        expect(strictRefusal(Self.tapLine(tags: #"["gym"]"#, command: "reset", new: 0)), equals: .invalidEvent(.tagsUnexpected(.reset)))
        for bad in [line, Self.tapLine(tags: seventeen), Self.tapLine(tags: #"["gym"]"#, command: "reset", new: 0)] {
            var memo = FeltLine.DateMemo()
            #expect(bad.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) } == nil)
            expect((try? JournalEvent(journalLine: bad)), equals: nil)
        }
    }

    @Test func anExportLineWithTagsIsReadInPlaceAsTheStrictParserReadsIt() throws {
        let text = #"{"id": "\#(Self.id)", "at": "\#(Self.at)", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "note": "x", "tags": ["friends", "gym", "운동"]}"#
        let bytes = Array(text.utf8)
        let strict = try JournalEvent(members: try JournalEvent.fields(of: bytes), ofExport: true)
        expect(strict.tags.map(\.name), equals: ["friends", "gym", "운동"])
        #expect(bytes.withUnsafeBufferPointer { JournalEvent.fastParse(exportLine: $0) } == strict)
        try expect(JournalEvent(exportLine: bytes), equals: strict)
        let unsorted = Array(text.replacingOccurrences(of: #"["friends", "gym", "운동"]"#, with: #"["Gym", "friends", "운동"]"#).utf8)
        expect(unsorted.withUnsafeBufferPointer { JournalEvent.fastParse(exportLine: $0) }, equals: nil)
        try expect(JournalEvent(exportLine: unsorted), equals: strict)
    }
}
