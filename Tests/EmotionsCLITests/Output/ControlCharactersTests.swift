@testable import EmotionsCLI
import Testing

@Suite struct ControlCharactersTests {
    @Test(arguments: [
        (0x00, #"\u{00}"#), (0x07, #"\u{07}"#), (0x09, #"\u{09}"#), (0x0A, #"\u{0A}"#), (0x1B, #"\u{1B}"#),
        (0x1F, #"\u{1F}"#), (0x7F, #"\u{7F}"#), (0x80, #"\u{80}"#), (0x9B, #"\u{9B}"#), (0x9F, #"\u{9F}"#),
        (0x202A, #"\u{202A}"#), (0x202E, #"\u{202E}"#), (0x2066, #"\u{2066}"#), (0x2069, #"\u{2069}"#),
        // Marks, separators and invisible joiners, which reorder or split what a message shows.
        (0x061C, #"\u{61C}"#), (0x200B, #"\u{200B}"#), (0x200E, #"\u{200E}"#), (0x200F, #"\u{200F}"#),
        (0x2028, #"\u{2028}"#), (0x2029, #"\u{2029}"#), (0x2060, #"\u{2060}"#), (0xFEFF, #"\u{FEFF}"#),
        (0xAD, #"\u{AD}"#), (0xE0041, #"\u{E0041}"#),
    ])
    func eachControlIsWrittenAsItsCodePoint(value: UInt32, shown: String) throws {
        let scalar = try #require(Unicode.Scalar(value))
        expect(ControlCharacters.escaped(in: "a" + String(scalar) + "b"), equals: "a" + shown + "b")
    }

    @Test(arguments: [0x20, 0x7E, 0xA0, 0xAE, 0xE0080, 0x061B, 0x200A, 0x2027, 0x202F, 0x206A, 0xFEFE, 0x1F604, 0xFE0F])
    func theirNeighboursAreLeftAsTheyAre(value: UInt32) throws {
        let text = "a" + String(try #require(Unicode.Scalar(value))) + "b"
        expect(ControlCharacters.escaped(in: text), equals: text)
    }

    @Test func textWithoutControlsIsUnchangedBackslashesIncluded() {
        for text in ["", "happy: 0 → 1", #"C:\mood\u{1B}.json"#, "😄 완전행복", "e\u{301}"] {
            expect(ControlCharacters.escaped(in: text), equals: text)
        }
    }

    @Test func everyScalarOfACarriageReturnAndNewlineIsEscaped() {
        expect(ControlCharacters.escaped(in: "a\r\nb"), equals: #"a\u{0D}\u{0A}b"#)
        expect(ControlCharacters.escaped(in: "\u{1B}[2J\u{1B}]0;title\u{07}"), equals: #"\u{1B}[2J\u{1B}]0;title\u{07}"#)
    }

    @Test func aQuotedTextEscapesItsBackslashesAndQuotesSoNoSpelledEscapeLooksLikeAControl() {
        expect(ControlCharacters.quoted("plain"), equals: #""plain""#)
        expect(ControlCharacters.quoted(#"a\u{202E}b"#), equals: #""a\\u{202E}b""#)
        expect(ControlCharacters.quoted("a\u{202E}b"), equals: #""a\u{202E}b""#)
        expect(ControlCharacters.quoted(#"say "hi""#), equals: #""say \"hi\"""#)
        expect(ControlCharacters.quoted(""), equals: #""""#)
    }
}
