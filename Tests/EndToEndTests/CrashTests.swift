import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Taps killed with `SIGKILL` at random moments, several at once: before, during and after their save.
///
/// Every run taps all five emotions in one call, so the five counts always move together: a save
/// that was only partly made would show as counts that differ.
struct CrashTests {
    /// How many loops start and kill taps at the same time, so kills also land while other runs wait for the lock or hold it.
    static let killerLoops = 4
    /// How many runs each loop starts, each to be killed after its own random delay.
    static let killsPerLoop = 200
    /// How many kills a loop makes between two undisturbed taps it times, to learn how long a tap takes
    /// under the load of the moment (the other loops, and whatever else the machine is doing).
    static let killsBetweenTimings = 5
    /// How many of a loop's latest timings its typical tap is the median of.
    static let timingsKept = 5
    /// The longest delay before a kill, in typical taps: long enough that some taps finish first.
    static let latestKillInTypicalTaps = 0.75
    /// How many more kills, one at a time after the loops, may be tried to leave a temporary file for the final tap to remove.
    static let killsToLeaveATemporaryFile = 200
    /// What every run taps.
    static let tap = ["tap"] + Counts.names

    @Test func killedTapsNeitherCorruptTheFileNorLoseAConfirmedTap() async throws {
        let seed = try Self.seed()
        let sandbox = try Sandbox()
        let ledger = Ledger()
        let folder = sandbox.defaultDataFile.deletingLastPathComponent()

        // The first tap creates the data file, so that every check after a kill has one to read.
        await ledger.start()
        let first = try await sandbox.run(Self.tap)
        await Self.expectConfirmedTap(first, in: ledger, "seed \(seed), first tap")

        var seeds = SeededGenerator(seed: seed)
        let loopSeeds = (0..<Self.killerLoops).map { _ in seeds.next() }
        var figures = try await withThrowingTaskGroup(of: Figures.self) { group in
            for (loop, loopSeed) in loopSeeds.enumerated() {
                group.addTask {
                    try await Self.killRepeatedly(
                        Self.killsPerLoop, in: sandbox, ledger: ledger, random: SeededGenerator(seed: loopSeed),
                        context: "seed \(seed), loop \(loop)")
                }
            }
            return try await group.reduce(into: Figures()) { $0 += $1 }
        }
        #expect(figures.killed > 0, "seed \(seed): no kill hit a running tap in \(figures.attempted); nothing was tested")

        // A save may already have removed what the kills left, so kill taps alone, with no other save to
        // follow, until one dies mid-save: the final tap must then find a temporary file to remove.
        let loneKills = try await Self.killRepeatedly(
            Self.killsToLeaveATemporaryFile, untilOneLeavesATemporaryFile: true, in: sandbox, ledger: ledger,
            random: SeededGenerator(seed: seeds.next()), context: "seed \(seed), alone")
        figures += loneKills

        // One more tap after all the kills: it succeeds, and the count it starts from holds every confirmed
        // tap and at most the taps that were started.
        var confirmed = await ledger.confirmedTaps
        var started = await ledger.started
        var leftBehind = try Self.temporaryFiles(in: folder)
        if leftBehind.isEmpty {
            // The data file is no longer flushed between its write and its rename (the journal's sync is
            // the commit), so a kill seldom lands there under load: leave what such a kill leaves, so
            // that the final save's cleaning is still proved. A tap's lines are in the journal, the data
            // file is the one before it, and its new one is under a temporary name: the journal is ahead,
            // which tells the next save to look for leftovers (a file alone would not).
            try await Self.leaveATapKilledBeforeItsRename(in: sandbox, context: "seed \(seed)")
            confirmed += 1
            started += 1
            leftBehind = try Self.temporaryFiles(in: folder)
        }
        #expect(!leftBehind.isEmpty, "seed \(seed): \(loneKills.attempted) kills; the final check would prove nothing")
        let final = try await sandbox.run(Self.tap)
        expect(final.status, equals: 0, "seed \(seed): \(final)")
        expect(final.stderr, equals: "", "seed \(seed): \(final)")
        let before = try #require(final.stdoutLines.first.flatMap(PrintedChange.init)?.old, "seed \(seed): \(final)")
        expect(final.stdout, equals: Self.printedTap(from: before), "seed \(seed): \(final)")
        #expect(before >= confirmed, "seed \(seed): \(before) taps saved, but \(confirmed) were confirmed")
        #expect(before <= started, "seed \(seed): \(before) taps saved, but only \(started) were started")
        let all = before + 1
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: all, smile: all, neutral: all, upset: all, sad: all)))

        // The journal the final tap left accounts for the counts: every tap that reached it whole, five
        // events a command, numbered with no gap; a line a killed tap tore was cut off.
        let journal = try #require(JournalText(in: sandbox), "seed \(seed): no journal with a header beside the data file")
        #expect(journal.problems.isEmpty, "seed \(seed): \(journal.problems.count) problems, first: \(journal.problems.prefix(5))")
        expect(journal.before, equals: Counts(), "seed \(seed)")
        expect(journal.counts, equals: Counts(happy: all, smile: all, neutral: all, upset: all, sad: all), "seed \(seed)")
        expect(journal.events.map(\.sequence), equals: journal.events.indices.map { $0 + 1 }, "seed \(seed): a gap or a repeat")
        expect(journal.events.count, equals: 5 * all, "seed \(seed): \(journal.events.count) events for \(all) taps of five")
        expect(Set(journal.events.map(\.id)).count, equals: journal.events.count, "seed \(seed): an id was used twice")
        let halfCommands = Dictionary(grouping: journal.events, by: \.group).values.filter {
            $0.map(\.emotion) != Counts.names || $0.map(\.sequence) != Array(($0[0].sequence)..<($0[0].sequence + 5))
        }
        #expect(halfCommands.isEmpty, "seed \(seed): \(halfCommands.count) taps are not five events in a row")
        let position = JournalText.position(inDataFile: sandbox.rawText())
        #expect(
            position?.sequence == journal.end.sequence && position?.bytes == journal.end.bytes,
            "seed \(seed): the data file's position is not the journal's end")

        // That save also removes the temporary files the killed runs left.
        let stillLeft = try Self.temporaryFiles(in: folder)
        let temporaryFilesAfterTheFinalTap = stillLeft.count
        #expect(
            temporaryFilesAfterTheFinalTap == 0,
            """
            seed \(seed): \(leftBehind.count) temporary files were left by killed taps, and \(stillLeft.count) still \
            are after the next save, such as \(stillLeft.sorted().first ?? "")
            """)

        print(
            """
            CrashTests: seed \(seed); an undisturbed tap took \(figures.medianTiming) (median of \(figures.timings.count), \
            longest \(figures.timings.max() ?? .zero)), kills were sent 0–\(Self.latestKillInTypicalTaps)× that after the start; \
            \(figures.attempted) kills attempted (\(loneKills.attempted) alone after the loops), \(figures.killed) hit a running tap, \
            \(figures.leftTemporaryFile) of those left a temporary file, \(before - confirmed) landed after the commit; \
            \(figures.attempted - figures.killed) taps finished first; \(leftBehind.count) temporary files were there \
            before the final tap, \(stillLeft.count) after it.
            """)
    }

    /// `EMOTIONS_CRASH_SEED` if set, else a new random seed; every failure names it, so the same kill points can be
    /// tried again (as parts of a typical tap: the machine's timing is never the same twice).
    private static func seed() throws -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["EMOTIONS_CRASH_SEED"] else {
            return .random(in: .min ... .max)
        }
        return try #require(UInt64(text), "EMOTIONS_CRASH_SEED=\(text) is not a whole number from 0 to \(UInt64.max)")
    }

    /// Starts `kills` taps one after another (or fewer, if one is to leave a temporary file and does), each
    /// killed after a random part of a typical tap's duration, and checks the data file after every one;
    /// every few kills, times an undisturbed tap to keep the typical one current.
    private static func killRepeatedly(
        _ kills: Int, untilOneLeavesATemporaryFile: Bool = false, in sandbox: Sandbox, ledger: Ledger,
        random: SeededGenerator, context: String
    ) async throws -> Figures {
        let folder = sandbox.defaultDataFile.deletingLastPathComponent()
        var random = random
        var figures = Figures()
        var timings: [Duration] = []
        for attempt in 0..<kills {
            if attempt % killsBetweenTimings == 0 {
                let clock = ContinuousClock()
                let start = clock.now
                await ledger.start()
                let timed = try await sandbox.run(tap, killingAfter: Emotions.defaultTimeout)
                let duration = clock.now - start
                guard case let .exited(outcome) = timed.ending else {
                    Issue.record("\(context): an undisturbed tap did not finish within \(Emotions.defaultTimeout)")
                    return figures
                }
                await expectConfirmedTap(outcome, in: ledger, "\(context), timed tap before kill \(attempt)")
                timings = Array((timings + [duration]).suffix(timingsKept))
                figures.timings.append(duration)
            }
            let typical = timings.sorted()[timings.count / 2]
            let delay = typical * Double.random(in: 0...latestKillInTypicalTaps, using: &random)
            let context = "\(context), kill \(attempt) after \(delay)"
            await ledger.start()
            let run = try await sandbox.run(tap, killingAfter: delay)
            figures.attempted += 1
            switch run.ending {
            case let .exited(outcome):
                await expectConfirmedTap(outcome, in: ledger, context)
            case let .killed(signal):
                expect(signal, equals: SIGKILL, "\(context): the tap died of signal \(signal), not of the kill")
                figures.killed += 1
                let prefix = ".\(sandbox.defaultDataFile.lastPathComponent).tmp-\(run.processID)-"
                if try temporaryFiles(in: folder).contains(where: { $0.hasPrefix(prefix) }) {
                    figures.leftTemporaryFile += 1
                }
            }
            await expectIntactDataFile(in: sandbox, ledger: ledger, context)
            if untilOneLeavesATemporaryFile, figures.leftTemporaryFile > 0 { break }
        }
        return figures
    }

    /// Expects `outcome` to be a tap that succeeded and printed every count going up by one; records it.
    private static func expectConfirmedTap(_ outcome: Outcome, in ledger: Ledger, _ context: String) async {
        expect(outcome.status, equals: 0, "\(context): \(outcome)")
        expect(outcome.stderr, equals: "", "\(context): \(outcome)")
        guard outcome.status == 0, let old = outcome.stdoutLines.first.flatMap(PrintedChange.init)?.old,
            outcome.stdout == printedTap(from: old)
        else {
            Issue.record("\(context): the tap did not print five steps up from one count: \(outcome)")
            return
        }
        await ledger.confirm(old + 1)
    }

    /// Expects the data file to be the tool's own bytes, its five counts equal, at least the highest confirmed
    /// count and at most the number of taps started.
    private static func expectIntactDataFile(in sandbox: Sandbox, ledger: Ledger, _ context: String) async {
        // The file's count only rises, as do these two, so the confirmed count is read before the file
        // and the started taps after it.
        let confirmed = await ledger.highestConfirmed
        let text = sandbox.text()
        let started = await ledger.started
        guard let counts = DataFile.counts(text), text == DataFile.text(counts) else {
            Issue.record("\(context): the data file is not one the tool writes: \(text ?? "(none)")")
            return
        }
        expect(Set(Counts.names.map { counts[$0] }).count, equals: 1, "\(context): a save was made in part: \(counts)")
        #expect(counts.happy >= confirmed, "\(context): \(counts.happy) saved, but \(confirmed) was confirmed")
        #expect(counts.happy <= started, "\(context): \(counts.happy) saved, but only \(started) taps were started")
    }

    /// What a tap of all five prints when each count was `old`.
    /// Leaves the folder as a tap killed after its commit and before its rename leaves it: runs a tap,
    /// then puts the data file from before it back and its new one under a temporary name.
    private static func leaveATapKilledBeforeItsRename(in sandbox: Sandbox, context: String) async throws {
        let dataFile = sandbox.defaultDataFile
        let before = try Data(contentsOf: dataFile)
        let tap = try await sandbox.run(Self.tap)
        expect(tap.status, equals: 0, "\(context): the tap left killed before its rename: \(tap)")
        let after = try Data(contentsOf: dataFile)
        try after.write(to: dataFile.deletingLastPathComponent().appendingPathComponent(".emotions.json.tmp-99999-12345"))
        try before.write(to: dataFile)
    }

    private static func printedTap(from old: Int) -> String {
        Counts.names.map { "\($0): \(old) → \(old + 1)\n" }.joined()
    }

    /// The names of the temporary files in `folder`, written by saves that have not finished or never will.
    private static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
    }

    /// The taps started and confirmed so far by all the loops together.
    actor Ledger {
        /// How many taps have been started, killed or not.
        private(set) var started = 0
        /// How many taps exited 0 and printed their changes.
        private(set) var confirmedTaps = 0
        /// The highest count a confirmed tap printed.
        private(set) var highestConfirmed = 0

        /// Counts a tap about to start.
        func start() {
            started += 1
        }

        /// Counts a confirmed tap that printed `count` as each emotion's new value.
        func confirm(_ count: Int) {
            confirmedTaps += 1
            highestConfirmed = max(highestConfirmed, count)
        }
    }

    /// What the kills did, for the test's checks and its report.
    struct Figures: Sendable {
        /// Runs started to be killed.
        var attempted = 0
        /// Runs the kill ended while they ran; the others had exited first.
        var killed = 0
        /// Killed runs whose temporary file was there after they died: the kill landed mid-save. A lower bound:
        /// another loop's save may remove the file before it is looked for.
        var leftTemporaryFile = 0
        /// How long each undisturbed tap took.
        var timings: [Duration] = []

        /// The middle of `timings`.
        var medianTiming: Duration {
            timings.isEmpty ? .zero : timings.sorted()[timings.count / 2]
        }

        static func += (total: inout Figures, loop: Figures) {
            total.attempted += loop.attempted
            total.killed += loop.killed
            total.leftTemporaryFile += loop.leftTemporaryFile
            total.timings += loop.timings
        }
    }
}
