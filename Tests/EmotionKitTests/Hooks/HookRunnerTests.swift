import EmotionKit
import Foundation
import Testing

/// Running a change through the hooks: what a hook receives, and how each way of ending is reported.
@Suite struct HookRunnerTests {
    let change = Change(emotion: .sad, old: 4, new: 5)

    /// A runner for the folder's `hooks`, its hooks seeing only PATH, OUT (the folder) and `extra`.
    private func runner(
        _ folder: TemporaryFolder, dataFile: String? = nil, timeout: Duration = .seconds(10), depth: HookDepth = .top,
        extra: [String] = []
    ) -> HookRunner {
        HookRunner(
            folder: HookFolder(path: folder.file("hooks")), dataFile: dataFile ?? folder.file("mood.json"),
            timeout: timeout, depth: depth, environment: ["PATH=/usr/bin:/bin", "OUT=\(folder.path)"] + extra)
    }

    /// The only hook in the folder.
    private func onlyHook(_ folder: TemporaryFolder) throws -> Hook {
        let hooks = try HookFolder(path: folder.file("hooks")).hooks()
        try #require(hooks.count == 1)
        return hooks[0]
    }

    /// Every problem `runner` reports for `changes`, in order.
    private func problems(_ runner: HookRunner, _ changes: Change...) -> [HookProblem] {
        var problems: [HookProblem] = []
        runner.run(for: changes) { problems.append($0) }
        return problems
    }

    @Test func aHookReceivesTheChangeAsArgumentsStandardInputAndVariables() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("record", """
            #!/bin/sh
            printf '%s\\n' "$0" "$@" > "$OUT/arguments"
            cat > "$OUT/input"
            printf '%s\\n' "$EMOTIONS_EMOTION" "$EMOTIONS_OLD" "$EMOTIONS_NEW" "$EMOTIONS_FILE" "$EMOTIONS_HOOK" \\
                "$EMOTIONS_HOOK_DEPTH" > "$OUT/variables"
            pwd > "$OUT/directory"

            """)
        let dataFile = folder.file("mood.json")
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: .exited(status: 0))
        // A script is started from its open file, and its interpreter given that file's name.
        expect(folder.text(of: "arguments"), equals: "/proc/self/fd/3\nsad\n4\n5\n")
        expect(folder.text(of: "input"), equals: #"{"emotion": "sad", "old": 4, "new": 5, "file": "\#(dataFile)"}"# + "\n")
        #expect(folder.text(of: "variables") == "sad\n4\n5\n\(dataFile)\n\(folder.file("hooks/record"))\n1\n")
        expect(folder.text(of: "directory"), equals: FileManager.default.currentDirectoryPath + "\n")
    }

    @Test func theHooksVariablesReplaceInheritedOnesAndEverythingElseIsKept() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("environment", "#!/bin/sh\nenv > \"$OUT/environment\"\n")
        let inherited = [
            "EMOTIONS_EMOTION=happy", "EMOTIONS_OLD=99", "EMOTIONS_NEW=100", "EMOTIONS_FILE=/stale.json",
            "EMOTIONS_FILE=/repeated.json", "EMOTIONS_OLDER=kept", "KEPT=a value with spaces",
            "EMOTIONS_HOOK_TIMEOUT=3", "EMOTIONS_HOOK=/elsewhere", "EMOTIONS_HOOK_DEPTH=7",
        ]
        let outcome = runner(folder, extra: inherited).run(try onlyHook(folder), for: change)
        expect(outcome, equals: .exited(status: 0))
        let lines = (folder.text(of: "environment") ?? "").split(separator: "\n").map(String.init)
        for name in HookRunner.variableNames {
            expect(lines.filter { $0.hasPrefix(name + "=") }.count, equals: 1, "\(name) in \(lines)")
        }
        for entry in [
            "EMOTIONS_EMOTION=sad", "EMOTIONS_OLD=4", "EMOTIONS_NEW=5", "EMOTIONS_FILE=\(folder.file("mood.json"))",
            "EMOTIONS_OLDER=kept", "KEPT=a value with spaces", "EMOTIONS_HOOK_TIMEOUT=3", "OUT=\(folder.path)",
        ] {
            #expect(lines.contains(entry), "\(entry) not in \(lines)")
        }
    }

    @Test(arguments: ["mood.json", "./mood.json", "././mood.json"])
    func aRelativeDataFileIsGivenAsAnAbsolutePath(dataFile: String) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("file", "#!/bin/sh\nprintf '%s' \"$EMOTIONS_FILE\" > \"$OUT/file\"\n")
        expect(runner(folder, dataFile: dataFile).run(try onlyHook(folder), for: change), equals: .exited(status: 0))
        expect(folder.text(of: "file"), equals: FileManager.default.currentDirectoryPath + "/mood.json")
    }

    @Test func aHookThatInheritsNothingGetsOnlyItsOwnVariables() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("environment", "#!/bin/sh\n/usr/bin/env > \"$EMOTIONS_FILE.environment\"\n")
        let runner = HookRunner(
            folder: HookFolder(path: folder.file("hooks")), dataFile: folder.file("mood.json"), environment: [])
        expect(runner.run(try onlyHook(folder), for: change), equals: .exited(status: 0))
        let lines = (folder.text(of: "mood.json.environment") ?? "").split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("EMOTIONS_") }.sorted() == [
            "EMOTIONS_EMOTION=sad", "EMOTIONS_FILE=\(folder.file("mood.json"))",
            "EMOTIONS_HOOK=\(folder.file("hooks/environment"))", "EMOTIONS_HOOK_DEPTH=1", "EMOTIONS_NEW=5", "EMOTIONS_OLD=4",
            "EMOTIONS_TAGS=",
        ])
    }

    @Test func aHookThatReadsNoInputStillEndsWell() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("ignore-input", "#!/bin/sh\nexit 0\n")
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: .exited(status: 0))
    }

    @Test(arguments: [
        ("exit 3", HookOutcome.exited(status: 3)), ("exit 255", .exited(status: 255)),
        ("kill -KILL $$", .killed(signal: SIGKILL)), ("kill -TERM $$", .killed(signal: SIGTERM)),
        ("kill -SEGV $$", .killed(signal: SIGSEGV)),
    ])
    func howTheHookEndedIsReported(command: String, outcome: HookOutcome) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("ends", "#!/bin/sh\n\(command)\n")
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: outcome)
    }

    @Test func aHookOutOfTimeIsStoppedWithTheProcessesItStarted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("slow", "#!/bin/sh\nsleep 30 &\necho $! > \"$OUT/child\"\nwait\n")
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = runner(folder, timeout: .milliseconds(300)).run(try onlyHook(folder), for: change)
        let elapsed = clock.now - start
        expect(outcome, equals: .timedOut(after: .milliseconds(300)))
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(5), "took \(elapsed)")
        let child = try #require(Int32((folder.text(of: "child") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try stopsWithin(.seconds(5), child), "the hook's child \(child) still runs")
    }

    @Test func aHookThatIgnoresTerminationIsKilledHalfASecondLater() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("stubborn", "#!/bin/sh\ntrap '' TERM\nsleep 30 &\necho $! > \"$OUT/child\"\nwait\n")
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = runner(folder, timeout: .milliseconds(100)).run(try onlyHook(folder), for: change)
        let elapsed = clock.now - start
        expect(outcome, equals: .timedOut(after: .milliseconds(100)))
        #expect(elapsed >= .milliseconds(600) && elapsed < .seconds(5), "took \(elapsed)")
        let child = try #require(Int32((folder.text(of: "child") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try stopsWithin(.seconds(5), child), "the hook's child \(child) still runs")
    }

    /// Whether process `id` is gone by `limit`: a stopped orphan is reaped by another process, in its own time.
    private func stopsWithin(_ limit: Duration, _ id: Int32) throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while isRunning(id) {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    @Test func aTimeLimitOfZeroStopsAHookThatIsStillRunning() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("slow", "#!/bin/sh\nsleep 30\n")
        expect(runner(folder, timeout: .zero).run(try onlyHook(folder), for: change), equals: .timedOut(after: .zero))
    }

    @Test func aScriptWithoutAShebangLineCannotBeStarted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("no-shebang", "touch \"$OUT/ran\"\n")
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: .notStarted(errno: ENOEXEC))
        expect(folder.text(of: "ran"), equals: nil, "the script ran through a shell")
    }

    @Test func aHookReplacedAfterItWasJudgedRunsTheFileThatWasJudged() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("hook", "#!/bin/sh\necho judged > \"$OUT/ran\"\n")
        let hook = try onlyHook(folder)
        let swapped = try folder.writeHook("hook", "#!/bin/sh\necho swapped > \"$OUT/ran\"\n", in: "elsewhere")
        expect(rename(swapped, folder.file("hooks/hook")), equals: 0)
        expect(runner(folder).run(hook, for: change), equals: .exited(status: 0))
        expect(folder.text(of: "ran"), equals: "judged\n")
    }

    @Test func aHooksFolderSwappedForALinkAfterItWasJudgedRunsTheHooksThatWereJudged() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("hook", "#!/bin/sh\necho judged > \"$OUT/ran\"\n")
        try folder.writeHook("hook", "#!/bin/sh\necho planted > \"$OUT/ran\"\n", in: "planted")
        let hook = try onlyHook(folder)
        expect(rename(folder.file("hooks"), folder.file("judged")), equals: 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("hooks"), withDestinationPath: folder.file("planted"))
        expect(runner(folder).run(hook, for: change), equals: .exited(status: 0))
        expect(folder.text(of: "ran"), equals: "judged\n")
    }

    @Test func aHookRemovedAfterItWasJudgedStillRunsAsJudged() throws {
        let folder = try TemporaryFolder()
        let path = try folder.writeHook("gone", "#!/bin/sh\ntouch \"$OUT/ran\"\n")
        let hook = try onlyHook(folder)
        try FileManager.default.removeItem(atPath: path)
        expect(runner(folder).run(hook, for: change), equals: .exited(status: 0))
        #expect(folder.text(of: "ran") != nil)
    }

    @Test func aHookWithoutTrustIsNeverStarted() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("writable", "#!/bin/sh\ntouch \"$OUT/ran\"\n", permissions: 0o757)
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: .notStarted(errno: EPERM))
        expect(folder.text(of: "ran"), equals: nil)
    }

    @Test(arguments: [
        ("#!/nonexistent/interpreter\n", "/nonexistent/interpreter", ENOENT),
        ("#! /nonexistent/env   -S sh\n", "/nonexistent/env", ENOENT),
        ("#!INTERPRETER -x\n", "INTERPRETER", EACCES),
    ] as [(String, String, Int32)])
    func aScriptWhoseInterpreterCannotStartNamesTheInterpreter(script: String, interpreter: String, code: Int32) throws {
        let folder = try TemporaryFolder()
        // Not executable by anyone, root included.
        let notExecutable = try folder.writeHook("interpreter", "not a program\n", in: "bin", permissions: 0o644)
        let named = interpreter == "INTERPRETER" ? notExecutable : interpreter
        try folder.writeHook("script", script.replacingOccurrences(of: "INTERPRETER", with: notExecutable))
        expect(runner(folder).run(try onlyHook(folder), for: change), equals: .interpreterNotStarted(interpreter: named, errno: code))
    }

    @Test func aHookWhoseNameIsNotUTF8StillRuns() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("placeholder", "#!/bin/sh\ntouch \"$OUT/ran\"\n")
        let name: [CChar] = Array(folder.file("hooks/n").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        expect(rename(folder.file("hooks/placeholder"), name), equals: 0)
        let hook = try onlyHook(folder)
        expect(hook.name, equals: "n\u{FFFD}")
        expect(runner(folder).run(hook, for: change), equals: .exited(status: 0))
        #expect(folder.text(of: "ran") != nil)
    }

    @Test func aChangeRunsEveryHookInNameOrderAndReportsEachFailure() throws {
        let folder = try TemporaryFolder()
        for (name, status) in [("30-last", 0), ("10-first", 0), ("20-fails", 2), ("25-fails-too", 1)] {
            try folder.writeHook(name, "#!/bin/sh\necho \"$(basename \"$EMOTIONS_HOOK\") $1\" >> \"$OUT/log\"\nexit \(status)\n")
        }
        let problems = problems(runner(folder), change)
        expect(folder.text(of: "log"), equals: "10-first sad\n20-fails sad\n25-fails-too sad\n30-last sad\n")
        expect(problems, equals: [
            .hookFailed(hook: "20-fails", .exited(status: 2), change: change),
            .hookFailed(hook: "25-fails-too", .exited(status: 1), change: change),
        ])
    }

    @Test func anUntrustedHookIsReportedOnceAndNeverRunWhileTheOthersRunForEachChange() throws {
        let folder = try TemporaryFolder()
        let logger = "#!/bin/sh\necho \"$(basename \"$EMOTIONS_HOOK\") $1\" >> \"$OUT/log\"\n"
        try folder.writeHook("10-fine", logger)
        let writable = try folder.writeHook("20-writable", logger, permissions: 0o757)
        try folder.writeHook("30-fine", logger)
        let happy = Change(emotion: .happy, old: 0, new: 1)
        let problems = problems(runner(folder), happy, change)
        expect(folder.text(of: "log"), equals: "10-fine happy\n30-fine happy\n10-fine sad\n30-fine sad\n")
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o757, owner: geteuid(), group: 0), user: geteuid()))
        expect(problems, equals: [.untrustedHook(path: writable, distrust, changes: [happy, change])])
    }

    @Test func anUntrustedFolderIsReportedOnceAndNoneOfItsHooksRun() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("fine", "#!/bin/sh\ntouch \"$OUT/ran\"\n")
        expect(chmod(folder.file("hooks"), 0o777), equals: 0)
        let happy = Change(emotion: .happy, old: 0, new: 1)
        let problems = problems(runner(folder), happy, change)
        expect(folder.text(of: "ran"), equals: nil, "a hook ran")
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o777, owner: geteuid(), group: 0), user: geteuid()))
        expect(problems, equals: [.untrustedFolder(path: folder.file("hooks"), distrust, changes: [happy, change])])
    }

    @Test func noChangesListNoFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a folder", to: "hooks")
        expect(problems(runner(folder)), equals: [])
    }

    @Test func aMissingFolderRunsNothingAndReportsNothing() throws {
        let folder = try TemporaryFolder()
        expect(problems(runner(folder), change), equals: [])
        try expect(folder.contents(), equals: [])
    }

    @Test func aFolderThatCannotBeListedIsReportedOnce() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not a folder", to: "hooks")
        expect(problems(runner(folder), change), equals: [
            .unreadableFolder(SystemError(call: "opendir", path: path, errno: ENOTDIR), changes: [change])
        ])
    }

    // MARK: - Nesting

    /// The process group of the process that ran `script` as a hook at `depth`, and that of this test.
    private func groups(at depth: HookDepth) throws -> (hook: Int32, ours: Int32) {
        let folder = try TemporaryFolder()
        // The fifth field of /proc/<pid>/stat, counted after the command's closing parenthesis.
        try folder.writeHook("group", "#!/bin/sh\nsed 's/.*) //' /proc/$$/stat | cut -d' ' -f3 > \"$OUT/group\"\n")
        expect(runner(folder, depth: depth).run(try onlyHook(folder), for: change), equals: .exited(status: 0))
        let group = try #require(Int32((folder.text(of: "group") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        return (group, getpgrp())
    }

    @Test func aHookRunsInAGroupOfItsOwnUnlessItsEmotionsRunsInsideAHook() throws {
        let top = try groups(at: .top)
        #expect(top.hook != top.ours)
        let nested = try groups(at: HookDepth(variable: "1"))
        expect(nested.hook, equals: nested.ours)
    }

    @Test(arguments: [("0", "1"), ("", "1"), ("2", "3"), ("3", "4")])
    func aHookIsToldItsDepthOneDeeper(depth: String, told: String) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("depth", "#!/bin/sh\nprintf %s \"$EMOTIONS_HOOK_DEPTH\" > \"$OUT/depth\"\n")
        var problems: [HookProblem] = []
        runner(folder, depth: HookDepth(variable: depth)).run(for: [change]) { problems.append($0) }
        expect(problems, equals: [])
        expect(folder.text(of: "depth"), equals: told)
    }

    @Test(arguments: ["4", "5", "0004", "99999999999999999999999", "-1", "two", " 1"])
    func noHookRunsFromTheDepthLimitOnOrAtAnUnknownDepth(depth: String) throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("a", "#!/bin/sh\ntouch \"$OUT/ran\"\n")
        try folder.writeHook("b", "#!/bin/sh\ntouch \"$OUT/ran\"\n")
        let happy = Change(emotion: .happy, old: 0, new: 1)
        let runner = runner(folder, depth: HookDepth(variable: depth))
        expect(problems(runner, happy, change), equals: [.tooDeep(HookDepth(variable: depth), changes: [happy, change])])
        expect(folder.text(of: "ran"), equals: nil, "a hook ran")
    }

    @Test func atTheDepthLimitAFolderWithoutHooksSaysNothing() throws {
        let folder = try TemporaryFolder()
        try folder.writeHook("README", "not a hook\n", permissions: 0o644)
        expect(problems(runner(folder, depth: HookDepth(variable: "4")), change), equals: [])
    }

    @Test func aNestedHookOutOfTimeIsStoppedWithWhatItStartedButNotThisProcessesGroup() throws {
        let folder = try TemporaryFolder()
        // This test's own group would get the signals too if they went to the group: the test would die.
        try folder.writeHook("slow", "#!/bin/sh\nsleep 30 &\necho $! > \"$OUT/child\"\nwait\n")
        let outcome = runner(folder, timeout: .milliseconds(300), depth: HookDepth(variable: "1"))
            .run(try onlyHook(folder), for: change)
        expect(outcome, equals: .timedOut(after: .milliseconds(300)))
        let child = try #require(Int32((folder.text(of: "child") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try stopsWithin(.seconds(5), child), "the hook's child \(child) still runs")
    }

    // MARK: - The terminal

    @Test(arguments: ["TTOU", "TTIN"])
    func aHookStoppedForUsingTheTerminalIsEndedAtOnce(signal: String) throws {
        let folder = try TemporaryFolder()
        // What job control does to a background process that changes or reads the terminal.
        try folder.writeHook("terminal", "#!/bin/sh\nkill -\(signal) $$\ntouch \"$OUT/continued\"\n")
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = runner(folder, timeout: .seconds(20)).run(try onlyHook(folder), for: change)
        expect(outcome, equals: .stoppedByTerminal)
        #expect(clock.now - start < .seconds(5), "took \(clock.now - start)")
        // Any other stop may be undone (SIGCONT), so it is left to the time limit.
        try folder.writeHook("terminal", "#!/bin/sh\nkill -STOP $$\n")
        let stopped = runner(folder, timeout: .milliseconds(300)).run(try onlyHook(folder), for: change)
        expect(stopped, equals: .timedOut(after: .milliseconds(300)))
    }
}
