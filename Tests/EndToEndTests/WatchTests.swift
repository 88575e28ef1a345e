import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `emotions watch`, left running while other processes, and the tests themselves, change the data file.
///
/// Each test waits until the watch is established (its `--initial` lines are printed, or a probe tap
/// of its own is seen) before it changes anything, and ends it with `SIGINT`, expecting status 0 and
/// nothing printed beyond the lines it read: so every line the watch printed is one the test expected.
/// A test whose subject is not a missing file or folder starts from a data file, all zeros, so that
/// it tests one thing.
struct WatchTests {
    /// The initial lines for all five counts in `counts`, in the order the tool lists them.
    static func initialLines(_ counts: Counts) -> [String] {
        Counts.names.map { "\($0): \(counts[$0])" }
    }

    // MARK: - Changes by other processes

    @Test func aTapByAnotherProcessIsPrintedAsAChangeLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3))
        let watch = try RunningWatch(["--initial"], in: sandbox)
        try expect(await watch.nextLines(5), equals: Self.initialLines(Counts(happy: 3)))
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 3 → 4")
        try await expectCleanEnd(of: watch)
    }

    @Test func aChangeCanBeReadFromThePipeWithinSecondsOfTheTapExiting() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        for count in 1...3 {
            expectSuccess(try await sandbox.run("tap", "sad", "-q"), stdout: "")
            // Waited for in this thread, and a failure if it takes longer: an awaiting task may be
            // resumed long after the line came, when the run is busy.
            try expect(watch.nextLinePromptly(within: .seconds(5)), equals: "sad: \(count - 1) → \(count)", "tap \(count)")
        }
        try await expectCleanEnd(of: watch)
    }

    @Test func itEndsLikeAnyFilterAsSoonAsNobodyReadsItsOutput() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        watch.closeOutput()  // As `emotions watch | head -n 5` does.
        // At once, with no change to write: as a write into the closed pipe would, by SIGPIPE.
        try expect(await watch.waitForEnd(), equals: .killed(by: SIGPIPE))
    }

    @Test func aLineWrittenFromTheWatchingThreadIntoAClosedPipeEndsIt() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        watch.closeOutput()
        _ = try? await sandbox.run("tap", "happy", "-q")  // May find it already ended.
        try expect(await watch.waitForEnd(), equals: .killed(by: SIGPIPE))
    }

    @Test func jsonLinesAreObjectsOfTheEmotionAndItsOldAndNewCounts() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, sad: 9))
        let watch = try RunningWatch(["--json", "--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await sandbox.run("add", "sad", "-2", "-q"), stdout: "")
        let lines = try await watch.nextLines(2)
        expect(lines.map(PrintedJSONChange.init), equals: [
            PrintedJSONChange("happy", old: 3, new: 4), PrintedJSONChange("sad", old: 9, new: 7),
        ])
        // tap --json's text, then when and how the history recorded the change.
        expect(lines.first?.hasPrefix(#"{"emotion": "happy", "old": 3, "new": 4, "at": ""#), equals: true, "\(lines)")
        expect(lines.first?.hasSuffix(#"", "command": "tap"}"#), equals: true, "\(lines)")
        expect(lines.last?.hasSuffix(#"", "command": "add"}"#), equals: true, "\(lines)")
        try await expectCleanEnd(of: watch)
    }

    @Test func oneCommandChangingSeveralEmotionsGivesOneLineEachInOrder() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        expectSuccess(try await sandbox.run("tap", "sad", "happy", "upset", "-q"), stdout: "")
        // In the command's order, as tap printed them: the watcher tells the journal's events.
        try expect(await watch.nextLines(3), equals: ["sad: 0 → 1", "happy: 0 → 1", "upset: 0 → 1"])
        try await expectCleanEnd(of: watch)
    }

    /// Each tap has exited before the next starts, a few milliseconds later: none may be folded into another's line.
    @Test func twentyTapsInARowGiveTwentyLines() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--json", "--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        for _ in 1...20 {
            expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        }
        let changes = try await watch.nextLines(20).map(PrintedJSONChange.init)
        expect(changes, equals: (1...20).map { PrintedJSONChange("happy", old: $0 - 1, new: $0) })
        expect(changes.last??.new, equals: 20)
        try await expectCleanEnd(of: watch)
    }

    @Test func changesMadeByAddAndResetArePrintedToo() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        expectSuccess(try await sandbox.run("add", "sad", "3", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "sad: 0 → 3")
        expectSuccess(try await sandbox.run("add", "happy", "2", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 0 → 2")
        expectSuccess(try await sandbox.run("add", "sad", "-1", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "sad: 3 → 2")
        expectSuccess(try await sandbox.run("reset", "--all", "-q"), stdout: "")
        try expect(await watch.nextLines(2), equals: ["happy: 2 → 0", "sad: 2 → 0"])
        try await expectCleanEnd(of: watch)
    }

    // MARK: - --initial and the emotions named

    @Test func initialPrintsTheCurrentCountsBeforeAnyChange() async throws {
        let sandbox = try Sandbox()
        let counts = Counts(happy: 3, smile: 1, neutral: 0, upset: 2, sad: 5)
        try sandbox.writeDataFile(counts)
        let watch = try RunningWatch(["--initial"], in: sandbox)
        try expect(await watch.nextLines(5), equals: ["happy: 3", "smile: 1", "neutral: 0", "upset: 2", "sad: 5"])
        try await expectCleanEnd(of: watch)
        expect(sandbox.text(), equals: DataFile.text(counts), "watching changed the file")
    }

    @Test func initialWithJSONPrintsObjectsOfTheEmotionAndItsCountWithoutOld() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, smile: 1, neutral: 0, upset: 2, sad: 5))
        let watch = try RunningWatch(["--initial", "--json"], in: sandbox)
        let lines = try await watch.nextLines(5)
        expect(lines.map(PrintedJSONChange.init), equals: [
            PrintedJSONChange("happy", new: 3), PrintedJSONChange("smile", new: 1), PrintedJSONChange("neutral", new: 0),
            PrintedJSONChange("upset", new: 2), PrintedJSONChange("sad", new: 5),
        ])
        expect(lines.first, equals: #"{"emotion": "happy", "new": 3}"#)
        try await expectCleanEnd(of: watch)
    }

    @Test func watchingOneEmotionPrintsOnlyItsChanges() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["sad"], in: sandbox)
        let sad = try await watch.waitUntilEstablished(tapping: "sad", in: sandbox)
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await sandbox.run("tap", "sad", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "sad: \(sad) → \(sad + 1)", "happy's change came first")
        try await expectCleanEnd(of: watch)
    }

    @Test func watchingNamedEmotionsWithInitialPrintsOnlyTheirCountsAndChanges() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 4, upset: 1, sad: 2))
        let watch = try RunningWatch(["very-sad", "--initial", "upset", "sad"], in: sandbox)
        try expect(await watch.nextLines(2), equals: ["upset: 1", "sad: 2"], "in the tool's order, each once")
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await sandbox.run("tap", "happy", "sad", "smile", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "sad: 2 → 3", "happy's change came first")
        try await expectCleanEnd(of: watch)
    }

    // MARK: - The file and its folders coming and going

    @Test func aWatchStartedBeforeTheFileAndItsFoldersExistSeesTheFirstTap() async throws {
        let sandbox = try Sandbox()
        let watch = try RunningWatch(["--initial"], in: sandbox)
        try expect(await watch.nextLines(5), equals: Self.initialLines(Counts()))
        expect(sandbox.contentsOfHome(), equals: [], "watching created something")
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 0 → 1")
        try await expectCleanEnd(of: watch)
    }

    @Test func fileAndEmotionsFileChooseTheWatchedPathEvenThroughFoldersNotYetThere() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("elsewhere/a/b/counts.json")
        let byOption = try RunningWatch(["--file", file.path, "--initial", "smile"], in: sandbox)
        let byVariable = try RunningWatch(["--initial", "smile"], in: sandbox, environment: ["EMOTIONS_FILE": file.path])
        try expect(await byOption.nextLine(), equals: "smile: 0")
        try expect(await byVariable.nextLine(), equals: "smile: 0")
        expectSuccess(try await sandbox.run("tap", "smile", "--file", file.path, "-q"), stdout: "")
        try expect(await byOption.nextLine(), equals: "smile: 0 → 1")
        try expect(await byVariable.nextLine(), equals: "smile: 0 → 1")
        try await expectCleanEnd(of: byOption)
        try await expectCleanEnd(of: byVariable)
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func aLinkIntoFoldersNotYetThereIsFollowedWhenTheFirstTapMakesThem() async throws {
        let sandbox = try Sandbox()
        let link = sandbox.root.appendingPathComponent("mood.json")
        expect(symlink("dots/emotions/mood.json", link.path), equals: 0)
        let watch = try RunningWatch(["--file", link.path, "--initial", "happy"], in: sandbox)
        try expect(await watch.nextLine(), equals: "happy: 0")
        expectSuccess(try await sandbox.run("tap", "happy", "--file", link.path, "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 0 → 1")
        expectSuccess(try await sandbox.run("tap", "happy", "--file", link.path, "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 1 → 2")
        try await expectCleanEnd(of: watch)
    }

    @Test func aLinkRepointedInTheMiddleOfAChainOfLinksIsFollowed() async throws {
        let sandbox = try Sandbox()
        let root = sandbox.root
        for folder in ["A", "B", "C"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try sandbox.writeDataFile(Counts(happy: 1), to: root.appendingPathComponent("C/first.json"))
        try sandbox.writeDataFile(Counts(happy: 50), to: root.appendingPathComponent("C/second.json"))
        expect(symlink("../B/middle", root.appendingPathComponent("A/first").path), equals: 0)
        expect(symlink("../C/first.json", root.appendingPathComponent("B/middle").path), equals: 0)
        let file = root.appendingPathComponent("A/first").path
        let watch = try RunningWatch(["--file", file, "--initial", "happy"], in: sandbox)
        try expect(await watch.nextLine(), equals: "happy: 1")
        // As a dotfile manager switches generations: a new link renamed over the middle one.
        let replacement = root.appendingPathComponent("B/.middle-new").path
        expect(symlink("../C/second.json", replacement), equals: 0)
        expect(rename(replacement, root.appendingPathComponent("B/middle").path), equals: 0)
        try expect(await watch.nextLine(), equals: "happy: 1 → 50")
        expectSuccess(try await sandbox.run("tap", "happy", "--file", file, "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 50 → 51")
        try await expectCleanEnd(of: watch)
    }

    @Test func aDeletedFileIsPrintedAsCountsGoingToZeroOnceTheFolderIsQuietAndItsRecreationAsChanges() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 2, sad: 1))
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        let deleted = ContinuousClock.now
        try FileManager.default.removeItem(at: sandbox.defaultDataFile)
        try expect(await watch.nextLines(2), equals: ["happy: 2 → 0", "sad: 1 → 0"])
        let waited = ContinuousClock.now - deleted
        #expect(waited >= .milliseconds(50), "the deletion was told \(waited) after it, before the folder was quiet 50 ms")
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 0 → 1")
        try await expectCleanEnd(of: watch)
    }

    @Test func aFileReplacedByARenamePrintsTheDifferencesAndIsFollowedAfterwards() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, neutral: 4, sad: 1))
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        try replace(sandbox.defaultDataFile, with: DataFile.text(Counts(happy: 7, neutral: 4, upset: 2)))
        try expect(await watch.nextLines(3), equals: ["happy: 3 → 7", "upset: 0 → 2", "sad: 1 → 0"])
        // The watch now follows the new file, not the replaced one.
        expectSuccess(try await sandbox.run("tap", "neutral", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "neutral: 4 → 5")
        try await expectCleanEnd(of: watch)
    }

    @Test func theFoldersRemovedAndCreatedAgainAreFollowed() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 1))
        let folder = sandbox.defaultDataFile.deletingLastPathComponent()
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)

        // The data file's own folder.
        try FileManager.default.removeItem(at: folder)
        try expect(await watch.nextLine(), equals: "happy: 1 → 0")
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "happy: 0 → 1")

        // A folder further out, with the data file's folder in it.
        try FileManager.default.removeItem(at: folder.deletingLastPathComponent())
        try expect(await watch.nextLine(), equals: "happy: 1 → 0")
        expectSuccess(try await sandbox.run("tap", "sad", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "sad: 0 → 1")
        try await expectCleanEnd(of: watch)
    }

    @Test func aCorruptFileIsReportedOnceAndLaterChangesAreToldAgainstTheLastGoodCounts() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.defaultDataFile
        try sandbox.writeDataFile(Counts(happy: 2, sad: 1))
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)

        // Every write here is whole at once (a rename, or the same bytes again in place): a file written
        // in place is empty for a moment, which on a loaded machine may be seen, and told, as another problem.
        let corrupt = #"{"version": 1, "counts": {"happy": 3"#
        try replace(file, with: corrupt)
        let error = try await watch.nextErrorLine()
        #expect(error.hasPrefix("Error: The data file \(file.path) cannot be read: it is not valid JSON: "), "\(error)")
        #expect(error.hasSuffix(" Fix or move the file; still watching."), "\(error)")

        // The same bytes again, written in place and then by a rename. Each is given time to be looked at
        // (the watch waits for 50 ms of quiet before it believes a file unreadable); a slow machine can only
        // make this part prove less, never fail wrongly.
        try overwrite(file, with: corrupt)
        try await Task.sleep(for: .milliseconds(300))
        try replace(file, with: corrupt)
        try await Task.sleep(for: .milliseconds(300))

        try replace(file, with: DataFile.text(Counts(happy: 5, smile: 1, sad: 1)))
        try expect(await watch.nextLines(2), equals: ["happy: 2 → 5", "smile: 0 → 1"])
        // The error line for a second report would have been written before these lines.
        try expect(watch.unread().errors, equals: "", "the same problem was reported again")
        try await expectCleanEnd(of: watch)
    }

    // MARK: - Resources, signals and arguments

    #if os(Linux)
    @Test func anIdleWatchUsesNoCPUAndStillPrintsTheNextChange() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts())
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        let activity = try FolderActivity(around: sandbox.defaultDataFile)
        let before = try watch.cpuTime()
        try await Task.sleep(for: .seconds(2))
        let used = try watch.cpuTime() - before
        // Nothing but the events of other tests' folders in the folders on the way (/tmp) may wake it,
        // each for about 30 µs in a debug build: allowed 100 µs each. Waking to look, as polling would,
        // even every 10 ms, costs more than the 20 ms left.
        let foreign = activity.eventsSinceLastAsked()
        let allowed = Duration.milliseconds(20) + .microseconds(100) * foreign
        #expect(used <= allowed, "\(used) of CPU in 2 s with no change but \(foreign) events in the folders on the way")
        try expect(watch.unread(), equals: .nothing)
        expectSuccess(try await sandbox.run("tap", "upset", "-q"), stdout: "")
        try expect(await watch.nextLine(), equals: "upset: 0 → 1")
        try await expectCleanEnd(of: watch)
    }
    #endif

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalToEndEndsTheWatchPromptlyWithStatusZero(signal: Int32) async throws {
        let sandbox = try Sandbox()
        let watch = try RunningWatch(["--initial"], in: sandbox)
        _ = try await watch.nextLines(5)
        watch.send(signal)
        // Promptly: at once, in fact; the bound leaves room for a loaded machine running other tests.
        // Timed in this thread, and a failure if it takes longer: an awaiting task may be resumed
        // long after the end, when the run is busy.
        let ending = try watch.waitForPromptEnd(within: .seconds(5))
        expect(ending, equals: .exited(0), "signal \(signal): \(ending)")
        try expect(watch.unread(), equals: .nothing)
    }

    @Test func aMisspelledEmotionIsAUsageErrorWithASuggestion() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("watch", "hapy")
        expectUsageError(outcome, command: "emotions watch", message: "Unknown emotion 'hapy'. Did you mean 'happy'?")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func anUnknownOptionIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("watch", "--bogus")
        expectUsageError(outcome, command: "emotions watch", message: "Unknown option '--bogus'")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    // MARK: - Helpers

    /// Ends `watch` with `SIGINT` and expects status 0 and nothing printed that the test has not read.
    private func expectCleanEnd(of watch: RunningWatch, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        watch.send(SIGINT)
        let ending = try await watch.waitForEnd(sourceLocation: sourceLocation)
        #expect(ending == .exited(0), "\(ending)", sourceLocation: sourceLocation)
        #expect(try watch.unread() == .nothing, "printed but not expected", sourceLocation: sourceLocation)
    }

    /// Writes `text` over the start of `file` in place, without emptying it first: given the bytes it
    /// holds, a write that leaves it as it was, but is seen as a write.
    private func overwrite(_ file: URL, with text: String) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Replaces `file` as an editor or a careful program does: writes `text` to a new file in the same
    /// folder, then renames it over `file` in one step.
    private func replace(_ file: URL, with text: String) throws {
        let replacement = file.deletingLastPathComponent().appendingPathComponent(".replacement-\(UUID().uuidString)")
        try Data(text.utf8).write(to: replacement)
        guard rename(replacement.path, file.path) == 0 else {
            throw Emotions.Failure.systemCall("rename \(replacement.path) to \(file.path)", errno: errno)
        }
    }
}
