import Foundation
import Testing

/// The completion scripts the binary prints, run in the shells they are for.
///
/// bash is always tried; zsh and fish when installed (`.ci/run` installs them where it can), and
/// reported as skipped otherwise.
struct CompletionTests {
    static let subcommands = ["tap", "add", "reset", "undo", "redo", "log", "stats", "calendar", "export", "import", "watch", "sync", "tags", "help"]
    static let emotions = [
        "happy", "smile", "neutral", "upset", "sad", "very-happy", "veryHappy", "moderate-smile", "moderateSmile",
        "slightly-upset", "slightlyUpset", "very-sad", "verySad", "완전행복", "적당미소", "그냥그냥", "좀속상한", "많이슬픈",
        "😄", "🙂", "😐", "😕", "😢",
    ]

    /// A sandbox holding the script for `shell` as `<root>/completion.<shell>`, and that script's path.
    private func script(for shell: String) async throws -> (Sandbox, String) {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("--generate-completion-script", shell)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        #expect(outcome.stdout.hasSuffix("\n") && !outcome.stdout.hasSuffix("\n\n"), "\(outcome)")
        let path = sandbox.root.appendingPathComponent("completion.\(shell)").path
        try sandbox.write(outcome.stdout, to: URL(fileURLWithPath: path))
        return (sandbox, path)
    }

    /// What bash's `_emotions` puts in `COMPREPLY` for `words`, the cursor at the end of the last one.
    private func bashReplies(_ words: [String], in sandbox: Sandbox, script: String) async throws -> [String] {
        let program = #"source "$1" && shift && COMP_WORDS=("$@") && COMP_CWORD=$(( $# - 1 )) && _emotions "#
            + #"&& printf '%s\n' "${COMPREPLY[@]}""#
        let outcome = try await Shells.run("bash", ["--norc", "--noprofile", "-c", program, "bash", script] + words, in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        return outcome.stdoutLines.filter { !$0.isEmpty }
    }

    /// The words of a command line, the cursor in the last, and what bash offers there. Typed, as a
    /// literal this long took the type checker 3.7 s in the test's arguments.
    static let bashCases: [([String], [String])] = [
        // Subcommands, and before them only the root's options.
        (["emotions", ""], subcommands),
        (["emotions", "ta"], ["tap", "tags"]),
        (["emotions", "s"], ["stats", "sync"]),
        (["emotions", "-"], ["--file", "--color", "--generate-completion-script", "--version", "-h", "--help"]),
        (["emotions", "--"], ["--file", "--color", "--generate-completion-script", "--version", "--help"]),
        (["emotions", "--file", "x.json", ""], subcommands),
        (["emotions", "--file=x.json", "t"], ["tap", "tags"]),
        (["emotions", "--", "t"], ["tap", "tags"]),
        (["emotions", "tpa", ""], []),
        // Root options that stand alone, and the shells.
        (["emotions", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
        (["emotions", "--generate-completion-script", "f"], ["fish"]),
        (["emotions", "--generate-completion-script=z"], ["--generate-completion-script=zsh"]),
        (["emotions", "--generate-completion-script", "=", "z"], ["zsh"]),
        (["emotions", "--generate-completion-script", "bash", ""], []),
        (["emotions", "--version", ""], []),
        // Emotion names, canonical names first, then aliases.
        (["emotions", "tap", ""], emotions),
        (["emotions", "tap", "happy", "s"], ["smile", "sad", "slightly-upset", "slightlyUpset"]),
        (["emotions", "tap", "very"], ["very-happy", "veryHappy", "very-sad", "verySad"]),
        (["emotions", "reset", "sad", "n"], ["neutral"]),
        (["emotions", "watch", "u"], ["upset"]),
        (["emotions", "stats", "h"], ["happy"]),
        (["emotions", "stats", "happy", ""], []),
        (["emotions", "tap", "😄"], ["😄"]),
        (["emotions", "watch", "😢"], ["😢"]),
        (["emotions", "add", ""], emotions),
        (["emotions", "add", "happy", ""], []),
        (["emotions", "add", "happy", "3", ""], []),
        // Options of each subcommand, anywhere after it; an option's value is skipped over.
        (["emotions", "tap", "-"], ["--note", "--at", "--tag", "--json", "-q", "--quiet", "--no-hooks", "--file", "--color", "-h", "--help"]),
        (["emotions", "tap", "happy", "--"], ["--note", "--at", "--tag", "--json", "--quiet", "--no-hooks", "--file", "--color", "--help"]),
        (["emotions", "reset", "--"], ["--all", "--note", "--json", "--quiet", "--no-hooks", "--file", "--color", "--help"]),
        (["emotions", "undo", "-"], ["--json", "-q", "--quiet", "--no-hooks", "--file", "--color", "-h", "--help"]),
        (["emotions", "log", "-"], [
            "--since", "--until", "--today", "--yesterday", "--week", "--last-week", "--month", "--last-month", "--year",
            "-n", "--count", "--no-pager", "--json", "--tag", "--file", "--color", "-h", "--help",
        ]),
        (["emotions", "log", "--no"], ["--no-pager"]),
        (["emotions", "calendar", "--year", "-"], [
            "--since", "--until", "--today", "--yesterday", "--week", "--last-week", "--month", "--last-month", "--year",
            "--json", "--file", "--color", "-h", "--help",
        ]),
        (["emotions", "stats", "--year", "h"], ["happy"]),
        (["emotions", "export", "--format", "c"], ["csv"]),
        (["emotions", "stats", "--j"], ["--json"]),
        (["emotions", "stats", "--by", ""], ["day", "week", "month", "weekday", "tag"]),
        (["emotions", "stats", "--by", "w"], ["week", "weekday"]),
        (["emotions", "watch", "--i"], ["--initial"]),
        (["emotions", "help", "-"], ["-h", "--help"]),
        (["emotions", "add", "sad", "-2", "--q"], ["--quiet"]),
        (["emotions", "tap", "--json", "h"], ["happy"]),
        (["emotions", "tap", "--file", "x.json", "n"], ["neutral"]),
        (["emotions", "--file", "x.json", "tap", "--file=y.json", "n"], ["neutral"]),
        (["emotions", "tap", "--", "-"], []),
        // A note, a TIME and a number of changes get no completion; log's arguments are emotions.
        (["emotions", "tap", "--note", ""], []),
        (["emotions", "add", "--at", ""], []),
        (["emotions", "log", "--since", ""], []),
        (["emotions", "log", "-n", ""], []),
        (["emotions", "tap", "--note", "x", "--at", "2h", "h"], ["happy"]),
        (["emotions", "log", "-n", "3", "n"], ["neutral"]),
        (["emotions", "log", "--since=7d", "u"], ["upset"]),
        (["emotions", "undo", ""], []),
        // import --from names the other app's export; --map takes the user's own labels, nothing to offer.
        (["emotions", "import", "--from", ""], ["daylio"]),
        (["emotions", "import", "--from=d"], ["--from=daylio"]),
        (["emotions", "import", "--m"], ["--map"]),
        (["emotions", "import", "--from", "daylio", "--map", ""], []),
        // help takes a subcommand.
        (["emotions", "help", ""], subcommands),
        (["emotions", "help", "w"], ["watch"]),
        (["emotions", "help", "tap", ""], []),
    ]

    @Test(arguments: bashCases)
    func bashCompletesTheWordAtTheCursor(words: [String], expected: [String]) async throws {
        let (sandbox, script) = try await script(for: "bash")
        try expect(await bashReplies(words, in: sandbox, script: script), equals: expected, "\(words)")
    }

    @Test(arguments: [
        (["emotions", "--file", ""], ["a.json", "b.json", "sub"]),
        (["emotions", "tap", "--file", "a"], ["a.json"]),
        (["emotions", "stats", "happy", "--file", "s"], ["sub"]),
        (["emotions", "stats", "--file=s"], ["--file=sub"]),
        (["emotions", "--file", "=", ""], ["a.json", "b.json", "sub"]),
        (["emotions", "watch", "--file", "=", "b"], ["b.json"]),
    ])
    func bashCompletesPathsForFile(words: [String], expected: [String]) async throws {
        let (sandbox, script) = try await script(for: "bash")
        try sandbox.write("{}", to: sandbox.home.appendingPathComponent("a.json"))
        try sandbox.write("{}", to: sandbox.home.appendingPathComponent("b.json"))
        try FileManager.default.createDirectory(at: sandbox.home.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try expect(await bashReplies(words, in: sandbox, script: script).sorted(), equals: expected, "\(words)")
    }

    @Test func bashRegistersTheFunctionForEmotions() async throws {
        let (sandbox, script) = try await script(for: "bash")
        let outcome = try await Shells.run("bash", ["--norc", "--noprofile", "-c", #"source "$1" && complete -p emotions"#, "bash", script], in: sandbox)
        expect(outcome.stdout, equals: "complete -F _emotions emotions\n", "\(outcome)")
    }

    @Test(.enabled(if: Shells.isInstalled("zsh"), "zsh is not installed"))
    func zshReadsTheScriptAndRegistersItsFunction() async throws {
        let (sandbox, script) = try await script(for: "zsh")
        let syntax = try await Shells.run("zsh", ["-n", script], in: sandbox)
        #expect(syntax.status == 0 && syntax.stderr == "", "\(syntax)")
        let program = #"autoload -U compinit && compinit -u -D && source "$1" && print -r -- $_comps[emotions]"#
        let loaded = try await Shells.run("zsh", ["-f", "-c", program, "zsh", script], in: sandbox)
        #expect(loaded.status == 0 && loaded.stderr == "", "\(loaded)")
        expect(loaded.stdout, equals: "_emotions\n", "\(loaded)")
    }

    @Test(.enabled(if: Shells.isInstalled("fish"), "fish is not installed"))
    func fishReadsTheScript() async throws {
        let (sandbox, script) = try await script(for: "fish")
        let outcome = try await Shells.run("fish", ["--no-config", "-n", script], in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
    }

    @Test(.enabled(if: Shells.isInstalled("fish"), "fish is not installed"), arguments: [
        ("emotions ", subcommands),
        ("emotions ta", ["tap", "tags"]),
        ("emotions --file x.json ", subcommands),
        ("emotions --generate-completion-script ", ["bash", "zsh", "fish"]),
        ("emotions --generate-completion-script bash ", []),
        ("emotions --version ", []),
        ("emotions tap ", emotions),
        ("emotions tap happy --file x.json ", emotions),
        ("emotions add ", emotions),
        ("emotions add happy ", []),
        ("emotions log --since ", []),
        ("emotions log -n 3 n", ["neutral"]),
        ("emotions stats --j", ["--json"]),
        ("emotions export --last-", ["--last-month", "--last-week"]),
        ("emotions stats --year h", ["happy"]),
        ("emotions reset --a", ["--all"]),
        ("emotions import --from ", ["daylio"]),
        ("emotions import --ma", ["--map"]),
        ("emotions help ", subcommands),
    ])
    func fishCompletesTheCommandLine(line: String, expected: [String]) async throws {
        let (sandbox, script) = try await script(for: "fish")
        let outcome = try await Shells.run("fish", ["--no-config", "-c", #"source $argv[1]; and complete -C $argv[2]"#, script, line], in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        let words = outcome.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
        expect(words, equals: expected, "\(line)")
    }

    @Test func anUnknownShellIsAUsageErrorWithASuggestion() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("--generate-completion-script", "bsh")
        expectUsageError(outcome, command: "emotions",
            message: "Unknown value 'bsh' for '--generate-completion-script'. Did you mean 'bash'? Valid values: bash, zsh, fish.")
    }
}
