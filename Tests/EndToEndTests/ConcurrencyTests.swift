import Foundation
import Testing

/// Many processes changing one data file at the same time.
struct ConcurrencyTests {
    static let workers = 8
    static let tapsPerWorker = 25
    static let namesInOneCall = 60

    @Test func parallelTapsAreNeitherLostNorDoubled() async throws {
        let sandbox = try Sandbox()
        let names = Counts.names
        // Worker w's i-th run taps one emotion, moving through all five so every emotion is contended.
        let plan = (0..<Self.workers).map { worker in
            (0..<Self.tapsPerWorker).map { names[(worker + $0) % names.count] }
        }
        let bigCall = (0..<Self.namesInOneCall).map { names[$0 % names.count] }

        var expected = Counts()
        for name in plan.joined() + bigCall {
            expected[name] += 1
        }

        let outcomes = try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for runs in plan {
                group.addTask {
                    var outcomes: [Outcome] = []
                    for name in runs {
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

        #expect(outcomes.count == Self.workers * Self.tapsPerWorker + 1)
        var printed: [PrintedChange] = []
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stderr == "", "\(outcome)")
            let changes = outcome.stdoutLines.map(PrintedChange.init)
            #expect(changes.allSatisfy { $0 != nil }, "\(outcome)")
            printed += changes.compactMap(\.self)
        }
        #expect(printed.count == expected.total)

        // Each count went up one step at a time, and every step was taken by exactly one tap.
        for name in names {
            let steps = printed.filter { $0.emotion == name }
            #expect(steps.allSatisfy { $0.new == $0.old + 1 }, "\(name): \(steps)")
            #expect(steps.map(\.old).sorted() == Array(0..<expected[name]), "\(name) lost or repeated a step")
        }

        // The big call's changes are all or nothing, in order: its counts rise by one each line.
        let big = try #require(outcomes.first { $0.stdoutLines.count == Self.namesInOneCall })
        for name in names {
            let steps = big.stdoutLines.compactMap(PrintedChange.init).filter { $0.emotion == name }
            #expect(steps.count == Self.namesInOneCall / names.count)
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.new == $1.old }, "\(name): \(steps)")
        }

        #expect(sandbox.text() == DataFile.text(expected))
        let stats = try await sandbox.run("stats", "--json")
        #expect(DataFile.counts(stats.stdout) == expected, "\(stats)")
        #expect(DataFile.object(stats.stdout)?["total"] as? Int == expected.total, "\(stats)")
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.defaultDataFile.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["emotions.json", "emotions.json.lock"], "temporary files left: \(leftovers)")
    }

    @Test func parallelAddsAndTakesAwayBalanceOut() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 1000))
        // Eight processes each add 7 five times and take 3 away five times: +20 each, never below zero.
        let amounts = Array(repeating: "7", count: 5) + Array(repeating: "-3", count: 5)
        let outcomes = try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for _ in 0..<Self.workers {
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
        #expect(sandbox.text() == DataFile.text(Counts(sad: 1000 + Self.workers * 20)))
    }
}
