@testable import EmotionKit
import Testing

@Suite struct JournalLineCursorTests {
    /// The note the cursor reads from `quoted`'s text after its opening quote, and whether it ended
    /// just past the closing quote.
    private func cursorNote(_ quoted: [UInt8]) -> String? {
        Array(quoted.dropFirst()).withUnsafeBufferPointer { buffer in
            var cursor = JournalLineCursor(bytes: buffer)
            guard let note = cursor.note(), cursor.isAtEnd else { return nil }
            return note
        }
    }

    /// The string the strict parser reads from `quoted`, a JSON string with its quotes.
    private func strictNote(_ quoted: [UInt8]) -> String? {
        guard case let .string(text)? = try? JSONParser.parse(quoted) else { return nil }
        return text
    }

    /// A journal line holding `note` as written (its JSON text, without the quotes).
    private func line(note: String) -> String {
        #"{"id":"01B284J3D5Z6BJH74W6EJGCYC5","at":"2016-11-23T08:24:16.549+00:00","command":"tap","emotion":"sad","old":0,"new":1,"note":""#
            + note + #"","seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#
    }

    @Test(arguments: [
        #"a \"quoted\" word"#, #"back\\slash"#, #"a\/b"#, #"caf\u00e9"#, #"CAF\u00C9"#, #"smile \ud83d\ude00"#,
        #"\uD83D\uDE00 and \u2603"#, #"tab\there"#, #"\u0000"#, #"\n"#, #"\u007f"#, #"\"\\\/\b\f\n\r\t"#,
    ])
    func anEscapedStringReadsAsTheStrictParserReadsIt(text: String) {
        let quoted = Array(("\"" + text + "\"").utf8)
        #expect(strictNote(quoted) != nil)
        expect(cursorNote(quoted), equals: strictNote(quoted), "\(text)")
    }

    @Test(arguments: [
        #"\ud83d"#, #"\ude00"#, #"\ud83dx"#, #"\ud83d\u0041"#, #"\ud83d\n"#, #"\x"#, #"\u12G4"#, #"\u12"#, #"\"#,
        #"\U00e9"#, "raw\ttab", "raw\u{1}",
    ])
    func aStringTheStrictParserRefusesIsRefused(text: String) {
        let quoted = Array(("\"" + text + "\"").utf8)
        expect(strictNote(quoted), equals: nil, "\(text)")
        expect(cursorNote(quoted), equals: nil, "\(text)")
    }

    @Test func randomNotesEscapedEveryWayReadAsTheStrictParserReadsThem() {
        var generator = SeededGenerator(seed: 23)
        let pieces: [Unicode.Scalar] = ["a", "\"", "\\", "/", "é", "😀", "\u{2028}", "\u{FFFF}", "\u{1}", "\u{7F}", "\u{10FFFF}", " "]
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let scalar = generator.pick(pieces)
                switch Int.random(in: 0...2, using: &generator) {
                case 0 where scalar.value >= 0x20 && scalar != "\"" && scalar != "\\": text.unicodeScalars.append(scalar)
                case 1 where scalar.value > 0xFFFF:
                    let value = scalar.value - 0x10000
                    text += "\\u" + hex(0xD800 + (value >> 10), upper: generator.chance(0.5)) + "\\u" + hex(0xDC00 + (value & 0x3FF), upper: false)
                default:
                    text += scalar.value > 0xFFFF ? String(String(scalar)) : "\\u" + hex(scalar.value, upper: generator.chance(0.5))
                }
            }
            let quoted = Array(("\"" + text + "\"").utf8)
            #expect(strictNote(quoted) != nil, "\(text)")
            expect(cursorNote(quoted), equals: strictNote(quoted), "\(text)")
        }
    }

    /// `value` as four hexadecimal digits.
    private func hex(_ value: UInt32, upper: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: upper)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    @Test(arguments: [#"a \"quoted\" word"#, #"caf\u00e9"#, #"\ud83d\ude00"#, #"back\\slash"#])
    func aLineWithAnEscapedNoteIsReadInPlaceAndByTheCursorAsTheStrictParserReadsIt(note: String) throws {
        let bytes = Array(line(note: note).utf8)
        let strict = try JournalEvent(line: bytes)
        try expect(JournalEvent(journalLine: bytes), equals: strict)
        var memo = FeltLine.DateMemo()
        expect(bytes.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) }?.emotion, equals: .sad)
        // Read by the cursor itself, not left to the strict parser: the note the cursor reads is the event's.
        let start = Array(line(note: "").utf8).count - #"","seq":1,"group":"01B284J3D5Z6BJH74W6EJGCYC5"}"#.utf8.count
        let read = bytes.withUnsafeBufferPointer { buffer in
            var cursor = JournalLineCursor(bytes: buffer)
            cursor.index = start
            return cursor.note()
        }
        expect(read, equals: strict.note)
    }

    @Test(arguments: [#"\u0000"#, #"a\rb"#, #"a\tb"#, #"\u007f"#, #"\u009b"#, #"\ud83d"#, #"\ude00x"#, #"\q"#, #"\u00e"#])
    func aLineWithAnEscapedNoteTheEventRefusesIsRefusedEverywhere(note: String) {
        let bytes = Array(line(note: note).utf8)
        expect((try? JournalEvent(line: bytes)), equals: nil, "\(note)")
        expect((try? JournalEvent(journalLine: bytes)), equals: nil, "\(note)")
        var memo = FeltLine.DateMemo()
        #expect(bytes.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) } == nil, "\(note)")
    }
}
