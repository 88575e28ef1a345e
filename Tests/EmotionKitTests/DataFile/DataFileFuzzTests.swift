import EmotionKit
import Foundation
import Testing

/// Seeded fuzzing of the data file's reader, and of the store on top of it.
///
/// Every run tries the same inputs (see `FuzzPlan` and `FuzzCase`): mutations of `DataFileCorpus`,
/// texts from the `RandomJSON` grammar, some of them mutated too, and random bytes. Every failure names
/// the seed and iteration that replay it, and so does the line `CrashNote` writes if an input crashes
/// the process.
@Suite struct DataFileFuzzTests {
    /// How many inputs the reader tries in a run, unless `EMOTIONS_FUZZ_ITERATIONS` says otherwise.
    static let iterations = 20_000
    /// Every this many iterations, the input also goes through a real store.
    static let storeStride = 8
    /// How many inputs the reader tries before it lets other tests run: each of these tests would
    /// otherwise hold one of the few threads of Swift's concurrency pool for seconds, and stall the
    /// end-to-end tests, some of which time what they wait for.
    static let iterationsBetweenYields = 32
    /// What `swift test --filter` takes to run these tests alone.
    static let filter = "EmotionKitTests.DataFileFuzzTests"

    @Test func theReaderNeverCrashesAndEverythingItAcceptsRoundTrips() async throws {
        let plan = try FuzzPlan(defaultIterations: DataFileFuzzTests.iterations, testFilter: DataFileFuzzTests.filter)
        var outcomes = FuzzOutcomes()
        let crashNote = CrashNote()
        for iteration in 0..<plan.iterations {
            var generator = plan.generator(for: iteration)
            let input = FuzzCase(iteration: iteration, of: plan, sizeLimit: TallyDocument.sizeLimit, using: &generator)
            crashNote.set("the reader on \(plan.replay(iteration))")
            checkReader(on: input, outcomes: &outcomes)
            if iteration % DataFileFuzzTests.iterationsBetweenYields == 0 { await Task.yield() }
        }
        outcomes.expectAHealthyMix(of: plan)
    }

    @Test func theStoreNeverOverwritesAFileItCannotReadAndTapsExactlyOnce() async throws {
        let plan = try FuzzPlan(defaultIterations: DataFileFuzzTests.iterations, testFilter: DataFileFuzzTests.filter)
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        var outcomes = FuzzOutcomes()
        let crashNote = CrashNote()
        for iteration in stride(from: 0, to: plan.iterations, by: DataFileFuzzTests.storeStride) {
            var generator = plan.generator(for: iteration)
            let input = FuzzCase(iteration: iteration, of: plan, sizeLimit: TallyDocument.sizeLimit, using: &generator)
            let emotion = generator.pick(Emotion.allCases)
            crashNote.set("the store on \(plan.replay(iteration))")
            try Data(input.bytes).write(to: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: path + ".journal")  // Each input starts before history.
            checkStore(at: path, on: input, tapping: emotion, outcomes: &outcomes)
            let contents = try folder.contents()
            #expect(
                Set(contents).isSubset(of: ["emotions.json", "emotions.json.lock", "emotions.json.journal"]),
                "\(input): left \(contents)")
            await Task.yield()
        }
        outcomes.expectAHealthyMix(of: plan)
    }

    // MARK: - The reader

    private func checkReader(on input: FuzzCase, outcomes: inout FuzzOutcomes) {
        guard input.bytes.count <= TallyDocument.sizeLimit else {
            let tooLarge = DataFileProblem.tooLarge(limit: TallyDocument.sizeLimit)
            #expect(throws: tooLarge, "\(input)") { try TallyDocument(parsing: input.bytes) }
            outcomes.record(tooLarge)
            return
        }
        let json = Result { () throws(JSONSyntaxError) in try JSONParser.parse(input.bytes) }
        if case let .success(value) = json {
            checkWriter(on: value, pretty: input.iteration.isMultiple(of: 2), input: input)
        }
        let document: TallyDocument
        do {
            document = try TallyDocument(parsing: input.bytes)
        } catch {
            outcomes.record(error)
            checkRefusal(error, of: input, json: json)
            return
        }
        outcomes.recordAccepted()
        guard case let .success(value) = json else {
            Issue.record("\(input): the document was accepted but its JSON was not")
            return
        }
        checkAcceptance(of: document, json: value, input: input)
        let rewritten = document.serialized()
        do {
            let reread = try TallyDocument(parsing: rewritten)
            expect(reread.tally, equals: document.tally, "\(input): the tally changed on a round trip")
            expect(reread.serialized(), equals: rewritten, "\(input): a rewrite of the rewrite differs")
        } catch {
            Issue.record("\(input): its rewrite is refused: \(error)\n\(String(decoding: rewritten, as: UTF8.self))")
        }
    }

    /// An accepted file is within every limit, and its counts are what its JSON says, read another way.
    private func checkAcceptance(of document: TallyDocument, json: JSONValue, input: FuzzCase) {
        let bytes = input.bytes
        #expect(bytes.count <= TallyDocument.sizeLimit, "\(input): accepted past the size limit")
        #expect(String(validating: bytes, as: UTF8.self) != nil, "\(input): accepted invalid UTF-8")
        #expect(!bytes.starts(with: [0xEF, 0xBB, 0xBF]), "\(input): accepted a byte order mark")
        #expect(depth(of: json) <= JSONParser.maximumDepth, "\(input): accepted nesting \(depth(of: json)) deep")
        #expect(duplicateKey(in: json) == nil, "\(input): accepted \(duplicateKey(in: json) ?? "") twice")
        #expect(json["version"].map { $0.integerValue == 1 } ?? true, "\(input): accepted a version other than 1")
        for emotion in Emotion.allCases {
            let written: Int? = switch json["counts"]?[emotion.name] {
            case nil: 0
            case let .number(text)?: Int(text)
            default: nil
            }
            expect(document.tally[emotion], equals: written, "\(input): \(emotion.name) read wrong")
            #expect(document.tally[emotion] >= 0, "\(input): \(emotion.name) is below zero")
        }
        let sum = Emotion.allCases.reduce(0) { $0.addingReportingOverflow(document.tally[$1]).partialValue }
        #expect(document.tally.total == sum && sum >= 0, "\(input): the total does not add up")
    }

    /// Whatever JSON the parser accepts, the writer's text of it reads back as the same text.
    private func checkWriter(on value: JSONValue, pretty: Bool, input: FuzzCase) {
        let text = value.serialized(pretty: pretty)
        do {
            let reread = try JSONParser.parse(Array(text.utf8))
            expect(Array(reread.serialized(pretty: pretty).utf8), equals: Array(text.utf8), "\(input): JSON round trip")
        } catch {
            Issue.record("\(input): the writer's JSON (pretty: \(pretty)) is refused: \(error)\n\(text)")
        }
    }

    /// A refusal agrees with the parser, and its message is one line of printable text.
    private func checkRefusal(
        _ problem: DataFileProblem, of input: FuzzCase, json: Result<JSONValue, JSONSyntaxError>
    ) {
        switch (problem, json) {
        case (.tooLarge, _):
            Issue.record("\(input): refused as too large")
        case let (.invalidJSON(error), .failure(parserError)):
            expect(error, equals: parserError, "\(input)")
            #expect(error.line >= 1 && error.column >= 1, "\(input): \(error)")
        case (.invalidJSON, .success):
            Issue.record("\(input): refused as invalid JSON, which the parser accepts")
        case (_, .failure):
            Issue.record("\(input): \(problem), but the JSON itself is invalid")
        default:
            break
        }
        // A message goes to a terminal: one line, with no escape sequence or other control character from the file.
        let message = problem.description
        let controls = message.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            .map { "U+\(String($0.value, radix: 16))" }
        #expect(!message.isEmpty && controls.isEmpty, "\(input): \(controls) in \(message.debugDescription)")
    }

    private func depth(of value: JSONValue) -> Int {
        switch value {
        case let .array(elements): 1 + (elements.map { depth(of: $0) }.max() ?? 0)
        case let .object(members): 1 + (members.map { depth(of: $0.value) }.max() ?? 0)
        default: 0
        }
    }

    /// A key that appears twice in one object, compared byte for byte, anywhere in `value`.
    private func duplicateKey(in value: JSONValue) -> String? {
        switch value {
        case let .array(elements):
            return elements.lazy.compactMap { duplicateKey(in: $0) }.first
        case let .object(members):
            var seen = Set<[UInt8]>()
            if let repeated = members.first(where: { !seen.insert(Array($0.key.utf8)).inserted }) {
                return repeated.key
            }
            return members.lazy.compactMap { duplicateKey(in: $0.value) }.first
        default:
            return nil
        }
    }

    // MARK: - The store

    /// A file the store cannot read, it refuses to tap, and leaves as it was; one it can, it taps exactly once.
    private func checkStore(
        at path: String, on input: FuzzCase, tapping emotion: Emotion, outcomes: inout FuzzOutcomes
    ) {
        let store = TallyStore(path: path)
        let before: Tally
        do {
            before = try store.read()
        } catch let .unreadableDataFile(readPath, problem) {
            outcomes.record(problem)
            expect(readPath, equals: path, "\(input)")
            let parsed = Result { () throws(DataFileProblem) in try TallyDocument(parsing: input.bytes) }
            expect(parsed.failure, equals: problem, "\(input): the store and the reader disagree")
            do {
                try store.apply(.tap(emotion))
                Issue.record("\(input): a file that cannot be read was tapped")
            } catch let StoreError.unreadableDataFile(_, tapProblem) {
                expect(tapProblem, equals: problem, "\(input): reading and tapping disagree")
            } catch {
                Issue.record("\(input): tapping threw \(error), not unreadableDataFile")
            }
            expect(FileManager.default.contents(atPath: path), equals: Data(input.bytes), "\(input): the file was changed")
            return
        } catch {
            Issue.record("\(input): reading threw \(error)")
            return
        }
        outcomes.recordAccepted()
        do {
            let changes = try store.apply(.tap(emotion))
            expect(changes, equals: [Change(emotion: emotion, old: before[emotion], new: before[emotion] + 1)], "\(input)")
            var expected = before
            try expected.apply(.tap(emotion))
            try expect(store.read(), equals: expected, "\(input): the tap did not add exactly one")
            var document = try TallyDocument(parsing: input.bytes)
            try document.tally.apply(.tap(emotion))
            // Written as the document with the tap, plus the journal position of its one event.
            var written = try TallyDocument(parsing: Array(FileManager.default.contents(atPath: path) ?? Data()))
            expect(written.journal?.sequence, equals: 1, "\(input): journal position")
            written.journal = nil
            // And the memo of the system's zone the tap read (`ZoneMemo`), which the input had or not.
            written.zoneMemo = nil
            document.zoneMemo = nil
            expect(written.serialized(), equals: document.serialized(), "\(input): written")
        } catch let error as TallyError {
            let atTheLimit = before[emotion] == .max || before.total == .max
            #expect(atTheLimit, "\(input): a tap of \(before) was refused: \(error)")
            expect(FileManager.default.contents(atPath: path), equals: Data(input.bytes), "\(input): the file was changed")
        } catch {
            Issue.record("\(input): tapping a readable file threw \(error)")
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        guard case let .failure(error) = self else { return nil }
        return error
    }
}
