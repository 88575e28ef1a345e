import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CLITests {
    @Test func tapPrintsEachChangeAsItIsSaved() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "happy", "happy", "sad")
        #expect(outcome.status == 0)
        #expect(outcome.output == "happy: 0 → 1\nhappy: 1 → 2\nsad: 0 → 1\n")
        #expect(outcome.error == "")
        #expect(sandbox.run("stats", "happy").output == "2\n")
    }

    @Test func usageErrorsPrintTheMessageUsageAndAPointerToHelp() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "hapy")
        #expect(outcome.status == 64)
        #expect(outcome.output == "")
        #expect(outcome.error == """
            Error: Unknown emotion 'hapy'. Did you mean 'happy'? Valid emotions: happy, smile, neutral, upset, sad.
            Usage: emotions tap <emotion> ... [--json] [-q] [--no-hooks] [--file <path>]
              See 'emotions tap --help' for more information.

            """)
        #expect(sandbox.fileBytes == nil)
    }

    @Test func refusedArithmeticIsAUsageErrorWithoutAUsageLine() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("add", "sad", "2")
        let before = sandbox.fileBytes
        let outcome = sandbox.run("add", "sad", "-3")
        #expect(outcome.status == 64)
        #expect(outcome.error.hasPrefix("Error: Cannot add -3 to sad"))
        #expect(!outcome.error.contains("Usage:"))
        #expect(sandbox.fileBytes == before)
    }

    @Test func aCorruptFileExits65NamingTheFile() throws {
        let sandbox = try Sandbox()
        _ = sandbox.run("tap", "happy")
        try "{oops".write(toFile: sandbox.path, atomically: false, encoding: .utf8)
        for arguments in [["tap", "happy"], ["stats"]] {
            let outcome = sandbox.run(arguments[0], arguments.count > 1 ? arguments[1] : "--json")
            #expect(outcome.status == 65)
            #expect(outcome.error.hasPrefix("Error: The data file \(sandbox.path) cannot be used"))
        }
        #expect(sandbox.fileBytes == Array("{oops".utf8).data)
    }

    @Test func anUnknownSubcommandWithNoSuggestionPointsToHelpOnce() throws {
        let outcome = try Sandbox().run("help", "nope")
        #expect(outcome.status == 64)
        #expect(outcome.error == "Error: Unknown subcommand 'nope'\nUsage: emotions [--file <path>] <subcommand>\n"
            + "  See 'emotions --help' for more information.\n")
    }

    @Test func inputThatIsNotUTF8IsReportedBeforeAnythingRuns() throws {
        let sandbox = try Sandbox()
        let input = ProcessInput(arguments: ["tap", "happy"], environment: ["EMOTIONS_FILE": sandbox.path],
            problem: .notUTF8("argument 3", shownAs: "mood\u{FFFD}.json"))
        let outcome = sandbox.run(input)
        #expect(outcome.status == 64)
        #expect(outcome.error == "Error: The argument 3, 'mood\u{FFFD}.json', is not valid UTF-8; emotions reads "
            + "names and paths as UTF-8 text. Use a UTF-8 path or rename the file.\n")
        #expect(sandbox.fileBytes == nil)
    }

    @Test func aBadLockTimeoutIsReportedWithoutUsage() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "happy", environment: ["EMOTIONS_LOCK_TIMEOUT": "soon"])
        #expect(outcome.status == 64)
        #expect(outcome.error == "Error: The environment variable EMOTIONS_LOCK_TIMEOUT='soon' is invalid: "
            + "expected a number of seconds from 0 to 86400. Fix or unset it.\n")
    }

    @Test func aBadHookTimeoutIsReportedWithoutUsageEvenWithNoHooks() throws {
        let sandbox = try Sandbox()
        for arguments in [["tap", "happy"], ["tap", "happy", "--no-hooks"]] {
            let outcome = sandbox.run(arguments[0], arguments[1], arguments.count > 2 ? arguments[2] : "-q",
                environment: ["EMOTIONS_HOOK_TIMEOUT": "-1"])
            #expect(outcome.status == 64)
            #expect(outcome.error == "Error: The environment variable EMOTIONS_HOOK_TIMEOUT='-1' is invalid: "
                + "expected a number of seconds from 0 to 86400. Fix or unset it.\n")
        }
        #expect(sandbox.fileBytes == nil)
        #expect(sandbox.run("stats", "happy", environment: ["EMOTIONS_HOOK_TIMEOUT": "-1"]).output == "0\n")
    }

    @Test func helpAndVersionGoToStandardOutput() throws {
        let sandbox = try Sandbox()
        let help = sandbox.run("--help")
        #expect(help.status == 0 && help.output.hasPrefix("OVERVIEW:") && help.output.hasSuffix("\n") && help.error == "")
        let version = sandbox.run("--version")
        #expect(version.status == 0 && version.output == Root.version + "\n")
    }

    @Test func exitCodesFollowSysexits() {
        #expect(ExitCode.status(for: UsageError.nothingToReset) == 64)
        #expect(ExitCode.status(for: TallyError.overflow(.happy, count: 1, amount: 1)) == 64)
        #expect(ExitCode.status(for: StoreError.unreadableDataFile(path: "x", .totalTooLarge)) == 65)
        let system = SystemError(call: "open", path: "x", errno: 13)
        #expect(ExitCode.status(for: StoreError.cannotCreate(system)) == 73)
        #expect(ExitCode.status(for: StoreError.noHomeFolder) == 73)
        #expect(ExitCode.status(for: StoreError.readOnly(system)) == 73)
        #expect(ExitCode.status(for: StoreError.inputOutput(system)) == 74)
        #expect(ExitCode.status(for: StoreError.unsyncedChange(system)) == 74)
        #expect(ExitCode.status(for: StoreError.lockTimeout(lockFile: "x", timeout: .seconds(1), holder: nil)) == 75)
    }
}

import Foundation

extension Array where Element == UInt8 {
    var data: Data { Data(self) }
}
