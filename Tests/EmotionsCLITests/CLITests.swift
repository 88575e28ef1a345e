import EmotionKit
@testable import EmotionsCLI
import Synchronization
import Testing

@Suite struct CLITests {
    @Test func tapPrintsEachChangeAsItIsSaved() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "happy", "happy", "sad")
        expect(outcome.status, equals: 0)
        expect(outcome.output, equals: "happy: 0 → 1\nhappy: 1 → 2\nsad: 0 → 1\n")
        expect(outcome.error, equals: "")
        expect(sandbox.run("stats", "happy").output, equals: "2\n")
    }

    @Test func usageErrorsPrintTheMessageUsageAndAPointerToHelp() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "hapy")
        expect(outcome.status, equals: 64)
        expect(outcome.output, equals: "")
        #expect(outcome.error == """
            Error: Unknown emotion 'hapy'. Did you mean 'happy'? Valid emotions: happy, smile, neutral, upset, sad.
            Usage: emotions tap <emotion> ... [+<tag> ...] [--note <text>] [--at <time>] [--tag <tag>] [--json] [-q] [--no-hooks] [--file <path>]
              See 'emotions tap --help' for more information.

            """)
        expect(sandbox.fileBytes, equals: nil)
    }

    @Test func refusedArithmeticIsAUsageErrorWithoutAUsageLine() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("add", "sad", "2")
        let before = sandbox.fileBytes
        let outcome = sandbox.run("add", "sad", "-3")
        expect(outcome.status, equals: 64)
        #expect(outcome.error.hasPrefix("Error: Cannot add -3 to sad"))
        #expect(!outcome.error.contains("Usage:"))
        expect(sandbox.fileBytes, equals: before)
    }

    @Test(arguments: [
        (["tap", "happy"], true), (["add", "sad", "2"], true), (["reset", "--all"], true),
        (["stats"], false), (["stats", "--json"], false), (["help"], false), (["--version"], false),
    ])
    func onlyCommandsThatChangeCountsGoOnIfTheirOutputCloses(arguments: [String], goesOn: Bool) throws {
        let sandbox = try Sandbox()
        let asked = Mutex(false)
        let terminal = Terminal(
            writeOutput: { _ in }, writeError: { _ in }, keepGoingIfOutputCloses: { asked.withLock { $0 = true } })
        let environment = ["HOME": sandbox.folder, "EMOTIONS_FILE": sandbox.path]
        expect(CLI(arguments: arguments, environment: environment, terminal: terminal).run(), equals: 0)
        expect(asked.withLock { $0 }, equals: goesOn)
    }

    @Test func aPathWithAnEscapeSequenceReachesStandardErrorAsVisibleText() throws {
        let sandbox = try Sandbox()
        // A folder where the file should be: every command that reads it fails, naming the path.
        let path = sandbox.folder + "/a\u{1B}[2Jb"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for arguments in [["stats", "--file", path], ["tap", "happy", "--file", path]] {
            let outcome = sandbox.run(arguments)
            expect(outcome.status, equals: 65)
            #expect(!outcome.error.unicodeScalars.contains("\u{1B}"), "\(arguments): \(outcome.error.debugDescription)")
            #expect(outcome.error.contains(sandbox.folder + #"/a\u{1B}[2Jb"#), "\(outcome.error.debugDescription)")
        }
    }

    @Test func aTypedWordWithControlsOrANewlineIsQuotedOnOneLine() throws {
        let outcome = try Sandbox().run("tap", "\u{1B}]0;pwned\u{07}\nhappy\u{202E}")
        expect(outcome.status, equals: 64)
        let lines = outcome.error.split(separator: "\n", omittingEmptySubsequences: false)
        expect(lines.count, equals: 4, "the message, the usage line, the pointer to help, and the end")
        expect(lines.first?.hasPrefix(#"Error: Unknown emotion '\u{1B}]0;pwned\u{07}\u{0A}happy\u{202E}'."#), equals: true)
        #expect(!outcome.error.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
    }

    @Test func aLockHoldersCommandNameNeverReachesTheTerminalRaw() {
        let error = Mutex("")
        let terminal = Terminal(writeOutput: { _ in }, writeError: { text in error.withLock { $0 += text } })
        let holder = LockHolder(pid: 42, command: "\u{1B}[2J\u{1B}]2;x\u{07}\u{9B}1m")
        let timeout = StoreError.lockTimeout(lockFile: "/tmp/m.json.lock", timeout: .seconds(1), holder: holder)
        terminal.printError("Error: \(timeout)")
        #expect(error.withLock { $0 }.contains(#"(pid 42, \u{1B}[2J\u{1B}]2;x\u{07}\u{9B}1m) holds it"#))
        expect(error.withLock { $0 }.unicodeScalars.filter(ControlCharacters.contains), equals: ["\n"])
    }

    @Test func aCorruptFileExits65NamingTheFile() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("tap", "happy")
        try "{oops".write(toFile: sandbox.path, atomically: false, encoding: .utf8)
        for arguments in [["tap", "happy"], ["stats"]] {
            let outcome = sandbox.run(arguments[0], arguments.count > 1 ? arguments[1] : "--json")
            expect(outcome.status, equals: 65)
            #expect(outcome.error.hasPrefix("Error: The data file \(sandbox.path) cannot be used"))
        }
        expect(sandbox.fileBytes, equals: Array("{oops".utf8).data)
    }

    @Test func anUnknownSubcommandWithNoSuggestionPointsToHelpOnce() throws {
        let outcome = try Sandbox().run("help", "nope")
        expect(outcome.status, equals: 64)
        expect(outcome.error, equals: "Error: Unknown subcommand 'nope'\nUsage: emotions [--file <path>] <subcommand>\n"
            + "  See 'emotions --help' for more information.\n")
    }

    @Test func inputThatIsNotUTF8IsReportedBeforeAnythingRuns() throws {
        let sandbox = try Sandbox()
        let input = ProcessInput(arguments: ["tap", "happy"], environment: ["EMOTIONS_FILE": sandbox.path],
            problem: .notUTF8(.argument(3, isPath: true), shownAs: "mood\u{FFFD}.json"))
        let outcome = sandbox.run(input)
        expect(outcome.status, equals: 64)
        expect(outcome.error, equals: "Error: The argument 3, 'mood\u{FFFD}.json', is not valid UTF-8; emotions reads "
            + "paths as UTF-8 text. Use a UTF-8 path or rename the file.\n")
        expect(sandbox.fileBytes, equals: nil)
    }

    @Test(arguments: [
        (
            InputSource.argument(2, isPath: false),
            "The argument 2, '\u{FFFD}', is not valid UTF-8; emotions reads its arguments as UTF-8 text. Retype it in UTF-8."
        ),
        (
            .variable("HOME", isPath: true),
            "The environment variable HOME, '\u{FFFD}', is not valid UTF-8; emotions reads paths as UTF-8 text. "
                + "Use a UTF-8 path or rename the file."
        ),
        (
            .variable("EMOTIONS_LOCK_TIMEOUT", isPath: false),
            "The environment variable EMOTIONS_LOCK_TIMEOUT, '\u{FFFD}', is not valid UTF-8; emotions reads its "
                + "settings as UTF-8 text. Set it in UTF-8 or unset it."
        ),
    ])
    func inputThatIsNotUTF8GetsAdviceThatFitsWhatItIs(source: InputSource, message: String) throws {
        let sandbox = try Sandbox()
        let input = ProcessInput(
            arguments: ["tap", "happy"], environment: ["EMOTIONS_FILE": sandbox.path],
            problem: .notUTF8(source, shownAs: "\u{FFFD}"))
        let outcome = sandbox.run(input)
        expect(outcome.status, equals: 64)
        expect(outcome.error, equals: "Error: \(message)\n")
        expect(sandbox.fileBytes, equals: nil)
    }

    @Test func aBadLockTimeoutIsReportedWithoutUsage() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "happy", environment: ["EMOTIONS_LOCK_TIMEOUT": "soon"])
        expect(outcome.status, equals: 64)
        expect(outcome.error, equals: "Error: The environment variable EMOTIONS_LOCK_TIMEOUT='soon' is invalid: "
            + "expected a number of seconds from 0 to 86400, in digits with at most three decimals, such as 2.5. "
                + "Fix or unset it.\n")
    }

    @Test func aBadHookTimeoutIsReportedWithoutUsageEvenWithNoHooks() throws {
        let sandbox = try Sandbox()
        for arguments in [["tap", "happy"], ["tap", "happy", "--no-hooks"]] {
            let outcome = sandbox.run(arguments[0], arguments[1], arguments.count > 2 ? arguments[2] : "-q",
                environment: ["EMOTIONS_HOOK_TIMEOUT": "-1"])
            expect(outcome.status, equals: 64)
            expect(outcome.error, equals: "Error: The environment variable EMOTIONS_HOOK_TIMEOUT='-1' is invalid: "
                + "expected a number of seconds from 0 to 86400, in digits with at most three decimals, such as 2.5. "
                + "Fix or unset it.\n")
        }
        expect(sandbox.fileBytes, equals: nil)
        expect(sandbox.run("stats", "happy", environment: ["EMOTIONS_HOOK_TIMEOUT": "-1"]).output, equals: "0\n")
    }

    @Test func helpAndVersionGoToStandardOutput() throws {
        let sandbox = try Sandbox()
        let help = sandbox.run("--help")
        #expect(help.status == 0 && help.output.hasPrefix("OVERVIEW:") && help.output.hasSuffix("\n") && help.error == "")
        let version = sandbox.run("--version")
        #expect(version.status == 0 && version.output == Root.version + "\n")
    }

    @Test func statsFitsColumnsElseTheTerminalElseEightyColumns() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("add", "happy", "7")
        _ = sandbox.run("add", "sad", "3")
        func widest(_ outcome: Outcome) -> Int { outcome.output.split(separator: "\n").map(cells).max() ?? 0 }
        func longestBar(_ outcome: Outcome) -> Int { outcome.output.split(separator: "\n")[0].filter { $0 == "█" }.count }
        let columns = sandbox.run("stats", environment: ["COLUMNS": "40"], isTerminal: true, columns: 120)
        #expect(widest(columns) <= 40 && longestBar(columns) == 12, "\(columns.output)")
        let terminal = sandbox.run("stats", isTerminal: true, columns: 120)
        #expect(widest(terminal) <= 120 && longestBar(terminal) == 36, "\(terminal.output)")
        let pipe = sandbox.run("stats")
        #expect(widest(pipe) <= 80 && longestBar(pipe) == 24, "\(pipe.output)")
        let badColumns = sandbox.run("stats", environment: ["COLUMNS": "wide"], isTerminal: true, columns: 100)
        expect(longestBar(badColumns), equals: 30, "\(badColumns.output)")
        let huge = sandbox.run("stats", environment: ["COLUMNS": String(Int.max)])
        #expect(huge.status == 0 && longestBar(huge) == 50, "\(huge.output)")
    }

    @Test func csvExportToATerminalShowsBidiControlsInNotesEscapedAndToAFileKeepsThem() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("tap", "happy", "--note", "evil\u{202E}gnp.exe")
        let terminal = sandbox.run("export", "--format", "csv", isTerminal: true)
        #expect(terminal.status == 0 && terminal.output.contains(",evil\\u{202E}gnp.exe,"), "\(terminal.output)")
        #expect(!terminal.output.unicodeScalars.contains("\u{202E}"))
        let file = sandbox.run("export", "--format", "csv")
        #expect(file.output.contains(",evil\u{202E}gnp.exe,"), "\(file.output)")
    }

    @Test func aKoreanLocaleShowsKoreanLabelsInChangeLinesAndStatsOnly() throws {
        let sandbox = try Sandbox()
        let korean = ["LANG": "ko_KR.UTF-8"]
        expect(sandbox.run("tap", "happy", "sad", environment: korean).output, equals: "완전행복: 0 → 1\n많이슬픈: 0 → 1\n")
        expect(sandbox.run("add", "smile", "2", environment: korean).output, equals: "적당미소: 0 → 2\n")
        expect(sandbox.run("reset", "smile", environment: korean).output, equals: "적당미소: 2 → 0\n")
        let coloured = sandbox.run("tap", "upset", environment: korean, isTerminal: true)
        expect(coloured.output, equals: "\u{1B}[35m좀속상한\u{1B}[0m: 0 → 1\n")
        let stats = sandbox.run("stats", environment: korean).output
        #expect(stats.hasPrefix("😄 완전행복  1  ") && stats.contains("\n   합계      3  "), "\(stats)")
        // What scripts and bug reports read stays the same in every locale.
        expect(sandbox.run("stats", "happy", environment: korean).output, equals: "1\n")
        #expect(sandbox.run("stats", "--json", environment: korean).output.contains(#""happy": 1"#))
        expect(sandbox.run("tap", "sad", "--json", environment: korean).output, equals: #"{"emotion": "sad", "old": 1, "new": 2}"# + "\n")
        #expect(sandbox.run("tap", "hapy", environment: korean).error.hasPrefix("Error: Unknown emotion 'hapy'. Did you mean 'happy'?"))
        #expect(sandbox.run("--help", environment: korean).output.hasPrefix("OVERVIEW: Count how you feel"))
    }

    @Test func lcAllOverridesLangAndLcMessagesForLabels() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "happy", environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]).output, equals: "happy: 0 → 1\n")
        expect(sandbox.run("tap", "happy", environment: ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "C"]).output, equals: "완전행복: 1 → 2\n")
    }

    @Test func koreanLabelsAreAcceptedOnInputInEveryLocale() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "완전행복", "많이슬픈").output, equals: "happy: 0 → 1\nsad: 0 → 1\n")
        expect(sandbox.run("add", "좀속상한", "2", environment: ["LANG": "ko_KR.UTF-8"]).output, equals: "좀속상한: 0 → 2\n")
        expect(sandbox.run("stats", "그냥그냥").output, equals: "0\n")
        expect(sandbox.run("reset", "적당미소", "좀속상한").output, equals: "upset: 2 → 0\n")
    }

    @Test func exitCodesFollowSysexits() {
        expect(ExitCode.status(for: UsageError.nothingToReset), equals: 64)
        expect(ExitCode.status(for: TallyError.overflow(.happy, count: 1, amount: 1)), equals: 64)
        expect(ExitCode.status(for: StoreError.unreadableDataFile(path: "x", .totalTooLarge)), equals: 65)
        let system = SystemError(call: "open", path: "x", errno: 13)
        expect(ExitCode.status(for: StoreError.cannotCreate(system)), equals: 73)
        expect(ExitCode.status(for: StoreError.noHomeFolder), equals: 73)
        expect(ExitCode.status(for: StoreError.readOnly(system)), equals: 73)
        expect(ExitCode.status(for: StoreError.inputOutput(system)), equals: 74)
        expect(ExitCode.status(for: StoreError.unsyncedChange(system)), equals: 74)
        expect(ExitCode.status(for: StoreError.lockTimeout(lockFile: "x", timeout: .seconds(1), holder: nil)), equals: 75)
    }
}

import Foundation

extension Array where Element == UInt8 {
    var data: Data { Data(self) }
}
