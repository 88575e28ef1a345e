import Foundation
import Testing

/// Many processes changing one data file at the same time.
struct ConcurrencyTests {
    /// How many processes tap at once in the stress test, each one run after another.
    static let writers = 8
    /// How many runs of `tap` each writer makes, one emotion each.
    static let tapsPerWriter = 200
    /// How many names one more run taps in a single call, beside the writers.
    static let namesInOneCall = 60
    /// How many loops run `stats --json` over and over while the writers tap.
    static let readers = 2
    /// The fewest reads each reader must make for its observations to count.
    static let minimumReadsPerReader = 50

    @Test func parallelTapsAreNeitherLostNorDoubledWhileReadersSeeWholeTallies() async throws {
        let sandbox = try Sandbox()
        let names = Counts.names
        // Writer w's i-th run taps one emotion, moving through all five so every emotion is contended.
        let plan = (0..<Self.writers).map { writer in
            (0..<Self.tapsPerWriter).map { names[(writer + $0) % names.count] }
        }
        let bigCall = (0..<Self.namesInOneCall).map { names[$0 % names.count] }

        var expected = Counts()
        for name in plan.joined() + bigCall {
            expected[name] += 1
        }

        let readers = (0..<Self.readers).map { _ in
            Task { try await Self.readUntilCancelled(sandbox) }
        }
        defer {
            for reader in readers {
                reader.cancel()
            }
        }
        let outcomes = try await Self.tap(plan, alongside: bigCall, in: sandbox)
        for reader in readers {
            reader.cancel()
        }
        var reads: [[Outcome]] = []
        for reader in readers {
            reads.append(try await reader.value)
        }

        expect(outcomes.count, equals: Self.writers * Self.tapsPerWriter + 1)
        var printed: [PrintedChange] = []
        for outcome in outcomes {
            expect(outcome.status, equals: 0, "\(outcome)")
            expect(outcome.stderr, equals: "", "\(outcome)")
            let changes = outcome.stdoutLines.map(PrintedChange.init)
            #expect(changes.allSatisfy { $0 != nil }, "\(outcome)")
            printed += changes.compactMap(\.self)
        }
        expect(printed.count, equals: expected.total)

        // Each count went up one step at a time, and every step was taken by exactly one tap.
        for name in names {
            let steps = printed.filter { $0.emotion == name }
            #expect(steps.allSatisfy { $0.new == $0.old + 1 }, "\(name): \(steps)")
            expect(steps.map(\.old).sorted(), equals: Array(0..<expected[name]), "\(name) lost or repeated a step")
        }

        // The big call's changes are all or nothing, in order: its counts rise by one each line.
        let big = try #require(outcomes.first { $0.stdoutLines.count == Self.namesInOneCall })
        for name in names {
            let steps = big.stdoutLines.compactMap(PrintedChange.init).filter { $0.emotion == name }
            expect(steps.count, equals: Self.namesInOneCall / names.count)
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.new == $1.old }, "\(name): \(steps)")
        }

        for (reader, outcomes) in reads.enumerated() {
            Self.expectWholeRisingTallies(outcomes, reader: reader, final: expected)
        }

        expect(sandbox.text(), equals: DataFile.text(expected))
        let stats = try await sandbox.run("stats", "--json")
        expect(DataFile.counts(stats.stdout), equals: expected, "\(stats)")
        expect(DataFile.object(stats.stdout)?["total"] as? Int, equals: expected.total, "\(stats)")
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.defaultDataFile.deletingLastPathComponent().path)
        #expect(
            leftovers.sorted() == ["emotions.json", "emotions.json.journal", "emotions.json.lock"],
            "temporary files left: \(leftovers)")

        try Self.expectEveryTapJournaledOnce(in: sandbox, expected: expected)
    }

    /// Expects the journal to hold every tap once: 1600 one-event commands and the big call's 60 events
    /// in a row, numbered 1, 2, 3… with no gap, their ids unique, and its counts the data file's.
    private static func expectEveryTapJournaledOnce(in sandbox: Sandbox, expected: Counts) throws {
        let journal = try #require(JournalText(in: sandbox), "no journal with a header beside the data file")
        #expect(journal.problems.isEmpty, "\(journal.problems.count) problems, first: \(journal.problems.prefix(5))")
        expect(journal.before, equals: Counts())
        expect(journal.events.count, equals: expected.total)
        expect(journal.events.map(\.sequence), equals: Array(1...expected.total), "the sequence has a gap or a repeat")
        expect(Set(journal.events.map(\.id)).count, equals: expected.total, "an id was used twice")
        #expect(journal.events.allSatisfy { $0.command == "tap" && $0.new == $0.old + 1 })
        expect(journal.counts, equals: expected)
        let groups = Dictionary(grouping: journal.events, by: \.group)
        expect(groups.values.filter { $0.count == 1 }.count, equals: writers * tapsPerWriter)
        let big = try #require(groups.values.first { $0.count == namesInOneCall }, "the big call's \(namesInOneCall) events")
        let sequences = big.map(\.sequence)
        expect(sequences, equals: Array((sequences.first ?? 0)..<((sequences.first ?? 0) + namesInOneCall)), "the big call's events are interleaved")
        expect(groups.count, equals: writers * tapsPerWriter + 1)
        let position = JournalText.position(inDataFile: sandbox.rawText())
        #expect(position?.sequence == journal.end.sequence && position?.bytes == journal.end.bytes, "the data file's position is not the journal's end")
    }

    /// Taps each writer's names one run after another, every writer and the one call with `bigCall` at the same
    /// time; returns every run.
    private static func tap(_ plan: [[String]], alongside bigCall: [String], in sandbox: Sandbox) async throws
        -> [Outcome]
    {
        try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for names in plan {
                group.addTask {
                    var outcomes: [Outcome] = []
                    for name in names {
                        outcomes.append(try await sandbox.run("tap", name))
                    }
                    return outcomes
                }
            }
            group.addTask { [try await sandbox.run(["tap"] + bigCall)] }
            var all: [Outcome] = []
            for try await outcomes in group {
                all += outcomes
            }
            return all
        }
    }

    /// Runs `stats --json` over and over, without a pause, until the task is cancelled; returns every run.
    private static func readUntilCancelled(_ sandbox: Sandbox) async throws -> [Outcome] {
        var reads: [Outcome] = []
        repeat {
            reads.append(try await sandbox.run("stats", "--json"))
        } while !Task.isCancelled
        return reads
    }

    /// Expects one reader's runs of `stats --json` to have succeeded enough times, each showing a whole
    /// tally on its way to `final`, no count ever lower than in an earlier read, some taken mid-way.
    private static func expectWholeRisingTallies(_ reads: [Outcome], reader: Int, final: Counts) {
        #expect(reads.count >= minimumReadsPerReader, "reader \(reader) made only \(reads.count) reads")
        var previous = Counts()
        var firstWrongStep: String?
        var wrongSteps = 0
        var sawTheWritersAtWork = false
        for (index, read) in reads.enumerated() {
            let counts = DataFile.counts(read.stdout)
            let total = DataFile.object(read.stdout)?["total"] as? Int
            expect(read.status, equals: 0, "reader \(reader), read \(index): \(read)")
            expect(read.stderr, equals: "", "reader \(reader), read \(index): \(read)")
            guard let counts, total == counts.total else {
                Issue.record("reader \(reader), read \(index) is not a whole tally with its total: \(read)")
                continue
            }
            if !Counts.names.allSatisfy({ previous[$0] <= counts[$0] && counts[$0] <= final[$0] }) {
                firstWrongStep = firstWrongStep ?? "read \(index) went from \(previous) to \(counts)"
                wrongSteps += 1
            }
            previous = counts
            sawTheWritersAtWork = sawTheWritersAtWork || (0 < counts.total && counts.total < final.total)
        }
        #expect(
            firstWrongStep == nil,
            "reader \(reader) saw a count go down or past the end (\(final)) \(wrongSteps) times")
        #expect(sawTheWritersAtWork, "reader \(reader) never read while the writers were at work")
    }

    @Test func parallelAddsAndTakesAwayBalanceOut() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 1000))
        // Eight processes each add 7 five times and take 3 away five times: +20 each, never below zero.
        let amounts = Array(repeating: "7", count: 5) + Array(repeating: "-3", count: 5)
        let outcomes = try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for _ in 0..<Self.writers {
                group.addTask {
                    var outcomes: [Outcome] = []
                    for amount in amounts {
                        outcomes.append(try await sandbox.run("add", "sad", amount, "-q"))
                    }
                    return outcomes
                }
            }
            var all: [Outcome] = []
            for try await outcomes in group {
                all += outcomes
            }
            return all
        }
        for outcome in outcomes {
            expectSuccess(outcome, stdout: "")
        }
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1000 + Self.writers * 20)))
    }
}
