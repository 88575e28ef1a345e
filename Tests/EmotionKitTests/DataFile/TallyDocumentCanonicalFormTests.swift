import EmotionKit
import Testing

/// The data file read in the form we write (`TallyDocument.canonicalContents`) against the same bytes
/// read by the JSON parser: the same document, the same file written back, the same error.
@Suite struct TallyDocumentCanonicalFormTests {
    /// A document with these counts (happy … sad) and journal position.
    private static func written(_ counts: [Int], journal: JournalPosition?) throws -> [UInt8] {
        var tally = Tally()
        for (emotion, count) in zip(Emotion.allCases, counts) {
            _ = try tally.apply(.add(count, to: emotion))
        }
        var document = TallyDocument(tally: tally)
        document.journal = journal
        return document.serialized()
    }

    /// What each reading gives: the document and the file it writes, or the problem.
    private static func outcomes(_ bytes: [UInt8]) -> (fast: Result<TallyDocument, DataFileProblem>, parsed: Result<TallyDocument, DataFileProblem>) {
        (Result { () throws(DataFileProblem) in try TallyDocument(parsing: bytes) },
         Result { () throws(DataFileProblem) in try TallyDocument(parsingAsJSON: bytes) })
    }

    private static let largest = 999_999_999_999_999_999  // 18 digits, the most the form reads.
    static let written: [(counts: [Int], journal: JournalPosition?)] = [
        ([0, 0, 0, 0, 0], nil),
        ([3, 1, 0, 2, 5], nil),
        ([3, 1, 0, 2, 5], JournalPosition(sequence: 0, bytes: 112, latest: 1_795_771_495_937)),
        ([7, 0, 12, 0, 1], JournalPosition(sequence: 41, bytes: 9_001, latest: -1)),
        ([largest, largest, largest, largest, largest],
         JournalPosition(sequence: UInt64(largest), bytes: Int64(largest), latest: -Int64(largest))),
        ([0, 0, 0, 0, 0], JournalPosition(sequence: 0, bytes: 0, latest: 0)),
    ]

    @Test(arguments: written)
    func aFileInTheFormWeWriteIsReadWithoutTheParserAsTheParserReadsIt(counts: [Int], journal: JournalPosition?) throws {
        let bytes = try Self.written(counts, journal: journal)
        let contents = try #require(TallyDocument.canonicalContents(of: bytes))
        expect(contents.tally, equals: (try TallyDocument(parsingAsJSON: bytes)).tally)
        expect(contents.journal, equals: journal)
        let fast = try TallyDocument(parsing: bytes)
        let parsed = try TallyDocument(parsingAsJSON: bytes)
        #expect(fast.tally == parsed.tally && fast.journal == parsed.journal)
        #expect(fast.serialized() == bytes && parsed.serialized() == bytes)
    }

    @Test(arguments: written)
    func aMemberAddedLaterGoesWhereItWentWhenTheParserReadTheFile(counts: [Int], journal: JournalPosition?) throws {
        let bytes = try Self.written(counts, journal: journal)
        let state = SyncState(folder: "/sync", name: "laptop")
        var fast = try TallyDocument(parsing: bytes)
        var parsed = try TallyDocument(parsingAsJSON: bytes)
        fast.sync = state
        parsed.sync = state
        expect(fast.serialized(), equals: parsed.serialized())
        fast.stoppedSync = state
        parsed.stoppedSync = state
        expect(fast.serialized(), equals: parsed.serialized())
        #expect(fast.stoppedSync == parsed.stoppedSync && fast.stoppedSync != nil)
        fast.sync = nil
        parsed.sync = nil
        fast.journal = nil
        parsed.journal = nil
        expect(fast.serialized(), equals: parsed.serialized())
    }

    @Test func theBenchmarksSeedFromPythonsJSONIsInTheForm() throws {
        // json.dumps({"version": 1, "counts": {...}}, indent=2) + "\n", as bench/run.py writes it.
        let seed = "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": 3,\n    \"smile\": 1,\n    \"neutral\": 0,\n    \"upset\": 2,\n    \"sad\": 5\n  }\n}\n"
        let contents = try #require(TallyDocument.canonicalContents(of: Array(seed.utf8)))
        #expect(contents.tally[.happy] == 3 && contents.tally[.sad] == 5 && contents.tally.total == 11 && contents.journal == nil)
    }

    /// Bytes a step away from the form, each of which the parser must read instead, to the same end.
    static let nearMisses: [String] = [
        "\"happy\": 3" => "\"happy\": 03",
        "\"happy\": 3" => "\"happy\": -0",
        "\"happy\": 3" => "\"happy\": -3",
        "\"happy\": 3" => "\"happy\": +3",
        "\"happy\": 3" => "\"happy\": 3.0",
        "\"happy\": 3" => "\"happy\": 3e2",
        "\"happy\": 3" => "\"happy\": 1000000000000000000",
        "\"happy\": 3" => "\"happy\": 9223372036854775807",
        "\"happy\": 3" => "\"happy\": 99999999999999999999",
        "\"happy\": 3" => "\"happy\": \"3\"",
        "\"happy\": 3" => "\"happy\":  3",
        "\"version\": 1" => "\"version\": 2",
        "\"version\": 1" => "\"version\": 0",
        "\"version\": 1" => "\"version\": 01",
        "\"sad\": 5" => "\"sad\": 5,\n    \"calm\": 4",
        "\"latest\": 1795771495937" => "\"latest\": -0",
        "\"latest\": 1795771495937" => "\"latest\": -9223372036854775808",
        "\"latest\": 1795771495937" => "\"latest\": --1",
        "\"seq\": 2" => "\"seq\": 9223372036854775807",
        "\"bytes\": 280" => "\"bytes\": -280",
        "\n}\n" => "\n}",
        "\n}\n" => "\n}\n\n",
        "\n}\n" => "\n}\nx",
        "\n}\n" => ",\n  \"note\": \"kept\"\n}\n",
        "\n" => "\r\n",
        "{" => "\u{FEFF}{",
    ]

    @Test(arguments: nearMisses)
    func aFileAStepAwayFromTheFormIsReadByTheParserToTheSameEnd(text: String) throws {
        let bytes = Array(text.utf8)
        #expect(!text.hasPrefix("missing"))
        #expect(TallyDocument.canonicalContents(of: bytes) == nil)
        let (fast, parsed) = Self.outcomes(bytes)
        switch (fast, parsed) {
        case let (.success(fast), .success(parsed)):
            #expect(fast.tally == parsed.tally && fast.journal == parsed.journal && fast.serialized() == parsed.serialized())
        case let (.failure(fast), .failure(parsed)):
            expect(fast, equals: parsed)
        default:
            Issue.record("read one way as \(fast), the other as \(parsed)")
        }
    }
}

/// The canonical file with a journal position, its first `old` replaced by `new`.
infix operator =>: ComparisonPrecedence
private func => (old: String, new: String) -> String {
    let file = "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": 3,\n    \"smile\": 1,\n    \"neutral\": 0,\n    \"upset\": 2,\n"
        + "    \"sad\": 5\n  },\n  \"journal\": {\"seq\": 2, \"bytes\": 280, \"latest\": 1795771495937}\n}\n"
    guard let range = file.range(of: old) else { return "missing \(old)" }
    return file.replacingCharacters(in: range, with: new)
}
