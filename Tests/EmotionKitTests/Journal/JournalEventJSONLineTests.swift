import EmotionKit
import Testing

@Suite struct JournalEventJSONLineTests {
    private static let exampleLine =
        #"{"id":"01KAT8FW5X6N3X9R2T4K7M1P0Z","at":"2026-11-23T21:04:05.123+09:00","command":"tap","emotion":"sad","old":3,"new":4,"note":"rough meeting","seq":12,"group":"01KAT8FW5X6N3X9R2T4K7M1P0Z"}"#

    private let fixedID: EventID

    init() throws {
        fixedID = try #require(EventID(parsing: "01KAT8FWZZ0000000000000000"))
    }

    private func read(_ line: String) throws(JournalLineError) -> JournalEvent {
        try JournalEvent(line: Array(line.utf8))
    }

    private func refusal(_ line: String) -> JournalLineError? {
        do {
            _ = try read(line)
            return nil
        } catch {
            return error
        }
    }

    /// The example line with `key`'s value text replaced, or the key removed when `value` is nil.
    private func example(_ key: String, _ value: String?) -> String {
        var members = JournalEventJSONLineTests.exampleLine.dropFirst().dropLast().split(separator: ",").map(String.init)
        guard let index = members.firstIndex(where: { $0.hasPrefix("\"" + key + "\":") }) else {
            return "{" + (members + ["\"" + key + "\":" + (value ?? "null")]).joined(separator: ",") + "}"
        }
        if let value {
            members[index] = "\"" + key + "\":" + value
        } else {
            members.remove(at: index)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test func theLineListsLogsKeysThenTheJournalsOwnInAFixedOrder() throws {
        let event = try read(JournalEventJSONLineTests.exampleLine)
        expect(event.jsonLine, equals: JournalEventJSONLineTests.exampleLine)
        expect(event.sequence, equals: 12)
        expect(event.at.millisecondsSinceEpoch, equals: 1_795_435_445_123)
        expect(event.at.offsetSeconds, equals: 9 * 3600)
        expect(event.note, equals: "rough meeting")
        expect(event.group, equals: event.id)

        let undo = try JournalEvent(
            sequence: 13, id: fixedID, at: try Timestamp(rfc3339: "2026-11-23T21:05:00.000+09:00"),
            command: .undo, emotion: .sad, old: 4, new: 3, group: fixedID, reverts: event.group)
        #expect(undo.jsonLine.hasSuffix(#","command":"undo","emotion":"sad","old":4,"new":3,"seq":13,"group":"01KAT8FWZZ0000000000000000","reverts":"01KAT8FW5X6N3X9R2T4K7M1P0Z"}"#))

        let backdated = try JournalEvent(
            sequence: 14, id: fixedID, at: try Timestamp(rfc3339: "2026-11-22T23:30:00.000+09:00"),
            recorded: try Timestamp(rfc3339: "2026-11-23T08:00:00.000+09:00"), command: .add, emotion: .happy,
            old: 0, new: 2, group: fixedID)
        #expect(backdated.jsonLine
            == #"{"id":"01KAT8FWZZ0000000000000000","at":"2026-11-22T23:30:00.000+09:00","command":"add","emotion":"happy","old":0,"new":2,"seq":14,"group":"01KAT8FWZZ0000000000000000","recorded":"2026-11-23T08:00:00.000+09:00"}"#)
        try expect(read(backdated.jsonLine), equals: backdated)
    }


    @Test func keysMayComeInAnyOrderWithSpacesAndUnknownKeysAreIgnored() throws {
        let expected = try read(JournalEventJSONLineTests.exampleLine)
        let shuffled = #"  { "seq" : 12, "group": "01KAT8FW5X6N3X9R2T4K7M1P0Z", "note": "rough meeting", "new": 4, "old": 3, "mood": {"x": [1]}, "emotion": "sad", "command": "tap", "at": "2026-11-23T12:04:05.123Z", "id": "01KAT8FW5X6N3X9R2T4K7M1P0Z", "version": 1 } "#
        let event = try read(shuffled)
        expect(event.at.millisecondsSinceEpoch, equals: expected.at.millisecondsSinceEpoch)
        expect(event.at.offsetSeconds, equals: 0)
        #expect(event.note == expected.note && event.sequence == expected.sequence && event.change == expected.change)
    }

    @Test(arguments: ["id", "at", "command", "emotion", "old", "new", "seq", "group"])
    func everyRequiredKeyIsNamedWhenMissing(key: String) {
        expect(refusal(example(key, nil)), equals: .missingKey(key))
    }

    @Test func wrongTypesHugeNumbersAndUnknownNamesAreNamed() {
        expect(refusal(example("old", #""3""#)), equals: .wrongType(key: "old", expected: "a whole number", found: #""3""#))
        expect(refusal(example("note", "null")), equals: .wrongType(key: "note", expected: "a string", found: "null"))
        expect(refusal(example("command", "1")), equals: .wrongType(key: "command", expected: "a string", found: "1"))
        expect(refusal(example("new", "4.0")), equals: .numberOutOfRange(key: "new", text: "4.0", range: "0 to \(Int.max)"))
        expect(refusal(example("new", "1e3")), equals: .numberOutOfRange(key: "new", text: "1e3", range: "0 to \(Int.max)"))
        expect(refusal(example("old", "99999999999999999999")), equals: .numberOutOfRange(
            key: "old", text: "99999999999999999999", range: "0 to \(Int.max)"))
        expect(refusal(example("seq", "18446744073709551616")), equals: .numberOutOfRange(
            key: "seq", text: "18446744073709551616", range: "1 to \(UInt64.max)"))
        expect(refusal(example("seq", "-1")), equals: .numberOutOfRange(key: "seq", text: "-1", range: "1 to \(UInt64.max)"))
        expect(refusal(example("seq", "0")), equals: .invalidEvent(.zeroSequence))
        expect(refusal(example("command", #""Tap""#)), equals: .unknownCommand("Tap"))
        expect(refusal(example("emotion", #""angry""#)), equals: .unknownEmotion("angry"))
        expect(refusal(example("emotion", #""veryHappy""#)), equals: .unknownEmotion("veryHappy"))
        #expect(refusal(example("id", #""01kat8fw5x6n3x9r2t4k7m1p0z""#))
            == .badID(key: "id", text: "01kat8fw5x6n3x9r2t4k7m1p0z"))
        expect(refusal(example("reverts", #""x""#)), equals: .badID(key: "reverts", text: "x"))
        expect(refusal(example("version", "3")), equals: .unknownVersion(found: "3"))
        expect(refusal(example("version", "2")), equals: nil)
        expect(refusal(example("version", #""1""#)), equals: .unknownVersion(found: #""1""#))
        expect(refusal(example("version", "1")), equals: nil)
    }

    @Test func badTimesNegativeCountsAndControlCharactersInNotesAreNamed() {
        #expect(refusal(example("at", #""2026-11-23T25:04:05.123+09:00""#))
            == .badTime(key: "at", .noSuchTime("2026-11-23T25:04:05.123+09:00")))
        expect(refusal(example("recorded", #""yesterday""#)), equals: .badTime(key: "recorded", .malformed("yesterday")))
        expect(refusal(example("old", "-3")), equals: .invalidEvent(.negativeCount(key: "old", -3)))
        expect(refusal(example("note", #""bell\u0007""#)), equals: .invalidEvent(.noteControlCharacter(7, position: 5)))
        expect(refusal(example("reverts", #""01KAT8FW5X6N3X9R2T4K7M1P0Z""#)), equals: .invalidEvent(.revertsUnexpected(.tap)))
    }

    @Test func whatIsNotOneJSONObjectOfBoundedLengthIsRefusedBeforeItIsRead() {
        expect(refusal("[1]"), equals: .notAnObject(found: "an array"))
        #expect(refusal(#"{"id":"#) != nil)
        if case .invalidJSON = refusal(#"{"seq":1,"seq":2}"#) {} else { Issue.record("a repeated key was read") }
        expect(refusal("{\n}"), equals: .holdsNewline)
        #expect(refusal(String(repeating: " ", count: JournalEvent.lineLimit + 1))
            == .tooLong(bytes: JournalEvent.lineLimit + 1))
        let longNote = example("note", "\"" + String(repeating: "\\u0080", count: 1000) + "\"")
        #expect(longNote.utf8.count <= JournalEvent.lineLimit)
        expect(refusal(longNote), equals: .invalidEvent(.noteControlCharacter(0x80, position: 1)))
    }

    @Test func errorsQuoteWhatTheyFoundAsJSON() {
        #expect(JournalLineError.unknownEmotion("\u{1B}[2J").description
            == #"its "emotion" is "\u001b[2J", not one of happy, smile, neutral, upset, sad"#)
        #expect(JournalLineError.badTime(key: "at", .malformed("x")).description
            == #"its "at": "x" is not a time of the form 2026-11-23T21:04:05.123+09:00"#)
    }

    @Test func randomEventsAreOneLineOfValidJSONThatReadsBackTheSame() throws {
        var generator = SeededGenerator(seed: 0x6A6F_7572_6E61_6C)
        let awkward: [Unicode.Scalar] = [
            "\"", "\\", "/", "é", "\u{301}", "😄", "\u{2028}", "\u{202E}", "\u{200D}", "\u{FEFF}", "\u{10FFFF}", "한", " ",
        ]
        for index in 0..<2000 {
            let command = generator.pick(JournalCommand.allCases)
            var old = generator.chance(0.1) ? Int.max - 1 : Int.random(in: 0...1000, using: &generator)
            var new: Int
            switch command {
            case .tap: new = old + 1
            case .reset:
                old = max(old, 1)
                new = 0
            case .add, .undo, .redo:
                new = generator.chance(0.05) ? Int.max : Int.random(in: 0...1000, using: &generator)
                if new == old { new = old == 0 ? 1 : 0 }
            }
            let offset = Int32.random(in: -18 * 60...18 * 60, using: &generator) * 60
            let milliseconds = Int64.random(in: -2_000_000_000_000...253_000_000_000_000, using: &generator)
            let at = try Timestamp(millisecondsSinceEpoch: milliseconds, offsetSeconds: offset)
            var note: String?
            if generator.chance(0.5) {
                var text = ""
                for _ in 0..<Int.random(in: 1...40, using: &generator) {
                    if generator.chance(0.3) {
                        text.unicodeScalars.append(generator.pick(awkward))
                    } else if let scalar = Unicode.Scalar(UInt32.random(in: 0xA0...0x10FFFF, using: &generator)) {
                        text.unicodeScalars.append(scalar)
                    } else {
                        text += "x"
                    }
                }
                note = text
            }
            let recorded = (command == .tap || command == .add) && generator.chance(0.3)
                ? try Timestamp(
                    millisecondsSinceEpoch: milliseconds + Int64.random(in: 1...100_000_000, using: &generator),
                    offsetSeconds: generator.chance(0.5) ? offset : 0)
                : nil
            let id = EventID(recordedAt: milliseconds, using: &generator)
            let event = try JournalEvent(
                sequence: generator.chance(0.05) ? UInt64.max : UInt64.random(in: 1...1_000_000, using: &generator),
                id: id, at: at, recorded: recorded, command: command, emotion: generator.pick(Emotion.allCases),
                old: old, new: new, note: note,
                group: generator.chance(0.7) ? id : EventID(recordedAt: milliseconds, using: &generator),
                reverts: command.isReverting ? EventID(recordedAt: milliseconds, using: &generator) : nil,
                block: generator.chance(0.2) ? Int64.random(in: 0...Int64.max, using: &generator) : nil)

            let line = event.jsonLine
            let bytes = Array(line.utf8)
            #expect(!bytes.contains(0x0A) && !bytes.contains(0x0D), "event \(index)")
            expect(String(validating: bytes, as: UTF8.self), equals: line, "event \(index)")
            #expect(throws: Never.self, "event \(index)") { try JSONParser.parse(bytes) }
            try expect(JournalEvent(line: bytes), equals: event, "event \(index): \(line)")
            try expect(JournalEvent(journalLine: bytes), equals: event, "event \(index), read the fast way: \(line)")
        }
    }

    @Test func mutatedLinesAreReadOrRefusedNeverATrap() {
        var generator = SeededGenerator(seed: 13)
        let seed = Array(JournalEventJSONLineTests.exampleLine.utf8)
        let pieces = ["99999999999999999999999", "-1", "1e400", "\\u0000", "\"", ",", "}", "{", "null", "0", "\u{FEFF}"]
        var read = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                if generator.chance(0.5) {
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                } else {
                    bytes.insert(contentsOf: Array(generator.pick(pieces).utf8), at: index)
                }
            }
            // The fast reader of `jsonLine`'s form and the strict JSON reader agree on every line.
            expect((try? JournalEvent(journalLine: bytes)), equals: (try? JournalEvent(line: bytes)), "\(String(decoding: bytes, as: UTF8.self))")
            if let event = try? JournalEvent(line: bytes) {
                read += 1
                #expect(throws: Never.self) { try JournalEvent(line: Array(event.jsonLine.utf8)) }
            }
        }
        #expect(read < 3000)
    }
}
