import EmotionKit
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#)
        expect(value, equals: .object([
            ("a", .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("x")])),
            ("b", .object([])),
        ]))
    }

    @Test func keepsKeyOrderAndNumberText() throws {
        let value = try parse(#"{"z": 1.50, "a": 100000000000000000000000}"#)
        guard case let .object(members) = value else {
            Issue.record("not an object")
            return
        }
        expect(members.map(\.key), equals: ["z", "a"])
        expect(value["z"], equals: .number("1.50"))
        expect(value["a"], equals: .number("100000000000000000000000"))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        try expect(parse(#""a\"b\\c\/d\b\f\n\r\t""#), equals: .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        try expect(parse(#""\u00e9\uD83D\uDE04""#), equals: .string("é😄"))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a: 1}", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00\"", "[1 2]", "{} {}", "NaN",
        "\"tab\there\"", "'single'",
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(error(text) != nil)
    }

    @Test func refusesDuplicateKeys() {
        let failure = error(#"{"happy": 1, "happy": 2}"#)
        expect(failure?.reason.contains("appears twice"), equals: true)
    }

    @Test(arguments: [
        (#"{"a\u001b[2Jb": 1, "a\u001b[2Jb": 2}"#, #"the key "a\u001b[2Jb" appears twice in one object"#),
        (#"{"1\n2": 1, "1\n2": 2}"#, #"the key "1\n2" appears twice in one object"#),
        (#"{"\u009b2J\u007f": 1, "\u009b2J\u007f": 2}"#, #"the key "\u009b2J\u007f" appears twice in one object"#),
        (#"{"happy": 1, "happy": 2}"#, #"the key "happy" appears twice in one object"#),
    ])
    func quotesARepeatedKeyAsJSONSoThatNoControlCharacterReachesTheTerminal(text: String, reason: String) {
        expect(error(text)?.reason, equals: reason)
    }

    @Test(arguments: [2, 15, 16, 17, 40])
    func findsARepeatedKeyAmongFewOrManyKeys(count: Int) {
        // Below JSONParser.keysSearchedInOrder keys are compared one by one, from there on in a set.
        let keys = (0..<count).map { "\"k\($0)\": \($0)" }
        #expect(error("{" + keys.joined(separator: ", ") + ", \"k\(count - 1)\": 0}")?.reason
            == "the key \"k\(count - 1)\" appears twice in one object")
        expect(error("{" + keys.joined(separator: ", ") + ", \"k0\": 0}")?.reason, equals: "the key \"k0\" appears twice in one object")
        expect(error("{" + keys.joined(separator: ", ") + "}"), equals: nil)
    }

    @Test func keysThatDifferOnlyInUnicodeNormalisationAreDifferentKeys() throws {
        let value = try parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        guard case let .object(members) = value else {
            Issue.record("not an object")
            return
        }
        expect(members.count, equals: 2)
        expect(Array(value.serialized().utf8).count, equals: Array(try parse(value.serialized()).serialized().utf8).count)
    }

    @Test func refusesAByteOrderMark() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) }
    }

    @Test func refusesInvalidUTF8InStrings() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("\"".utf8) + [0xFF, 0xFE] + Array("\"".utf8)) }
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expect(error(deep)?.reason.contains("nest deeper"), equals: true)
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        expect(error(allowed), equals: nil)
    }

    /// A control is written as every message of ours writes one, `\u{1B}`; a character that starts no
    /// UTF-8 sequence as its byte; any other as it is.
    @Test func errorsShowTheCharacterFoundWithTheHouseEscapes() {
        expect(error("\u{1B}[2J")?.reason, equals: #"unexpected character '\u{1B}' where a value was expected"#)
        expect(error("\t\u{7}")?.reason, equals: #"unexpected character '\u{07}' where a value was expected"#)
        expect(error("[1 \u{202E}]")?.reason, equals: #"expected ',' or ']' but found character '\u{202E}'"#)
        expect(error("{\"a\": 1} é")?.reason, equals: "unexpected character 'é' after the end of the JSON value")
        expect(error(#"["\q"]"#)?.reason, equals: "unknown escape: a backslash before the character 'q'")
        let invalid: JSONSyntaxError?
        do {
            _ = try JSONParser.parse([0x5B, 0xFF, 0x5D])
            invalid = nil
        } catch {
            invalid = error
        }
        expect(invalid?.reason, equals: "unexpected byte 0xFF where a value was expected")
    }

    @Test func errorsGiveTheLineAndColumn() {
        let failure = error("{\n  \"happy\": 1,\n  \"sad\": x\n}")
        expect(failure?.line, equals: 3)
        expect(failure?.column, equals: 10)
        expect(failure?.description.contains("(line 3, column 10)"), equals: true)
    }

    @Test func aBadUnicodeEscapeIsToldAtItsFirstByteThatIsNoDigit() {
        let failure = error(#""\u12G4""#)
        expect(failure?.reason, equals: "a \\u escape needs four hexadecimal digits")
        expect(failure?.column, equals: 6, "the G, after 1 and 2")
        expect(error(#""\u12""#)?.column, equals: 6, "the end of the text, after 1 and 2")
    }

    @Test func serializingAndParsingAgainGivesTheSameValue() throws {
        let value = try parse(#"{"a": [1, {"b": "é\n\"\u0001"}], "c": null, "d": [], "e": {}}"#)
        try expect(JSONParser.parse(Array(value.serialized().utf8)), equals: value)
        try expect(JSONParser.parse(Array(value.serialized(pretty: false).utf8)), equals: value)
    }

    @Test func stringsAreWrittenAsTheyAreUnlessACharacterMustBeEscaped() {
        expect(JSONValue.string("/home/me/Sync/émotions 😀").minimalText, equals: "\"/home/me/Sync/émotions 😀\"")
        expect(JSONValue.string("a\"b\\c").minimalText, equals: #""a\"b\\c""#)
        expect(JSONValue.string("tab\there\u{7F}").minimalText, equals: #""tab\there\u007f""#)
        expect(JSONValue.string("C1 \u{85}\u{9B} and ¡ü").minimalText, equals: #""C1 \u0085\u009b and ¡ü""#)
    }

    @Test func oneLineOutputHasASpaceAfterColonsAndCommas() {
        let value = JSONValue.object([("emotion", .string("happy")), ("old", .integer(3)), ("new", .integer(4))])
        expect(value.serialized(pretty: false), equals: #"{"emotion": "happy", "old": 3, "new": 4}"#)
    }

    @Test func integerValueIsOnlyForWholeNumbersThatFit() {
        expect(JSONValue.number("42").integerValue, equals: 42)
        expect(JSONValue.number("-0").integerValue, equals: 0)
        expect(JSONValue.number("1.0").integerValue, equals: nil)
        expect(JSONValue.number("1e2").integerValue, equals: nil)
        expect(JSONValue.number("9223372036854775808").integerValue, equals: nil)
        expect(JSONValue.string("1").integerValue, equals: nil)
    }
}
