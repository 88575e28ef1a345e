import EmotionKit
import Foundation
import Testing

/// Files in the form we write, changed a byte at a time, with edge numbers in every field, cut short,
/// run on and zeroed, each read by `TallyDocument(parsing:)` (the form read without the parser where
/// it can be) and by the JSON parser alone: the same document, the same file written back, before and
/// after each edit a store makes, or the same problem.
@Suite struct CanonicalFormMutationTests {
    /// A file in the form we write with these counts (happy … sad) and journal position.
    private static func written(_ counts: [Int], _ journal: JournalPosition?) -> [UInt8] {
        var tally = Tally()
        for (emotion, count) in zip(Emotion.allCases, counts) {
            _ = try? tally.apply(.add(count, to: emotion))
        }
        var document = TallyDocument(tally: tally)
        document.journal = journal
        return document.serialized()
    }

    /// The files mutated: no journal, a usual one, the journal's first position (its `latest` of
    /// 19 digits is not in the form, a digit less is), and numbers at the form's 18 digits.
    static let bases: [[UInt8]] = [
        written([3, 1, 0, 2, 5], nil),
        written([3, 1, 0, 2, 5], JournalPosition(sequence: 2, bytes: 280, latest: 1_795_771_495_937)),
        written([0, 0, 0, 0, 0], JournalPosition(sequence: 0, bytes: 112, latest: JournalPosition.nothingRecorded)),
        written(
            [922_337_203_685_477_580, 10, 0, 999_999_999_999_999_999, 7],
            JournalPosition(sequence: 999_999_999_999_999_999, bytes: 100_000_000_000_000_000, latest: -999_999_999_999_999_999)),
    ]

    /// What each byte is replaced with.
    static let replacements: [UInt8] = Array("09- \n\"}".utf8) + [0]

    /// Every file a byte away from `base`: each byte left out, written twice, or replaced; in a
    /// number, only its first two and last two digits, as those between are read alike.
    static func mutations(of base: [UInt8]) -> [[UInt8]] {
        func isDigit(_ index: Int) -> Bool { base.indices.contains(index) && (48...57).contains(base[index]) }
        var mutations: [[UInt8]] = []
        for index in base.indices where !(isDigit(index - 2) && isDigit(index + 2)) {
            var deleted = base
            deleted.remove(at: index)
            var doubled = base
            doubled.insert(base[index], at: index)
            mutations += [deleted, doubled]
            for byte in replacements where byte != base[index] {
                var replaced = base
                replaced[index] = byte
                mutations.append(replaced)
            }
        }
        return mutations
    }

    /// One change a store makes to a document after reading it.
    struct Edit: CustomStringConvertible, Sendable {
        let description: String
        let apply: @Sendable (inout TallyDocument) -> Void
    }

    /// What a store does to a document it read: sync set, changed or taken away, a stopped sync set
    /// or taken away, the journal position taken away or moved, a count changed.
    static let edits: [Edit] = [
        Edit(description: "sync set") { $0.sync = SyncState(folder: "/sync", name: "laptop") },
        Edit(description: "sync set to another") { $0.sync = SyncState(folder: "/elsewhere", name: "desk") },
        Edit(description: "sync taken away") { $0.sync = nil },
        Edit(description: "stopped sync set") { $0.stoppedSync = SyncState(folder: "/old", name: "laptop") },
        Edit(description: "stopped sync taken away") { $0.stoppedSync = nil },
        Edit(description: "journal taken away") { $0.journal = nil },
        Edit(description: "journal moved") { $0.journal = JournalPosition(sequence: 7, bytes: 999, latest: -5) },
        Edit(description: "a tap") { _ = try? $0.tally.apply(.tap(.neutral)) },
    ]

    /// The ways `bytes` is read, told apart by `TallyDocument.canonicalContents`.
    struct Readings {
        var fast = 0
        var parsed = 0
        var refused = 0
    }

    /// Expects both readings of `bytes` to agree, and then each of `scripts` of edits to leave the two
    /// documents the same after its last step; counts which way the bytes were read.
    static func expectSameReading(of bytes: [UInt8], scripts: [[Int]] = [], counting readings: inout Readings) {
        let fast = Result { () throws(DataFileProblem) in try TallyDocument(parsing: bytes) }
        let parsed = Result { () throws(DataFileProblem) in try TallyDocument(parsingAsJSON: bytes) }
        let text = { String(decoding: bytes, as: UTF8.self).debugDescription }
        switch (fast, parsed) {
        case let (.success(fast), .success(parsed)):
            expectSame(fast, parsed, text, after: "reading")
            guard TallyDocument.canonicalContents(of: bytes) != nil else {
                readings.parsed += 1  // Read the same way twice: edits cannot tell them apart.
                return
            }
            readings.fast += 1
            for script in scripts {
                var fastCopy = fast
                var parsedCopy = parsed
                for step in script {
                    edits[step].apply(&fastCopy)
                    edits[step].apply(&parsedCopy)
                }
                if !expectSame(fastCopy, parsedCopy, text, after: script.map { edits[$0].description }.joined(separator: ", ")) {
                    return
                }
            }
        case let (.failure(fast), .failure(parsed)):
            readings.refused += 1
            expect(fast, equals: parsed, "\(text())")
        default:
            Issue.record("\(text()) read one way as \(fast), the other as \(parsed)")
        }
    }

    @discardableResult
    private static func expectSame(_ fast: TallyDocument, _ parsed: TallyDocument, _ text: () -> String, after what: @autoclosure () -> String) -> Bool {
        let same = fast.tally == parsed.tally && fast.journal == parsed.journal && fast.sync == parsed.sync
            && fast.stoppedSync == parsed.stoppedSync && fast.serialized() == parsed.serialized()
        if !same {
            Issue.record(
                """
                \(text()) after \(what()): \(String(decoding: fast.serialized(), as: UTF8.self).debugDescription) \
                against \(String(decoding: parsed.serialized(), as: UTF8.self).debugDescription)
                """)
        }
        return same
    }

    /// Each edit alone, and a few in a row that take the journal away and put it back around the others.
    static let shortScripts: [[Int]] = edits.indices.map { [$0] } + [[0, 5, 6], [5, 3, 6, 0], [7, 2, 5, 6], [3, 4, 5, 0, 6], [5, 6, 0]]
    /// Every one, two and three edits in a row.
    static let allScripts: [[Int]] = edits.indices.flatMap { first in
        [[first]] + edits.indices.flatMap { second in [[first, second]] + edits.indices.map { [first, second, $0] } }
    }

    @Test func aFileInTheFormIsEditedAsTheParsersDocumentIsWhateverTheEdits() {
        var readings = Readings()
        for base in Self.bases {
            Self.expectSameReading(of: base, scripts: Self.allScripts, counting: &readings)
        }
        #expect(readings.fast == 3 && readings.parsed == 1 && readings.refused == 0)
    }

    @Test func everyFileAByteAwayFromTheFormIsReadAsTheParserReadsIt() {
        var readings = Readings()
        var cases = 0
        for base in Self.bases {
            for mutation in Self.mutations(of: base) {
                Self.expectSameReading(of: mutation, scripts: Self.shortScripts, counting: &readings)
                cases += 1
            }
        }
        // Every way is taken: a digit for a digit stays in the form, a space more goes to the parser.
        #expect(cases > 4_000 && readings.fast > 100 && readings.parsed > 100 && readings.refused > 1_000)
    }

    /// Number texts for each field: in the form, a step out of it either way, and out of range.
    static let numbers: [String] = [
        "0", "00", "01", "-0", "-00", "-1", "1", "+1", "1.0", "1e3", "1E3", "0.0", "-", "", " 1", "1 ", "--1",
        "99999999999999999", "999999999999999999", "9999999999999999999", "99999999999999999999",
        "100000000000000000", "1000000000000000000", "0999999999999999999",
        "9223372036854775806", "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
        "-999999999999999999", "-9999999999999999999", "-9223372036854775807", "-9223372036854775808", "-9223372036854775809",
        "-100000000000000000", "-1000000000000000000",
    ]

    @Test func everyFieldWithAnEdgeNumberIsReadAsTheParserReadsIt() {
        let base = Self.written([3, 1, 4, 2, 5], JournalPosition(sequence: 6, bytes: 78, latest: 9))
        let file = String(decoding: base, as: UTF8.self)
        let fields = ["\"happy\": 3", "\"smile\": 1", "\"neutral\": 4", "\"upset\": 2", "\"sad\": 5", "\"seq\": 6", "\"bytes\": 78", "\"latest\": 9"]
        var readings = Readings()
        for field in fields {
            guard let range = file.range(of: field) else {
                Issue.record("no \(field)")
                continue
            }
            let key = field.prefix { $0 != ":" }
            for number in Self.numbers {
                let bytes = Array(file.replacingCharacters(in: range, with: key + ": " + number).utf8)
                Self.expectSameReading(of: bytes, scripts: Self.shortScripts, counting: &readings)
            }
        }
        // 18 digits at most in the form, and a count of 18 nines with the others fits.
        #expect(readings.fast >= 8 * 4 && readings.parsed > 8 && readings.refused > 8 * 10)
    }

    @Test func aFileCutShortRunOnOrZeroedIsReadAsTheParserReadsIt() {
        var readings = Readings()
        for base in Self.bases {
            for length in 0...base.count {
                Self.expectSameReading(of: Array(base.prefix(length)), counting: &readings)
            }
            for tail in ["\n", " ", "\r\n", "\n\n", "}", "\0", "x", "{}", "\n}\n", "\u{FEFF}"] {
                Self.expectSameReading(of: base + Array(tail.utf8), scripts: Self.shortScripts, counting: &readings)
            }
            Self.expectSameReading(of: [0xEF, 0xBB, 0xBF] + base, counting: &readings)
            Self.expectSameReading(of: [0x20] + base, scripts: Self.shortScripts, counting: &readings)
            Self.expectSameReading(of: [UInt8](repeating: 0, count: base.count), counting: &readings)
        }
        for length in [0, 1, 2, 4096] {
            Self.expectSameReading(of: [UInt8](repeating: 0, count: length), counting: &readings)
        }
        // The journal member twice: the parser refuses a repeated key.
        let withJournal = String(decoding: Self.bases[1], as: UTF8.self)
        let twice = withJournal.replacingOccurrences(of: "}\n}\n", with: "},\n  \"journal\": {\"seq\": 2, \"bytes\": 280, \"latest\": 1}\n}\n")
        Self.expectSameReading(of: Array(twice.utf8), counting: &readings)
        #expect(readings.fast == 3 && readings.refused > 500)
    }

    @Test func aFileInTheFormPastTheSizeLimitIsTooLarge() {
        let base = Self.bases[1]
        let padded = base + [UInt8](repeating: 0x20, count: TallyDocument.sizeLimit + 1 - base.count)
        #expect(throws: DataFileProblem.tooLarge(limit: TallyDocument.sizeLimit)) { try TallyDocument(parsing: padded) }
    }

    @Test(arguments: ["written-by-emotions.json", "written-with-journal.json", "written-at-the-forms-limits.json"])
    func theFuzzersCorpusHoldsFilesInTheForm(name: String) throws {
        // libFuzzer mutates these: without them it would seldom reach the reading without the parser.
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")
        let bytes = try Array(Data(contentsOf: corpus.appendingPathComponent(name)))
        #expect(TallyDocument.canonicalContents(of: bytes) != nil)
    }
}
