import EmotionKit
import Testing

@Suite struct TallyDocumentTests {
    private func document(_ text: String) throws -> TallyDocument {
        try TallyDocument(parsing: Array(text.utf8))
    }

    private func problem(_ text: String) -> DataFileProblem? {
        do {
            _ = try TallyDocument(parsing: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyObjectIsAnEmptyTally() throws {
        try expect(document("{}"), equals: TallyDocument())
        try expect(document("{}").tally, equals: Tally())
    }

    @Test func aNewDocumentIsVersionOneWithAllFiveCounts() {
        let text = String(decoding: TallyDocument().serialized(), as: UTF8.self)
        #expect(text == """
            {
              "version": 1,
              "counts": {
                "happy": 0,
                "smile": 0,
                "neutral": 0,
                "upset": 0,
                "sad": 0
              }
            }

            """)
    }

    @Test func readsCountsAndTreatsMissingOnesAsZero() throws {
        let tally = try document(#"{"version": 1, "counts": {"happy": 3, "sad": 2}}"#).tally
        expect(tally, equals: Tally(counts: [.happy: 3, .sad: 2]))
    }

    @Test func roundTripsThroughItsOwnOutput() throws {
        var original = TallyDocument()
        original.tally = try #require(Tally(counts: [.happy: 7, .neutral: Int.max - 7]))
        try expect(TallyDocument(parsing: original.serialized()), equals: original)
    }

    @Test func keepsUnknownKeysOnRewrite() throws {
        var parsed = try document(#"{"note": {"keep": [1.50, "x"]}, "counts": {"angry": 4, "happy": 1}, "version": 1}"#)
        try parsed.tally.apply(.tap(.happy))
        let text = String(decoding: parsed.serialized(), as: UTF8.self)
        #expect(text == """
            {
              "note": {"keep":[1.50,"x"]},
              "counts": {
                "happy": 2,
                "smile": 0,
                "neutral": 0,
                "upset": 0,
                "sad": 0,
                "angry": 4
              },
              "version": 1
            }

            """)
    }

    @Test func aCompactFileOfUnknownKeysDoesNotGrowWhenSaved() throws {
        // 400 KB of compact JSON, as another tool might add: pretty-printed, it became 1.4 MB, which the reader refused.
        let items = Array(repeating: #"{"a":[1,2,{"b":null}],"c":"d"}"#, count: 13_000).joined(separator: ",")
        let bytes = Array(#"{"version":1,"counts":{"happy":1,"extra":[\#(items)]},"log":[\#(items)]}"#.utf8)
        var parsed = try TallyDocument(parsing: bytes)
        try parsed.tally.apply(.tap(.happy))
        let saved = parsed.serialized()
        #expect(saved.count <= bytes.count + 100, "grew from \(bytes.count) to \(saved.count) bytes")
        try expect(TallyDocument(parsing: saved).tally[.happy], equals: 2)
        try expect(TallyDocument(parsing: saved).serialized(), equals: saved)
    }

    @Test(arguments: [
        (#"{"happy": "#, "not valid JSON"),
        ("[]", "an array where a JSON object was expected"),
        ("3", "a number where a JSON object was expected"),
        (#"{"version": "1"}"#, "\"version\" is \"1\", not a whole number"),
        (#"{"version": 2}"#, "version 2, newer than this emotions understands"),
        (#"{"version": 0}"#, "version 0"),
        (#"{"version": 99999999999999999999}"#, "version 99999999999999999999, newer than"),
        (#"{"version": 1.5}"#, "\"version\" is 1.5, not a whole number"),
        (#"{"version": -3}"#, "version -3"),
        (#"{"counts": []}"#, "\"counts\" is an array, not an object"),
        (#"{"counts": {"happy": "3"}}"#, "\"happy\" is \"3\", not a whole number"),
        (#"{"counts": {"happy": null}}"#, "\"happy\" is null, not a whole number"),
        (#"{"counts": {"happy": 1.5}}"#, "\"happy\" is 1.5, not a whole number"),
        (#"{"counts": {"happy": 1e3}}"#, "\"happy\" is 1e3, not a whole number"),
        (#"{"counts": {"sad": 9223372036854775808}}"#, "\"sad\" is 9223372036854775808, not a whole number"),
        (#"{"counts": {"sad": -1}}"#, "\"sad\" is -1, below zero"),
        (#"{"counts": {"happy": 9223372036854775807, "sad": 1}}"#, "add up to more than"),
        (#"{"counts": {"happy": 1, "happy": 2}}"#, "appears twice"),
    ])
    func refusesFilesThatAreNotOurs(text: String, expected: String) {
        let problem = problem(text)
        #expect(problem != nil)
        expect(problem?.description.contains(expected), equals: true, "\(String(describing: problem))")
    }

    @Test func refusesFilesOverTheSizeLimit() {
        let padding = String(repeating: " ", count: TallyDocument.sizeLimit)
        expect(problem("{}" + padding), equals: .tooLarge(limit: TallyDocument.sizeLimit))
    }

    @Test func aMissingVersionIsWrittenFirst() throws {
        let text = String(decoding: try document(#"{"counts": {"sad": 1}}"#).serialized(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": 0,"))
    }

    @Test func unknownEmotionKeysMayHoldAnything() throws {
        try expect(document(#"{"counts": {"angry": "lots", "happy": 1}}"#).tally, equals: Tally(counts: [.happy: 1]))
    }
}
