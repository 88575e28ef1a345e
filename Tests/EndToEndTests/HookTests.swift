import Foundation
import Testing

/// Hooks: executables in the hooks folder, run after each committed change with the change as
/// arguments, standard input and variables; their failures are warnings that undo nothing.
struct HookTests {
    /// A hook that appends its name and arguments to `$OUT/log`.
    static let logger = #"""
        #!/bin/sh
        echo "$(basename "$EMOTIONS_HOOK") $*" >> "$OUT/log"

        """#

    @Test func aHookReceivesTheChangeAsArgumentsStandardInputAndVariables() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 4))
        let hook = try sandbox.writeHook("record", #"""
            #!/bin/sh
            printf '%s\n' "$0" "$@" > "$OUT/arguments"
            cat > "$OUT/input"
            printf '%s\n' "$EMOTIONS_EMOTION" "$EMOTIONS_OLD" "$EMOTIONS_NEW" "$EMOTIONS_FILE" "$EMOTIONS_HOOK" \
                "$EMOTIONS_HOOK_DEPTH" > "$OUT/variables"
            pwd -P > "$OUT/directory"

            """#)
        let outcome = try await sandbox.run("tap", "sad", environment: try sandbox.hookEnvironment())
        expectSuccess(outcome, stdout: "sad: 4 → 5\n")
        let file = sandbox.defaultDataFile.path
        // A script is run from the file that was judged, open as descriptor 3: its $0 is that descriptor's path.
        expect(sandbox.hookOutputLines("arguments"), equals: ["/proc/self/fd/3", "sad", "4", "5"])
        // The change, then what the history keeps of it (its time at our offset, the command), then the file.
        let input = try #require(sandbox.hookOutput("input"))
        #expect(input.hasPrefix(#"{"emotion": "sad", "old": 4, "new": 5, "at": ""#), "\(input)")
        #expect(input.hasSuffix(#"", "command": "tap", "file": "\#(file)"}"# + "\n"), "\(input)")
        let at = try #require(DataFile.object(input)?["at"] as? String)
        #expect(at.count == 29 && at.contains("T"), "an RFC 3339 time with milliseconds and offset: \(at)")
        expect(sandbox.hookOutputLines("variables"), equals: ["sad", "4", "5", file, hook.path, "1"])
        expect(sandbox.hookOutputLines("directory"), equals: [sandbox.home.resolvingSymlinksInPath().path])
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 5)))
    }

    /// The static binary lends one entry of its environment to a `SWIFT_BACKTRACE` setting while the
    /// Swift runtime starts (CRuntimeSettings): by `main` it is back, and a hook sees none of it.
    @Test func aHookSeesTheEnvironmentAsItWasGivenWithNoSettingOfTheRuntimesStart() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("environment", "#!/bin/sh\nenv > \"$OUT/environment\"\n")
        let given = try sandbox.hookEnvironment(["A_FIRST": "1", "Z_LAST": "two words"])
        expectSuccess(try await sandbox.run("tap", "sad", environment: given), stdout: "sad: 0 → 1\n")
        let seen = sandbox.hookOutputLines("environment")
        for (name, value) in sandbox.baseEnvironment.merging(given, uniquingKeysWith: { $1 }) {
            #expect(seen.contains("\(name)=\(value)"), "\(name)=\(value) in \(seen)")
        }
        #expect(!seen.contains { $0.hasPrefix("SWIFT_BACKTRACE=") }, "\(seen)")
    }

    @Test func eachHookRunsOncePerChangeInNameOrderAfterTapAddAndReset() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("20-second", HookTests.logger)
        try sandbox.writeHook("10-first", HookTests.logger)
        let environment = try sandbox.hookEnvironment()
        expectSuccess(try await sandbox.run("tap", "happy", "sad", environment: environment), stdout: "happy: 0 → 1\nsad: 0 → 1\n")
        expect(sandbox.hookOutputLines("log"), equals: ["10-first happy 0 1", "20-second happy 0 1", "10-first sad 0 1", "20-second sad 0 1"])

        expectSuccess(try await sandbox.run("add", "sad", "3", environment: environment), stdout: "sad: 1 → 4\n")
        expectSuccess(try await sandbox.run("reset", "--all", environment: environment), stdout: "happy: 1 → 0\nsad: 4 → 0\n")
        expect(sandbox.hookOutputLines("log").dropFirst(4), equals: [
            "10-first sad 1 4", "20-second sad 1 4",
            "10-first happy 1 0", "20-second happy 1 0", "10-first sad 4 0", "20-second sad 4 0",
        ])
    }

    @Test func everyChangeIsPrintedBeforeAnyHookRuns() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("echo", "#!/bin/sh\necho \"hook saw $1\"\n")
        // Standard output and error into one file, outside HOME, so that their order shows.
        let outcome = try await sandbox.runShell(#""$0" tap happy sad > "$HOME/../both" 2>&1"#, binary: try Emotions.binary().path)
        expect(outcome.status, equals: 0, "\(outcome)")
        #expect(sandbox.text(of: sandbox.root.appendingPathComponent("both"))
            == "happy: 0 → 1\nsad: 0 → 1\nhook saw happy\nhook saw sad\n")
    }

    @Test func theFirstHookRunFindsEveryLineAlreadyWritten() async throws {
        let sandbox = try Sandbox()
        // Each run copies what standard output, a file outside HOME, holds by the time it starts.
        try sandbox.writeHook("copy-output", #"""
            #!/bin/sh
            cat "$HOME/../output" > "$HOME/../seen-for-$1"

            """#)
        let outcome = try await sandbox.runShell(
            #""$0" tap --json happy sad > "$HOME/../output""#, binary: try Emotions.binary().path)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        let lines = """
            {"emotion": "happy", "old": 0, "new": 1}
            {"emotion": "sad", "old": 0, "new": 1}

            """
        expect(sandbox.text(of: sandbox.root.appendingPathComponent("output")), equals: lines)
        #expect(sandbox.text(of: sandbox.root.appendingPathComponent("seen-for-happy")) == lines,
            "the hook for happy ran before sad's line was written")
        expect(sandbox.text(of: sandbox.root.appendingPathComponent("seen-for-sad")), equals: lines)
    }

    @Test func aFailingHookIsAWarningAndTheChangeStaysSaved() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("notify-sad", "#!/bin/sh\nexit 3\n")
        try sandbox.writeHook("zz-after", HookTests.logger)
        let outcome = try await sandbox.run("tap", "sad", environment: try sandbox.hookEnvironment())
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "sad: 0 → 1\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: Hook 'notify-sad' exited with status 3; the change sad: 0 → 1 is saved.\n")
        expect(sandbox.hookOutputLines("log"), equals: ["zz-after sad 0 1"], "a failure stopped the later hooks")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1)))
    }

    @Test(arguments: [
        ("#!/bin/sh\nkill -KILL $$\n", "was killed by signal 9 (SIGKILL); the change happy: 0 → 2 is saved."),
        (
            "echo no shebang line\n", "could not be started: Exec format error (ENOEXEC); the change happy: 0 → 2 is "
                + "saved. A script needs a '#!' line, such as #!/bin/sh."
        ),
        (
            "#!/usr/bin/nope -x\necho hi\n", "could not be started: its interpreter '/usr/bin/nope', which its '#!' line "
                + "names, was not found (No such file or directory); the change happy: 0 → 2 is saved. Install it, or "
                + "name another in the hook's first line."
        ),
    ])
    func aHookThatDiesOrCannotStartIsAWarning(script: String, description: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("broken", script)
        let outcome = try await sandbox.run("add", "happy", "2")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "happy: 0 → 2\n", "\(outcome)")
        expect(outcome.stderrLines, equals: ["Warning: Hook 'broken' \(description)"])
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 2)))
    }

    @Test func aHookOutOfTimeIsStoppedWithItsChildrenAndTheChangeStaysSaved() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("slow", Sandbox.noteStart + "sleep 30 &\necho $! > \"$OUT/child\"\nwait\n")
        let outcome = try await sandbox.runNotingEnd(
            ["tap", "sad"], environment: try sandbox.hookEnvironment(["EMOTIONS_HOOK_TIMEOUT": "0.3"]))
        let elapsed = try sandbox.secondsTheHookRan()
        #expect(elapsed < 5, "took \(elapsed) s from the hook's start")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "sad: 0 → 1\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: Hook 'slow' did not finish within 300 ms and was stopped; the change "
            + "sad: 0 → 1 is saved. Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds).\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1)))
        let child = try #require(Int32(sandbox.hookOutputLines("child").first ?? ""), "the hook never started its child")
        #expect(await processStops(child, within: .seconds(5)), "the hook's sleep \(child) still runs")
    }

    @Test func noHookRunsForAChangeThatChangesNothingOrFails() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("log", HookTests.logger)
        let environment = try sandbox.hookEnvironment()
        for arguments in [["reset", "sad"], ["add", "sad", "0"], ["reset", "--all"]] {
            expectSuccess(try await sandbox.run(arguments, environment: environment), stdout: "")
        }
        expectFailure(try await sandbox.run("add", "sad", "-1", environment: environment), status: 64)
        expectUsageError(
            try await sandbox.run("tap", "hapy", environment: environment), command: "emotions tap",
            message: "Unknown emotion 'hapy'.")
        try sandbox.write("{oops", to: sandbox.defaultDataFile)
        expectFailure(try await sandbox.run("tap", "sad", environment: environment), status: 65)
        #expect(sandbox.hookOutput("log") == nil, "a hook ran: \(sandbox.hookOutputLines("log"))")

        // The same hook does run once there is a change.
        try sandbox.writeDataFile(Counts(sad: 2))
        expectSuccess(try await sandbox.run("tap", "sad", "--quiet", environment: environment), stdout: "")
        expect(sandbox.hookOutputLines("log"), equals: ["log sad 2 3"])
    }

    @Test(arguments: [["tap", "sad", "--no-hooks"], ["add", "--no-hooks", "sad", "2"], ["reset", "sad", "--no-hooks", "--json"]])
    func noHooksSkipsThem(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 1))
        try sandbox.writeHook("log", HookTests.logger)
        let outcome = try await sandbox.run(arguments, environment: try sandbox.hookEnvironment())
        #expect(outcome.status == 0 && outcome.stderr == "" && outcome.stdoutLines.count == 1, "\(outcome)")
        #expect(sandbox.text() != DataFile.text(Counts(sad: 1)), "nothing was changed")
        #expect(sandbox.hookOutput("log") == nil, "a hook ran: \(sandbox.hookOutputLines("log"))")
    }

    @Test(arguments: ["my hooks", "ABSOLUTE"])
    func hooksDirChoosesTheFolder(folder: String) async throws {
        let sandbox = try Sandbox()
        let chosen = folder == "ABSOLUTE"
            ? sandbox.root.appendingPathComponent("elsewhere") : sandbox.home.appendingPathComponent(folder)
        try sandbox.writeHook("chosen", HookTests.logger, in: chosen)
        try sandbox.writeHook("default", HookTests.logger)
        let path = folder == "ABSOLUTE" ? chosen.path : folder
        let outcome = try await sandbox.run("tap", "smile", environment: try sandbox.hookEnvironment(["EMOTIONS_HOOKS_DIR": path]))
        expectSuccess(outcome, stdout: "smile: 0 → 1\n")
        expect(sandbox.hookOutputLines("log"), equals: ["chosen smile 0 1"])
    }

    @Test func anEmptyHooksDirMeansTheDefaultFolder() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("default", HookTests.logger)
        let outcome = try await sandbox.run("tap", "upset", environment: try sandbox.hookEnvironment(["EMOTIONS_HOOKS_DIR": ""]))
        expectSuccess(outcome, stdout: "upset: 0 → 1\n")
        expect(sandbox.hookOutputLines("log"), equals: ["default upset 0 1"])
    }

    @Test func aHooksOutputGoesToStandardErrorSoJSONOutputStaysPure() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("chatty", "#!/bin/sh\necho \"to stdout: $1\"\necho \"to stderr: $1\" >&2\n")
        let outcome = try await sandbox.run("tap", "--json", "happy", "sad")
        expect(outcome.status, equals: 0, "\(outcome)")
        #expect(outcome.stdout == """
            {"emotion": "happy", "old": 0, "new": 1}
            {"emotion": "sad", "old": 0, "new": 1}

            """)
        expect(outcome.stderrLines, equals: ["to stdout: happy", "to stderr: happy", "to stdout: sad", "to stderr: sad"])
    }

    @Test func namesWithSpacesQuotesAndCommandSubstitutionsAreHarmless() async throws {
        let sandbox = try Sandbox()
        let folderName = #"we'ird "dir" $(touch pwned-folder)"#
        let fileName = #"mood 'a' "b" $(touch pwned-file);.json"#
        let hookName = #"it's "a" $(touch pwned-hook) `touch pwned-tick` hook"#
        let dataFile = sandbox.home.appendingPathComponent(folderName).appendingPathComponent(fileName)
        let hooks = sandbox.home.appendingPathComponent(folderName).appendingPathComponent("hooks")
        try sandbox.writeHook(hookName, #"""
            #!/bin/sh
            printf '%s\n' "$EMOTIONS_HOOK" "$EMOTIONS_FILE" > "$OUT/names"
            cat > "$OUT/input"
            exit 1

            """#, in: hooks)
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", folderName + "/" + fileName], environment: try sandbox.hookEnvironment())
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "sad: 0 → 1\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: Hook '\(hookName)' exited with status 1; the change sad: 0 → 1 is saved.\n")
        expect(sandbox.hookOutputLines("names"), equals: [hooks.appendingPathComponent(hookName).path, dataFile.path])
        let input = DataFile.object(sandbox.hookOutput("input"))
        expect(input?["file"] as? String, equals: dataFile.path)
        expect(input?["emotion"] as? String, equals: "sad")
        expect(sandbox.contentsOfHome(), equals: [
            folderName, "\(folderName)/\(fileName)", "\(folderName)/\(fileName).journal", "\(folderName)/\(fileName).lock",
            "\(folderName)/hooks",
            "\(folderName)/hooks/\(hookName)",
        ].sorted())
        try expect(FileManager.default.contentsOfDirectory(atPath: sandbox.hookOutput.path).sorted(), equals: ["input", "names"])
    }

    @Test func aHooksControlCharactersNeverReachTheTerminalRaw() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("bell\u{7}\u{1B}[31mred", "#!/bin/sh\nexit 2\n")
        let outcome = try await sandbox.run("tap", "neutral")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: #"Warning: Hook "bell\u0007\u001b[31mred" exited with status 2; "#
            + "the change neutral: 0 → 1 is saved.\n")
    }

    @Test func aHooksFolderThatCannotBeListedIsAWarning() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("not a folder\n", to: sandbox.defaultHooksFolder)
        let outcome = try await sandbox.run("tap", "smile")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "smile: 0 → 1\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: Cannot read the hooks folder '\(sandbox.defaultHooksFolder.path)': "
            + "Not a directory; no hook ran for the change smile: 0 → 1, which is saved. "
            + "Make it a folder you may read, or move it away.\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(smile: 1)))
    }

    @Test func hooksStillRunWhenStandardErrorIsClosed() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("chatty", #"""
            #!/bin/sh
            echo "to stdout" && echo "to stderr" >&2 && echo "$1" >> "$HOME/../ran"

            """#)
        let outcome = try await sandbox.runShell(#"exec "$0" tap happy sad 2>&-"#, binary: try Emotions.binary().path)
        expectSuccess(outcome, stdout: "happy: 0 → 1\nsad: 0 → 1\n")
        #expect(sandbox.text(of: sandbox.root.appendingPathComponent("ran")) == "happy\nsad\n",
            "the hook did not run, or could not write to its standard output or error")
    }

    // MARK: - Trust

    /// Runs `tap sad` with `--file` beside `hooks` in `folder` (HOME if not given), and expects it to
    /// succeed, save the change and print `warning`, with no hook run.
    private func expectNotRun(_ sandbox: Sandbox, in folder: URL? = nil, environment: [String: String] = [:], warning: String)
        async throws
    {
        let file = (folder ?? sandbox.home).appendingPathComponent("mood.json")
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", file.path], environment: try sandbox.hookEnvironment(environment))
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "sad: 0 → 1\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: \(warning)\n", "\(outcome)")
        expect(sandbox.text(of: file), equals: DataFile.text(Counts(sad: 1)))
        #expect(sandbox.hookOutput("log") == nil, "a hook ran: \(sandbox.hookOutputLines("log"))")
    }

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root may make a folder another user's"))
    func aHooksFolderAnotherUserMadeInASharedFolderIsNotRun() async throws {
        let sandbox = try Sandbox()
        // As in /tmp: anyone may make a folder there, and hooks beside a data file there are theirs.
        let shared = sandbox.root.appendingPathComponent("shared")
        let hooks = shared.appendingPathComponent("hooks")
        try sandbox.writeHook("x", HookTests.logger, in: hooks)
        expect(chmod(shared.path, 0o1777), equals: 0)
        #expect(chown(hooks.path, 12345, 12345) == 0 && chown(hooks.appendingPathComponent("x").path, 12345, 12345) == 0)
        try await expectNotRun(sandbox, in: shared, warning: "The hooks folder '\(hooks.path)' is owned by user 12345, so "
            + "no hook in it was run: another user could put programs there to run as you. The change sad: 0 → 1 is "
            + "saved. Use a folder of your own: mv -- '\(hooks.path)' '\(hooks.path).untrusted' && mkdir -m 700 -- "
            + "'\(hooks.path)', or choose another with EMOTIONS_HOOKS_DIR.")
    }

    @Test(arguments: [(0o775, "writable by its group"), (0o757, "writable by others"), (0o1777, "writable by its group and by others")])
    func aHooksFolderOthersMayWriteToIsNotRun(permissions: Int, reason: String) async throws {
        let sandbox = try Sandbox()
        let hooks = sandbox.home.appendingPathComponent("hooks")
        try sandbox.writeHook("log", HookTests.logger, in: hooks)
        expect(chmod(hooks.path, mode_t(permissions)), equals: 0)
        try await expectNotRun(sandbox, warning: "The hooks folder '\(hooks.path)' is \(reason), so no hook in it was "
            + "run: another user could put programs there to run as you. The change sad: 0 → 1 is saved. "
            + "Make it writable only by you: chmod go-w -- '\(hooks.path)'.")
    }

    @Test func aHooksDirOthersMayWriteToIsNotRunEither() async throws {
        let sandbox = try Sandbox()
        let hooks = sandbox.root.appendingPathComponent("chosen")
        try sandbox.writeHook("log", HookTests.logger, in: hooks)
        expect(chmod(hooks.path, 0o777), equals: 0)
        try await expectNotRun(sandbox, environment: ["EMOTIONS_HOOKS_DIR": hooks.path], warning: "The hooks folder "
            + "'\(hooks.path)' is writable by its group and by others, so no hook in it was run: another user could "
            + "put programs there to run as you. The change sad: 0 → 1 is saved. "
            + "Make it writable only by you: chmod go-w -- '\(hooks.path)'.")
    }

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root may make a file another user's"))
    func aHookAnotherUserOwnsIsNotRun() async throws {
        let sandbox = try Sandbox()
        let hook = try sandbox.writeHook("theirs", HookTests.logger, in: sandbox.home.appendingPathComponent("hooks"))
        expect(chown(hook.path, 12345, 12345), equals: 0)
        try await expectNotRun(sandbox, warning: "Hook '\(hook.path)' is owned by user 12345, so it was not run: "
            + "another user could change what it runs as you. The change sad: 0 → 1 is saved. "
            + HookTests.copyAdvice(hook.path))
    }

    /// The fix a warning gives for a hook someone else could write: a copy of your own in its place.
    static func copyAdvice(_ path: String) -> String {
        "Read it, then put a copy of your own in its place, which no one else can have open: "
            + "install -m 755 -- '\(path)' '\(path).new' && mv -- '\(path).new' '\(path)'."
    }

    @Test func aHookItsGroupMayWriteToIsNotRunAndTheOthersStillAre() async throws {
        let sandbox = try Sandbox()
        let hooks = sandbox.home.appendingPathComponent("hooks")
        try sandbox.writeHook("10-group", HookTests.logger, in: hooks, permissions: 0o775)
        try sandbox.writeHook("20-fine", HookTests.logger, in: hooks)
        // Named by its path as the data file's gives it: relative, here.
        let hook = "hooks/10-group"
        let outcome = try await sandbox.run(
            ["tap", "sad", "happy", "--file", "mood.json"], environment: try sandbox.hookEnvironment())
        expectSuccess(outcome, stdout: "sad: 0 → 1\nhappy: 0 → 1\n", stderr: "Warning: Hook '\(hook)' is "
            + "writable by its group, so it was not run: another user could change what it runs as you. The changes "
            + "sad: 0 → 1 and happy: 0 → 1 are saved. " + HookTests.copyAdvice(hook) + "\n")
        expect(sandbox.hookOutputLines("log"), equals: ["20-fine sad 0 1", "20-fine happy 0 1"])
    }

    @Test func aLinkedHookIsJudgedByTheFileItLeadsTo() async throws {
        let sandbox = try Sandbox()
        let hooks = sandbox.home.appendingPathComponent("hooks")
        let fine = try sandbox.writeHook("fine", HookTests.logger, in: sandbox.root.appendingPathComponent("library"))
        let writable = try sandbox.writeHook(
            "writable", HookTests.logger, in: sandbox.root.appendingPathComponent("library"), permissions: 0o757)
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        expect(chmod(hooks.path, 0o755), equals: 0)
        try FileManager.default.createSymbolicLink(at: hooks.appendingPathComponent("10-fine"), withDestinationURL: fine)
        try FileManager.default.createSymbolicLink(at: hooks.appendingPathComponent("20-writable"), withDestinationURL: writable)
        let outcome = try await sandbox.run(["tap", "sad", "--file", "mood.json"], environment: try sandbox.hookEnvironment())
        let link = "hooks/20-writable"
        expectSuccess(outcome, stdout: "sad: 0 → 1\n", stderr: "Warning: Hook '\(link)' is writable by others, so it "
            + "was not run: another user could change what it runs as you. The change sad: 0 → 1 is saved. "
            + HookTests.copyAdvice(link) + "\n")
        expect(sandbox.hookOutputLines("log"), equals: ["10-fine sad 0 1"])
    }

    @Test func aHookInheritsNoDescriptorButItsStandardThreeAndItsOwnFile() async throws {
        let sandbox = try Sandbox()
        // The shell itself may hold its script open, closed on exec: list the descriptors of a program it executes.
        try sandbox.writeHook("descriptors", #"""
            #!/bin/sh
            readlink /proc/$$/fd/3 > "$OUT/three"
            exec ls /proc/self/fd > "$OUT/descriptors"

            """#)
        // emotions starts with only 0, 1 and 2 (the test runner leaks others), so any more would be ours.
        let script = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; "#
            + #"exec "$0" tap happy"#
        let outcome = try await Emotions.run(
            ["-c", script, try Emotions.binary().path],
            environment: sandbox.baseEnvironment.merging(try sandbox.hookEnvironment()) { $1 }, directory: sandbox.home,
            captureFolder: sandbox.capture, executable: URL(fileURLWithPath: "/bin/bash"))
        expectSuccess(outcome, stdout: "happy: 0 → 1\n")
        // 3 is the hook's own file, which it was started through; ls opens one more, 4, to read the folder.
        expect(sandbox.hookOutputLines("descriptors"), equals: ["0", "1", "2", "3", "4"])
        expect(sandbox.hookOutputLines("three"), equals: [sandbox.defaultHooksFolder.appendingPathComponent("descriptors").path])
    }

    @Test func aHookMayRunEmotionsOnTheSameFileWithNoHooks() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("mood.json")
        // The lock is released before hooks run: a hook that waited for it would fail within the 1 s limit.
        try sandbox.writeHook("also-happy", #"""
            #!/bin/sh
            [ "$1" = sad ] && exec "$EMOTIONS" tap happy --no-hooks

            """#, in: sandbox.root.appendingPathComponent("hooks"))
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", file.path],
            environment: ["EMOTIONS": try Emotions.binary().path, "EMOTIONS_LOCK_TIMEOUT": "1"])
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdoutLines, equals: ["sad: 0 → 1"], "\(outcome)")
        expect(outcome.stderrLines, equals: ["happy: 0 → 1"], "the nested tap's line, on the hook's standard output")
        expect(sandbox.text(of: file), equals: DataFile.text(Counts(happy: 1, sad: 1)))
    }

    @Test(arguments: ["soon", "-1", "86401", "nan", "inf", "0x10", "1e3", "1e-400"])
    func anUnusableHookTimeoutIsAUsageErrorOfEveryChangingCommand(timeout: String) async throws {
        let sandbox = try Sandbox()
        let environment = ["EMOTIONS_HOOK_TIMEOUT": timeout]
        for arguments in [["tap", "happy"], ["add", "sad", "2", "--no-hooks"], ["reset", "--all"]] {
            let outcome = try await sandbox.run(arguments, environment: environment)
            expectFailure(outcome, status: 64)
            expect(outcome.stderr, equals: "Error: The environment variable EMOTIONS_HOOK_TIMEOUT='\(timeout)' is invalid: "
                + "expected a number of seconds from 0 to 86400, in digits with at most three decimals, such as 2.5. "
                + "Fix or unset it.\n")
        }
        expect(sandbox.contentsOfHome(), equals: [])
        expectSuccess(try await sandbox.run(["stats", "sad"], environment: environment), stdout: "0\n")
    }

    @Test(arguments: ["x", "-1"])
    func anUnusableHookDepthRunsNoHookAndSaysWhy(depth: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("log", HookTests.logger)
        let outcome = try await sandbox.run(
            "tap", "sad", environment: try sandbox.hookEnvironment(["EMOTIONS_HOOK_DEPTH": depth]))
        expectSuccess(outcome, stdout: "sad: 0 → 1\n", stderr: "Warning: EMOTIONS_HOOK_DEPTH='\(depth)' is not a whole "
            + "number, so how deeply this runs inside hooks cannot be told; no hook ran for the change sad: 0 → 1, which "
            + "is saved. emotions sets it for the hooks it runs: unset it, or set it to 0.\n")
        expect(sandbox.hookOutput("log"), equals: nil, "a hook ran")
        expectSuccess(try await sandbox.run("tap", "sad", "--no-hooks", environment: ["EMOTIONS_HOOK_DEPTH": depth]), stdout: "sad: 1 → 2\n")
    }

    // MARK: - Hooks that run emotions

    /// A hook that records its process and taps `sad` in `$DATA` again, hooks and all, after `pause` seconds;
    /// it records the nested `emotions` process too.
    private static func recursive(pause: String) -> String {
        #"""
        #!/bin/sh
        echo $$ >> "$OUT/processes"
        sleep \#(pause)
        "$EMOTIONS" tap sad --file "$DATA" &
        echo $! >> "$OUT/processes"
        wait

        """#
    }

    @Test func hooksThatChangeCountsWithHooksStopAtTheDepthLimit() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.root.appendingPathComponent("mood.json")
        try sandbox.writeHook("again", HookTests.recursive(pause: "0"), in: sandbox.root.appendingPathComponent("hooks"))
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", data.path],
            environment: try sandbox.hookEnvironment(["EMOTIONS": try Emotions.binary().path, "DATA": data.path]))
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "sad: 0 → 1\n", "\(outcome)")
        // The first tap, and one for each of the four nested runs; the fourth runs no hook.
        expect(sandbox.text(of: data), equals: DataFile.text(Counts(sad: 5)), "\(outcome)")
        expect(outcome.stderrLines.filter { $0.hasPrefix("sad: ") }, equals: ["sad: 1 → 2", "sad: 2 → 3", "sad: 3 → 4", "sad: 4 → 5"])
        expect(outcome.stderrLines.filter { $0.hasPrefix("Warning: ") }, equals: ["Warning: Hooks are nested 4 deep "
            + "(EMOTIONS_HOOK_DEPTH=4), the most there may be, so that hooks that change counts cannot run each other "
            + "without end; no hook ran for the change sad: 4 → 5, which is saved. A hook that changes counts should "
            + "pass --no-hooks."])
    }

    @Test func aHookOutOfTimeIsStoppedWithEveryHookItsEmotionsRan() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.root.appendingPathComponent("mood.json")
        try sandbox.writeHook("again", HookTests.recursive(pause: "0.3"), in: sandbox.root.appendingPathComponent("hooks"))
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", data.path],
            environment: try sandbox.hookEnvironment([
                "EMOTIONS": try Emotions.binary().path, "DATA": data.path, "EMOTIONS_HOOK_TIMEOUT": "0.8",
            ]))
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderrLines.last, equals: "Warning: Hook 'again' did not finish within 800 ms and was stopped; the "
            + "change sad: 0 → 1 is saved. Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds).", "\(outcome)")
        // Nothing the hook started goes on tapping once the command has returned.
        try await Task.sleep(for: .milliseconds(300))
        let counts = sandbox.text(of: data)
        try await Task.sleep(for: .seconds(1.5))
        expect(sandbox.text(of: data), equals: counts, "the count still changed after the hook was stopped")
        let processes = sandbox.hookOutputLines("processes").compactMap { Int32($0) }
        #expect(processes.count >= 2, "the hook never ran emotions: \(processes)")
        expect(processes.filter(isRunning), equals: [], "still running, of \(processes)")
    }

    // MARK: - The terminal

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"),
        arguments: ["read answer </dev/tty", "stty -echo </dev/tty\necho changed"])
    func aHookThatUsesTheTerminalIsEndedAtOnceAndSaidToBe(command: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("terminal", Sandbox.noteStart + command + "\n")
        // In a terminal of its own, as someone would type it.
        let outcome = try await Emotions.run(
            ["-qec", Sandbox.notingEnd(#""$EMOTIONS" tap sad"#), "/dev/null"],
            environment: sandbox.baseEnvironment.merging(try sandbox.hookEnvironment([
                "EMOTIONS": try Emotions.binary().path, "EMOTIONS_HOOK_TIMEOUT": "20", "SHELL": "/bin/sh",
            ])) { $1 },
            directory: sandbox.home, captureFolder: sandbox.capture, timeout: .seconds(30),
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        let elapsed = try sandbox.secondsTheHookRan()
        #expect(elapsed < 5, "took \(elapsed) s from the hook's start")
        expect(outcome.status, equals: 0, "\(outcome)")
        #expect(outcome.stdout.contains("Warning: Hook 'terminal' was stopped by the terminal (it read from or "
            + "changed the terminal, which a hook runs too far in the background to do), so it was ended at once; the "
            + "change sad: 0 → 1 is saved. Make it leave the terminal alone: no prompts, no stty, nothing read from "
            + "/dev/tty."), "\(outcome)")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1)))
    }

    // MARK: - Safe against other users, for real, as root

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root may make a link another user's"))
    func aHooksLinkAnotherUserOwnsRunsNothingItLeadsTo() async throws {
        let sandbox = try Sandbox()
        // A folder only root may change, of programs that say they ran: as /usr/bin is.
        let programs = sandbox.root.appendingPathComponent("programs")
        for name in ["a", "b", "c"] {
            try sandbox.writeHook(name, "#!/bin/sh\ntouch \"$OUT/ran-$(basename \"$EMOTIONS_HOOK\")\"\n", in: programs)
        }
        let hooks = sandbox.home.appendingPathComponent("hooks")
        try FileManager.default.createSymbolicLink(at: hooks, withDestinationURL: programs)
        expect(lchown(hooks.path, Sandbox.unprivilegedID, Sandbox.unprivilegedID), equals: 0)
        try await expectNotRun(sandbox, warning: "The hooks folder '\(hooks.path)' is reached through the symbolic link "
            + "'\(hooks.path)', which user 65534 (nobody) owns, so no hook in it was run: that user could point it at "
            + "programs of their own to run as you. The change sad: 0 → 1 is saved. Remove the link (rm -- "
            + "'\(hooks.path)'), or make one of your own in its place.")
        try expect(FileManager.default.contentsOfDirectory(atPath: sandbox.hookOutput.path), equals: [], "a program ran")
    }

    @Test(.enabled(
        if: Sandbox.testsRunAsRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
        "needs root and setpriv to act as another user, and python3 to swap links fast"))
    func anotherUserSwappingTheHooksFolderAsFastAsTheyCanNeverGetsTheirProgramRun() async throws {
        let sandbox = try Sandbox()
        // As /tmp: anyone may add a name; `nobody` keeps pointing `hooks` there at root's hooks, then at theirs.
        let shared = sandbox.root.appendingPathComponent("shared")
        let trusted = sandbox.root.appendingPathComponent("trusted")
        let planted = sandbox.root.appendingPathComponent("planted")
        let names = (0..<8).map { "\($0)" }
        for name in names {
            try sandbox.writeHook(name, "#!/bin/sh\ntouch \"$OUT/trusted\"\n", in: trusted)
            try sandbox.writeHook(name, "#!/bin/sh\necho ran >> \"$OUT/planted\"\n", in: planted)
        }
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        expect(chmod(shared.path, 0o1777), equals: 0)
        for path in [planted.path] + names.map({ planted.appendingPathComponent($0).path }) {
            expect(chown(path, Sandbox.unprivilegedID, Sandbox.unprivilegedID), equals: 0)
        }
        let stop = sandbox.root.appendingPathComponent("stop-swapping")
        let swapper = #"""
            import os, sys
            shared, stop, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
            while not os.path.exists(stop):
                for target in targets:
                    try:
                        os.unlink(shared + "/next")
                    except FileNotFoundError:
                        pass
                    os.symlink(target, shared + "/next")
                    os.rename(shared + "/next", shared + "/hooks")
            """#
        let id = String(Sandbox.unprivilegedID)
        // At the lowest priority: it swaps as fast as a core left idle allows, without slowing the tests beside it.
        let swapping = try Spawn.start(
            "/usr/bin/nice",
            ["-n", "19", "/usr/bin/setpriv", "--reuid=\(id)", "--regid=\(id)", "--clear-groups", "/usr/bin/python3", "-c",
             swapper, shared.path, stop.path, trusted.path, planted.path],
            environment: ["PATH": "/usr/bin:/bin"], output: .file("/dev/null"), error: .file("/dev/null"))
        defer {
            _ = FileManager.default.createFile(atPath: stop.path, contents: nil)
            kill(swapping, SIGKILL)
            var status: Int32 = 0
            waitpid(swapping, &status, 0)
        }
        let environment = try sandbox.hookEnvironment(["EMOTIONS_HOOKS_DIR": shared.appendingPathComponent("hooks").path])
        for _ in 0..<30 {
            let outcome = try await sandbox.run(["tap", "sad", "--quiet"], environment: environment)
            expect(outcome.status, equals: 0, "\(outcome)")
        }
        expect(sandbox.hookOutputLines("planted"), equals: [], "the other user's program ran as root")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 30)))
    }

    @Test func aHooksFolderInsideAFolderOthersMayWriteToIsNotRun() async throws {
        let sandbox = try Sandbox()
        let open = sandbox.root.appendingPathComponent("open")
        let hooks = open.appendingPathComponent("hooks")
        try sandbox.writeHook("log", HookTests.logger, in: hooks)
        expect(chmod(open.path, 0o777), equals: 0)
        try await expectNotRun(sandbox, environment: ["EMOTIONS_HOOKS_DIR": hooks.path], warning: "The hooks folder "
            + "'\(hooks.path)' is reached through the folder '\(open.path)', which is writable by its group and by "
            + "others, so no hook in it was run: another user could put programs of their own in its place to run as "
            + "you. The change sad: 0 → 1 is saved. Make that folder writable only by its owner (chmod go-w -- "
            + "'\(open.path)'), or sticky as /tmp is (chmod +t -- '\(open.path)'), or keep the hooks elsewhere.")

        // Sticky, as /tmp is, no one may rename or remove what another owns there: the hooks run.
        expect(chmod(open.path, 0o1777), equals: 0)
        let outcome = try await sandbox.run(
            ["tap", "sad", "--file", sandbox.home.appendingPathComponent("mood.json").path],
            environment: try sandbox.hookEnvironment(["EMOTIONS_HOOKS_DIR": hooks.path]))
        expectSuccess(outcome, stdout: "sad: 1 → 2\n")
        expect(sandbox.hookOutputLines("log"), equals: ["log sad 1 2"])
    }
}

/// The second review's findings: a hook's `#!` interpreter, closed standard descriptors, ignored job-control signals.
@Suite struct HookInterpreterAndDescriptorTests {
    @Test func aHookWhoseInterpreterIsARelativePathIsNotRun() async throws {
        let sandbox = try Sandbox()
        // The system would look `sh` up from whatever folder emotions runs in: one another user may shape.
        let hook = try sandbox.writeHook("relative", "#!sh\necho ran >> \"$OUT/log\"\n")
        let outcome = try await sandbox.run(["tap", "sad"], environment: try sandbox.hookEnvironment())
        expect(outcome.status, equals: 0)
        expect(outcome.stderr, equals: "Warning: Hook '\(hook.path)' names in its #! line the interpreter 'sh', which is a "
            + "relative path, which the system looks up from whatever folder emotions runs in, so it was not run: another "
            + "user could put a program of their own in its place to run as you. The change sad: 0 → 1 is saved. Name "
            + "in its #! line, by its absolute path, an interpreter that you or root own and no one else may change, "
            + "such as #!/bin/sh.\n", "\(outcome)")
        expect(sandbox.hookOutput("log"), equals: nil)
    }

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root may make a file another user's"))
    func aHookWhoseInterpreterAnotherUserOwnsIsNotRun() async throws {
        let sandbox = try Sandbox()
        let interpreter = sandbox.root.appendingPathComponent("interp")
        try Data("#!/bin/sh\necho \"interp $*\" >> \"$OUT/log\"\n".utf8).write(to: interpreter)
        #expect(chmod(interpreter.path, 0o755) == 0 && chown(interpreter.path, 12345, 12345) == 0)
        _ = try sandbox.writeHook("theirs", "#!\(interpreter.path)\n")
        let outcome = try await sandbox.run(["tap", "sad"], environment: try sandbox.hookEnvironment())
        expect(outcome.status, equals: 0)
        #expect(outcome.stderr.contains("names in its #! line the interpreter '\(interpreter.path)', which is owned by user 12345"),
            "\(outcome)")
        expect(sandbox.hookOutput("log"), equals: nil, "the other user's interpreter ran")
    }

    @Test func withEveryStandardDescriptorClosedAHookStillWritesToDevNullAndRuns() async throws {
        let sandbox = try Sandbox()
        // set -e: an echo to a bad descriptor would end it before its work.
        try sandbox.writeHook("careful", "#!/bin/sh\nset -e\necho out\necho err >&2\necho done >> \"$OUT/log\"\n")
        let binary = try Emotions.binary().path
        let outcome = try await sandbox.runThroughShell(["-c", "\"$0\" tap sad <&- >&- 2>&-; echo \"status $?\"", binary])
        expect(outcome.stdout, equals: "status 0\n", "\(outcome)")
        expect(sandbox.hookOutputLines("log"), equals: ["done"])
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1)))
    }

    @Test func aHookGetsJobControlSignalsAtTheirDefaultsWhateverOurParentIgnored() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("signals", "#!/bin/sh\ngrep '^SigIgn:' /proc/self/status >> \"$OUT/log\"\n")
        let binary = try Emotions.binary().path
        let outcome = try await sandbox.runThroughShell(["-c", "trap '' TTIN TTOU TSTP; exec \"$0\" tap sad", binary])
        expect(outcome.status, equals: 0, "\(outcome)")
        let ignored = try #require(sandbox.hookOutputLines("log").first.flatMap { UInt64($0.dropFirst(8), radix: 16) })
        // Bits 20, 21 and 22 are SIGTSTP, SIGTTIN and SIGTTOU (bit N-1 for signal N).
        expect(ignored & (0b111 << 19), equals: 0, "the hook inherited ignored job-control signals: \(String(ignored, radix: 16))")
    }
}

extension Sandbox {
    /// Runs `/bin/sh arguments...` in HOME with the clean environment and the hooks' variables.
    fileprivate func runThroughShell(_ arguments: [String]) async throws -> Outcome {
        try await Emotions.run(
            arguments, environment: baseEnvironment.merging(try hookEnvironment()) { $1 }, directory: home,
            captureFolder: capture, executable: URL(fileURLWithPath: "/bin/sh"))
    }
}
