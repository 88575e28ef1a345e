import Foundation
import Testing

/// Completing tags: after `tap`, `add`, `log`, `stats` and `export`, a word starting with `+`, and
/// `--tag`'s value, complete to the tags already used, as `emotions tags` lists them (the most felt
/// first), from the `--file` given on the line; nothing, quietly, where `emotions` cannot run.
struct TagCompletionTests {
    /// A sandbox whose default data file has tags work (3), gym (1) and 운동 (1), and whose `other.json`
    /// has elsewhere (1); with the script for `shell` at `<root>/completion.<shell>`.
    private func taggedSandbox(for shell: String) async throws -> (Sandbox, String) {
        let sandbox = try Sandbox()
        for command in [["add", "sad", "3", "+work"], ["tap", "happy", "+gym", "+운동"], ["--file", "other.json", "tap", "sad", "+elsewhere"]] {
            try expect(await sandbox.run(command + ["-q"]).status, equals: 0)
        }
        let outcome = try await sandbox.run("--generate-completion-script", shell)
        let path = sandbox.root.appendingPathComponent("completion.\(shell)").path
        try sandbox.write(outcome.stdout, to: URL(fileURLWithPath: path))
        return (sandbox, path)
    }

    /// Runs `shell` in the sandbox with the built `emotions` first on `PATH`, or with a `PATH` that
    /// has no `emotions` at all.
    private func run(_ shell: String, _ arguments: [String], in sandbox: Sandbox, withTool: Bool = true) async throws -> Outcome {
        guard let executable = Shells.find(shell) else { throw Emotions.Failure.binaryNotFound(searched: ["\(shell) on PATH"]) }
        var environment = sandbox.baseEnvironment
        if withTool {
            environment["PATH"] = try Emotions.binary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        }
        return try await Emotions.run(
            arguments, environment: environment, directory: sandbox.home, captureFolder: sandbox.capture, executable: executable)
    }

    /// What bash's `_emotions` puts in `COMPREPLY` for `words`, the cursor at the end of the last one.
    private func bashReplies(_ words: [String], in sandbox: Sandbox, script: String, withTool: Bool = true) async throws -> [String] {
        let program = #"source "$1" && shift && COMP_WORDS=("$@") && COMP_CWORD=$(( $# - 1 )) && _emotions "#
            + #"&& printf '%s\n' "${COMPREPLY[@]}""#
        let outcome = try await run("bash", ["--norc", "--noprofile", "-c", program, "bash", script] + words, in: sandbox, withTool: withTool)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        return outcome.stdoutLines.filter { !$0.isEmpty }
    }

    @Test(arguments: [
        (["emotions", "tap", "happy", "+"], ["+work", "+gym", "+운동"]),
        (["emotions", "tap", "+g"], ["+gym"]),
        (["emotions", "add", "sad", "2", "+"], ["+work", "+gym", "+운동"]),
        (["emotions", "log", "+w"], ["+work"]),
        (["emotions", "stats", "+"], ["+work", "+gym", "+운동"]),
        (["emotions", "export", "+운"], ["+운동"]),
        (["emotions", "tap", "--tag", ""], ["work", "gym", "운동"]),
        (["emotions", "log", "--tag", "g"], ["gym"]),
        (["emotions", "stats", "--tag=w"], ["--tag=work"]),
        (["emotions", "stats", "--tag", "=", "w"], ["work"]),
        (["emotions", "--file", "other.json", "tap", "+"], ["+elsewhere"]),
        (["emotions", "tap", "--file=other.json", "sad", "+"], ["+elsewhere"]),
        // `~/` is HOME's (the sandbox's, the working directory); `~user/` is left as typed, for no such user here.
        (["emotions", "--file", "~/other.json", "tap", "+"], ["+elsewhere"]),
        (["emotions", "tap", "--file=~/other.json", "+"], ["+elsewhere"]),
        (["emotions", "--file", "~nosuchuser/other.json", "tap", "+"], []),
        (["emotions", "--file", "missing.json", "tap", "+"], []),
        // Not where a tag goes: reset takes none, a note's value is the user's, and after --.
        (["emotions", "reset", "+"], []),
        (["emotions", "tap", "--note", "+"], []),
        (["emotions", "tap", "--", "+"], []),
        // A +TAG word is no argument: the emotions still complete after it, and add's count after its emotion.
        (["emotions", "tap", "+gym", "hap"], ["happy"]),
        (["emotions", "add", "+work", "sad", ""], []),
        (["emotions", "stats", "+work", "ha"], ["happy"]),
    ])
    func bashCompletesTagsAlreadyUsed(words: [String], expected: [String]) async throws {
        let (sandbox, script) = try await taggedSandbox(for: "bash")
        try expect(await bashReplies(words, in: sandbox, script: script), equals: expected, "\(words)")
    }

    @Test func bashOffersNoTagsAndNoMessageWithoutTheTool() async throws {
        let (sandbox, script) = try await taggedSandbox(for: "bash")
        try expect(await bashReplies(["emotions", "tap", "+"], in: sandbox, script: script, withTool: false), equals: [])
        try expect(await bashReplies(["emotions", "tap", "--tag", ""], in: sandbox, script: script, withTool: false), equals: [])
    }

    @Test func bashOffersNoTagsAndNoMessageFromAnUnreadableDataFile() async throws {
        let (sandbox, script) = try await taggedSandbox(for: "bash")
        try sandbox.write("not json", to: sandbox.home.appendingPathComponent("broken.json"))
        try expect(await bashReplies(["emotions", "--file", "broken.json", "tap", "+"], in: sandbox, script: script), equals: [])
    }

    @Test(.enabled(if: Shells.isInstalledOrRequired("fish"), "fish is not installed"), arguments: [
        ("emotions tap happy +", ["+work", "+gym", "+운동"]),
        ("emotions tap +g", ["+gym"]),
        ("emotions export +", ["+work", "+gym", "+운동"]),
        ("emotions log --tag ", ["work", "gym", "운동"]),
        ("emotions stats --tag w", ["work"]),
        ("emotions --file other.json stats +", ["+elsewhere"]),
        ("emotions reset +", []),
        ("emotions tap --note +", []),
        ("emotions tap +gym h", ["happy"]),
        ("emotions add +work sad ", []),
    ])
    func fishCompletesTagsAlreadyUsed(line: String, expected: [String]) async throws {
        let (sandbox, script) = try await taggedSandbox(for: "fish")
        let outcome = try await run("fish", ["--no-config", "-c", #"source $argv[1]; and complete -C $argv[2]"#, script, line], in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        expect(outcome.stdoutLines.map { String($0.prefix { $0 != "\t" }) }, equals: expected, "\(line)")
        let without = try await run("fish", ["--no-config", "-c", #"source $argv[1]; and complete -C $argv[2]"#, script, line], in: sandbox, withTool: false)
        #expect(without.status == 0 && without.stderr == "", "\(without)")
        #expect(!without.stdoutLines.contains { $0.hasPrefix("+") || $0.hasPrefix("work") }, "\(without)")
    }

    /// zsh's tag function, run with `compadd` and `_description` standing in for the completion
    /// system: what it offers for the line `words`.
    private func zshTags(_ words: [String], in sandbox: Sandbox, script: String, withTool: Bool = true) async throws -> Outcome {
        let program = #"source "$1" 2>/dev/null; shift; compadd() { print -rl -- ${(P)${@[-1]}} }; _description() { : }; "#
            + #"__emotions_line=("$@"); __emotions_tag; return 0"#
        return try await run("zsh", ["-f", "-c", program, "zsh", script] + words, in: sandbox, withTool: withTool)
    }

    @Test(.enabled(if: Shells.isInstalledOrRequired("zsh"), "zsh is not installed"))
    func zshOffersTheTagsAlreadyUsedFromTheFileOnTheLine() async throws {
        let (sandbox, script) = try await taggedSandbox(for: "zsh")
        let plain = try await zshTags(["emotions", "tap", "+"], in: sandbox, script: script)
        #expect(plain.stdout == "work\ngym\n운동\n" && plain.stderr == "", "\(plain)")
        let other = try await zshTags(["emotions", "--file", "other.json", "tap", "+"], in: sandbox, script: script)
        expect(other.stdout, equals: "elsewhere\n", "\(other)")
        let equals = try await zshTags(["emotions", "log", "--file=other.json", "--tag", ""], in: sandbox, script: script)
        expect(equals.stdout, equals: "elsewhere\n", "\(equals)")
        let without = try await zshTags(["emotions", "tap", "+"], in: sandbox, script: script, withTool: false)
        #expect(without.stdout == "" && without.stderr == "", "\(without)")
    }

    @Test(.enabled(if: Shells.isInstalledOrRequired("zsh"), "zsh is not installed"))
    func zshCountsNoTagWordAsAnArgument() async throws {
        let (sandbox, script) = try await taggedSandbox(for: "zsh")
        let program = #"source "$1" 2>/dev/null; words=(add +work sad +3 +x ''); CURRENT=6; __emotions_without_tag_words; print -r -- "${(j:,:)words} $CURRENT""#
        let outcome = try await run("zsh", ["-f", "-c", program, "zsh", script], in: sandbox)
        expect(outcome.stdout, equals: "add,sad,+3, 4\n", "\(outcome)")
    }
}
