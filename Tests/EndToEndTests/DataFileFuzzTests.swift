import Foundation
import Testing

/// The real binary on seeded fuzz inputs as its data file: it uses a file or refuses it, and never crashes.
///
/// The inputs are the first iterations of the in-process fuzz test's (`FuzzCase`, whose files are
/// linked from EmotionKitTests/Support), so a failure names the seed and iteration that replay it in both.
@Suite struct DataFileFuzzTests {
    /// How many files a run tries, unless `EMOTIONS_FUZZ_ITERATIONS` says otherwise.
    static let iterations = 300
    /// How many files are tried at once, each in its own sandbox.
    static let parallelRuns = 4

    /// The largest data file the binary reads, as `TallyDocument.sizeLimit` says.
    private static let sizeLimit = 1024 * 1024

    /// What the binary did with one file: the statuses of `stats --json` and of `tap happy`.
    private struct Statuses: Sendable {
        let stats: Int32
        let tap: Int32
    }

    @Test func everyFuzzedFileIsUsedOrRefusedUntouchedAndNeverCrashesTheBinary() async throws {
        let plan = try FuzzPlan(
            defaultIterations: DataFileFuzzTests.iterations, testFilter: "EndToEndTests.DataFileFuzzTests")
        _ = try Emotions.binary()  // Fail once, not once per file, if it is not built.
        var statsStatuses: [Int32: Int] = [:]
        try await withThrowingTaskGroup(of: Statuses.self) { group in
            var next = 0
            func startNext() {
                guard next < plan.iterations else { return }
                let iteration = next
                next += 1
                var generator = plan.generator(for: iteration)
                let input = FuzzCase(
                    iteration: iteration, of: plan, sizeLimit: DataFileFuzzTests.sizeLimit, using: &generator)
                group.addTask { try await DataFileFuzzTests.check(input) }
            }
            for _ in 0..<DataFileFuzzTests.parallelRuns { startNext() }
            while let statuses = try await group.next() {
                statsStatuses[statuses.stats, default: 0] += 1
                startNext()
            }
        }
        // Judge the mix only on a run long enough for it to mean something; the default run is.
        guard plan.iterations >= 100 else { return }
        let summary = "\(plan): stats --json exited \(statsStatuses.sorted { $0.key < $1.key })"
        #expect(statsStatuses[0, default: 0] * 10 >= plan.iterations, "too few files were used; \(summary)")
        #expect(statsStatuses[65, default: 0] * 10 >= plan.iterations * 3, "too few files were refused; \(summary)")
    }

    /// Runs `stats --json`, then `tap happy` (and `stats --json` again if it worked) on the file in a
    /// fresh HOME, and checks what they did.
    private static func check(_ input: FuzzCase) async throws -> Statuses {
        let sandbox = try Sandbox()
        let file = sandbox.defaultDataFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(input.bytes).write(to: file)

        let stats = try await run(["stats", "--json"], in: sandbox, on: input)
        #expect(stats.status == 0 || stats.status == 65, "\(input): \(stats)")
        var counts: [String: Int]?
        if stats.status == 0 {
            counts = statsCounts(stats, on: input)
        } else {
            expectRefusal(stats, of: file, in: sandbox, on: input)
        }

        let tap = try await run(["tap", "happy"], in: sandbox, on: input)
        switch (counts, tap.status) {
        case let (counts?, 0):
            let happy = counts["happy", default: -1]
            #expect(tap.stdout == "happy: \(happy) → \(happy + 1)\n" && tap.stderr == "", "\(input): \(tap)")
            var expected = counts
            expected["happy"] = happy + 1
            // Read back by the binary itself: Foundation's JSON reader cannot read numbers such as 1e999.
            let after = try await run(["stats", "--json"], in: sandbox, on: input)
            expect(after.status, equals: 0, "\(input): the tapped file cannot be read: \(after)")
            expect(statsCounts(after, on: input), equals: expected, "\(input): the tap did not add exactly one to happy")
        case let (counts?, 64):
            // Refused as a tally error: only a count or a total already at the largest count.
            let atTheLimit = counts["happy"] == Int.max || counts.values.reduce(0, &+) == Int.max
            #expect(atTheLimit && tap.stderr.hasPrefix("Error: Cannot add 1 to happy"), "\(input): \(tap)")
            expect(sandbox.bytes(of: file), equals: Data(input.bytes), "\(input): the file was changed")
        case (nil, 65):
            expectRefusal(tap, of: file, in: sandbox, on: input)
        default:
            Issue.record("\(input): stats --json exited \(stats.status), then \(tap)")
        }
        return Statuses(stats: stats.status, tap: tap.status)
    }

    /// Runs the binary, turning a crash or a hang into a failure that names the input.
    private static func run(_ arguments: [String], in sandbox: Sandbox, on input: FuzzCase) async throws -> Outcome {
        do {
            return try await sandbox.run(arguments)
        } catch let failure as Emotions.Failure {
            Issue.record("\(input): \(failure)")
            throw failure
        }
    }

    /// The five counts `stats --json` printed, checked to be whole, at least zero, and to add up to its total.
    private static func statsCounts(_ outcome: Outcome, on input: FuzzCase) -> [String: Int]? {
        expect(outcome.stderr, equals: "", "\(input): \(outcome)")
        let object = (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) as? [String: Any]
        let counts = (object?["counts"] as? [String: Any])?.compactMapValues { $0 as? Int }
        guard let counts, Set(counts.keys) == Set(Counts.names), let total = object?["total"] as? Int else {
            Issue.record("\(input): stats --json printed no valid counts: \(outcome)")
            return nil
        }
        let sum = counts.values.reduce((0, false)) { partial, count in
            let (value, overflow) = partial.0.addingReportingOverflow(count)
            return (value, partial.1 || overflow)
        }
        #expect(counts.values.allSatisfy { $0 >= 0 } && !sum.1 && sum.0 == total, "\(input): \(outcome)")
        return counts
    }

    /// A refusal of an unusable file: exit 65, one line of error naming the file, and the file as it was.
    private static func expectRefusal(_ outcome: Outcome, of file: URL, in sandbox: Sandbox, on input: FuzzCase) {
        expect(outcome.status, equals: 65, "\(input): \(outcome)")
        expect(outcome.stdout, equals: "", "\(input): \(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: ") && outcome.stderr.contains(file.path), "\(input): \(outcome)")
        let controls = outcome.stderr.dropLast().unicodeScalars
            .filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        #expect(outcome.stderr.hasSuffix("\n") && controls.isEmpty, "\(input): not one printable line: \(outcome)")
        expect(sandbox.bytes(of: file), equals: Data(input.bytes), "\(input): the file was changed")
        let folder = (try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []
        expect(folder.filter { $0 != "emotions.json.lock" }, equals: ["emotions.json"], "\(input): left \(folder)")
    }
}
