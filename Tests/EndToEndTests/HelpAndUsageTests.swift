import Foundation
import Testing

/// Help, the version, and how the command line reads its words.
struct HelpAndUsageTests {
    static let subcommands = ["tap", "add", "reset", "undo", "redo", "log", "stats", "calendar", "export", "import", "watch", "sync", "tags"]

    @Test(arguments: [[String](), ["--help"], ["-h"], ["help"]])
    func toolHelpListsEverySubcommandOnStandardOutput(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(arguments)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: "", "\(outcome)")
        for section in ["OVERVIEW:", "USAGE: emotions", "OPTIONS:", "SUBCOMMANDS:"] {
            #expect(outcome.stdoutLines.contains { $0.hasPrefix(section) }, "no \(section) in \(outcome)")
        }
        let subcommandSection = outcome.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        for name in Self.subcommands + ["help"] {
            #expect(subcommandSection.contains("\n  \(name) "), "\(name) is not listed: \(outcome)")
        }
        #expect(outcome.stdout.contains("--version"))
        #expect(outcome.stdout.contains("--file"))
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func toolHelpIsTheSameHoweverItIsAskedFor() async throws {
        let sandbox = try Sandbox()
        let bare = try await sandbox.run([])
        expectSuccess(bare, stdout: bare.stdout)
        #expect(bare.stdout.hasPrefix("OVERVIEW: "), "\(bare)")
        for arguments in [["--help"], ["-h"], ["help"]] {
            expectSuccess(try await sandbox.run(arguments), stdout: bare.stdout)
        }
    }

    @Test func everySubcommandTheToolListsHasHelpWithAnExample() async throws {
        let sandbox = try Sandbox()
        let overview = try await sandbox.run("--help")
        let listed = (overview.stdout.components(separatedBy: "SUBCOMMANDS:\n").last ?? "")
            .components(separatedBy: "\n\n").first?.split(separator: "\n")
            .filter { !$0.hasPrefix("   ") }  // A wrapped abstract's next line.
            .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        expect(listed, equals: Self.subcommands + ["help"], "\(overview)")
        for name in listed {
            let help = try await sandbox.run(name, "--help")
            expectSuccess(help, stdout: help.stdout)
            let examples = help.stdout.components(separatedBy: "\nEXAMPLES:\n").dropFirst().first ?? ""
            let lines = examples.split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("  ") && $0.contains("emotions") }, "\(help)")
            #expect(lines.contains { $0.hasPrefix("  emotions \(name)") }, "no example of \(name): \(help)")
        }
    }

    @Test(arguments: [
        ["tap", "--help"], ["tap", "-h"], ["help", "tap"], ["tap", "happy", "--help"], ["tap", "hapy", "-h"],
        ["add", "--help"], ["add", "-h"], ["help", "add"], ["add", "sad", "-h"],
        ["reset", "--help"], ["reset", "-h"], ["help", "reset"], ["reset", "--all", "--help"],
        ["stats", "--help"], ["stats", "-h"], ["help", "stats"], ["stats", "--json", "-h"],
        ["watch", "--help"], ["watch", "-h"], ["help", "watch"], ["watch", "sad", "--initial", "-h"],
        ["help", "help"], ["help", "--help"], ["help", "-h"],
    ])
    func subcommandHelpShowsOverviewUsageArgumentsAndOptions(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let name = arguments.first { Self.subcommands.contains($0) } ?? "help"
        let outcome = try await sandbox.run(arguments)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: "", "\(outcome)")
        for section in ["OVERVIEW:", "USAGE: emotions \(name)", "ARGUMENTS:", "OPTIONS:"] {
            #expect(outcome.stdoutLines.contains { $0.hasPrefix(section) }, "no \(section) in \(outcome)")
        }
        #expect(outcome.stdout.contains("-h, --help"), "\(outcome)")
        #expect(!outcome.stdout.contains("SUBCOMMANDS:"), "\(outcome)")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test(arguments: HelpAndUsageTests.subcommands)
    func subcommandHelpIsTheSameHoweverItIsAskedFor(name: String) async throws {
        let sandbox = try Sandbox()
        let viaHelp = try await sandbox.run("help", name)
        expect(viaHelp.status, equals: 0, "\(viaHelp)")
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "), "\(viaHelp)")
        try expect(await sandbox.run(name, "--help").stdout, equals: viaHelp.stdout)
        try expect(await sandbox.run(name, "-h").stdout, equals: viaHelp.stdout)
    }

    @Test func changingSubcommandsDocumentTheirOptions() async throws {
        let sandbox = try Sandbox()
        for name in ["tap", "add", "reset"] {
            let outcome = try await sandbox.run(name, "--help")
            for option in ["--json", "-q, --quiet", "--no-hooks", "--file <path>"] {
                #expect(outcome.stdout.contains(option), "\(name) help lacks \(option): \(outcome)")
            }
        }
        #expect(try await sandbox.run("reset", "--help").stdout.contains("--all"))
        let stats = try await sandbox.run("stats", "--help")
        #expect(stats.stdout.contains("--json") && stats.stdout.contains("--file <path>"), "\(stats)")
        #expect(!stats.stdout.contains("--no-hooks"), "stats runs no hooks: \(stats)")
    }

    @Test func versionPrintsAVersionNumber() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("--version")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: "", "\(outcome)")
        expect(outcome.stdoutLines.count, equals: 1, "\(outcome)")
        let version = try Regex(#"^(emotions )?\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$"#)
        #expect(outcome.stdoutLines.first?.wholeMatch(of: version) != nil, "\(outcome)")
    }

    // MARK: - Usage errors

    @Test func unknownEmotionSuggestsTheClosestThenShowsUsage() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "hapy")
        expectUsageError(outcome, command: "emotions tap", message: "Unknown emotion 'hapy'. Did you mean 'happy'? ")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func unknownOptionIsNamed() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "--bogus", "happy")
        expectUsageError(outcome, command: "emotions tap", message: "Unknown option '--bogus'")
        #expect(!outcome.stderr.contains("Did you mean"), "\(outcome)")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test(arguments: [("tap", ["happy"]), ("add", ["happy", "1"]), ("reset", ["happy"]), ("stats", []), ("watch", [])])
    func mistypedOptionSuggestsTheClosest(command: String, arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run([command] + arguments + ["--jsno"])
        expectUsageError(outcome, command: "emotions \(command)", message: "Unknown option '--jsno'. Did you mean '--json'?")
    }

    @Test func unknownOptionBeforeTheSubcommandShowsTheToolsUsage() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("--bogus", "tap", "happy")
        expectUsageError(outcome, command: "emotions", message: "Unknown option '--bogus'")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func mistypedOptionBeforeTheSubcommandSuggestsTheClosest() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("--fiel", "mood.json", "tap", "happy")
        expectUsageError(outcome, command: "emotions", message: "Unknown option '--fiel'. Did you mean '--file'?")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test(arguments: [["tpa", "happy"], ["help", "tpa"], ["--file", "mood.json", "tpa", "happy"]])
    func unknownSubcommandSuggestsTheClosest(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(arguments)
        expectUsageError(outcome, command: "emotions", message: "Unknown subcommand 'tpa'. Did you mean 'tap'?")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func optionThatNeedsAValueWithoutOneIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--file")
        expectUsageError(outcome, command: "emotions tap", message: "Missing value for '--file'")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func flagGivenAValueIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--json=yes")
        expectUsageError(outcome, command: "emotions tap", message: "The flag '--json' takes no value")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func emptyFilePathIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--file=")
        expectUsageError(outcome, command: "emotions tap", message: "The value '' is invalid for '--file'")
        expect(sandbox.contentsOfHome(), equals: [])
    }
}
