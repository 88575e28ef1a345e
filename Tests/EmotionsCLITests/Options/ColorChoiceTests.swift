@testable import EmotionsCLI
import Testing

/// `--color`, `NO_COLOR` and `TERM`, through the in-process command line and a fake terminal.
@Suite struct ColorChoiceTests {
    @Test func autoColoursATerminalButNotAPipe() throws {
        let sandbox = try Sandbox()
        let piped = sandbox.run("tap", "happy")
        expect(piped.output, equals: "happy: 0 → 1\n")
        let onScreen = sandbox.run("tap", "happy", isTerminal: true)
        expect(onScreen.output, equals: "\u{1B}[33mhappy\u{1B}[0m: 1 → 2\n")
        #expect(!hasEscapes(sandbox.run("stats").output))
        #expect(hasEscapes(sandbox.run("stats", isTerminal: true, columns: 80).output))
    }

    @Test func noColorSetToAnythingTurnsAutoOff() throws {
        let sandbox = try Sandbox()
        for value in ["1", "0", "false", "yes"] {
            let outcome = sandbox.run("tap", "sad", environment: ["NO_COLOR": value], isTerminal: true)
            #expect(outcome.status == 0 && !hasEscapes(outcome.output), "NO_COLOR=\(value): \(outcome.output)")
        }
        #expect(!hasEscapes(sandbox.run("stats", environment: ["NO_COLOR": "1"], isTerminal: true).output))
    }

    @Test func anEmptyNoColorCountsAsUnset() throws {
        let outcome = try Sandbox().run("tap", "sad", environment: ["NO_COLOR": ""], isTerminal: true)
        expect(outcome.output, equals: "\u{1B}[34msad\u{1B}[0m: 0 → 1\n")
    }

    @Test func aDumbTerminalGetsNoColourInAuto() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "smile", environment: ["TERM": "dumb"], isTerminal: true).output, equals: "smile: 0 → 1\n")
        #expect(hasEscapes(sandbox.run("tap", "smile", environment: ["TERM": "xterm-256color"], isTerminal: true).output))
        #expect(hasEscapes(sandbox.run("tap", "smile", "--color", "always", environment: ["TERM": "dumb"]).output))
    }

    @Test func alwaysColoursAPipeEvenWithNoColor() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "upset", "--color", "always").output, equals: "\u{1B}[35mupset\u{1B}[0m: 0 → 1\n")
        let outcome = sandbox.run("tap", "upset", "--color=always", environment: ["NO_COLOR": "1"])
        expect(outcome.output, equals: "\u{1B}[35mupset\u{1B}[0m: 1 → 2\n")
        #expect(hasEscapes(sandbox.run("stats", "--color", "always").output))
    }

    @Test func neverColoursNotEvenATerminal() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "neutral", "--color", "never", isTerminal: true).output, equals: "neutral: 0 → 1\n")
        #expect(!hasEscapes(sandbox.run("stats", "--color", "never", isTerminal: true).output))
    }

    @Test func everySubcommandThatPrintsCountsOrChangesTakesIt() throws {
        let sandbox = try Sandbox()
        expect(sandbox.run("tap", "happy", "--color", "always").output, equals: "\u{1B}[33mhappy\u{1B}[0m: 0 → 1\n")
        expect(sandbox.run("add", "--color", "always", "smile", "2").output, equals: "\u{1B}[32msmile\u{1B}[0m: 0 → 2\n")
        expect(sandbox.run("reset", "smile", "--color", "always").output, equals: "\u{1B}[32msmile\u{1B}[0m: 2 → 0\n")
        #expect(hasEscapes(sandbox.run("stats", "--color", "always").output))
        #expect(sandbox.run("undo", "--color", "always").output.hasSuffix("\n\u{1B}[32msmile\u{1B}[0m: 0 → 2\n"))
        #expect(sandbox.run("redo", "--color", "always").output.hasSuffix("\n\u{1B}[32msmile\u{1B}[0m: 2 → 0\n"))
        #expect(hasEscapes(sandbox.run("log", "--color", "always").output))
        guard case let .run(watch as Watch) = try Invocation.parse(["watch", "--color", "always"]) else {
            Issue.record("not a watch")
            return
        }
        expect(watch.color, equals: .always)
    }

    @Test func itMayComeBeforeTheSubcommandAndTheLastOneWins() throws {
        let sandbox = try Sandbox()
        #expect(hasEscapes(sandbox.run("--color", "always", "tap", "happy").output))
        #expect(hasEscapes(sandbox.run("--color=always", "stats").output))
        #expect(!hasEscapes(sandbox.run("--color", "always", "tap", "happy", "--color", "never").output))
        #expect(hasEscapes(sandbox.run("--color", "never", "tap", "happy", "--color=always").output))
        #expect(!hasEscapes(sandbox.run("tap", "--color", "always", "happy", "--color", "auto").output))
    }

    @Test func jsonAndSingleCountsAreNeverColoured() throws {
        let sandbox = try Sandbox()
        let tap = sandbox.run("tap", "happy", "--json", "--color", "always", isTerminal: true)
        expect(tap.output, equals: #"{"emotion": "happy", "old": 0, "new": 1}"# + "\n")
        let stats = sandbox.run("stats", "--json", "--color", "always", isTerminal: true)
        expect(stats.output, equals: #"{"counts": {"happy": 1, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}, "total": 1}"# + "\n")
        expect(sandbox.run("stats", "happy", "--color", "always", isTerminal: true).output, equals: "1\n")
        expect(sandbox.run("tap", "happy", "-q", "--color", "always", isTerminal: true).output, equals: "")
    }

    @Test func errorsAreNeverColoured() throws {
        let outcome = try Sandbox().run("add", "sad", "-1", "--color", "always", isTerminal: true)
        expect(outcome.status, equals: 64)
        #expect(outcome.error.hasPrefix("Error: Cannot add -1 to sad") && !hasEscapes(outcome.error))
    }

    @Test func anUnknownValueIsAUsageErrorThatSuggestsTheClosestAndListsThemAll() throws {
        let sandbox = try Sandbox()
        let outcome = sandbox.run("tap", "happy", "--color", "alwys")
        expect(outcome.status, equals: 64)
        expect(outcome.output, equals: "")
        #expect(outcome.error == """
            Error: Unknown value 'alwys' for '--color'. Did you mean 'always'? Valid values: auto, always, never.
            Usage: emotions tap <emotion> ... [+<tag> ...] [--note <text>] [--at <time>] [--tag <tag>] [--json] [-q] [--no-hooks] [--file <path>]
              See 'emotions tap --help' for more information.

            """)
        expect(sandbox.fileBytes, equals: nil)
        let leading = sandbox.run("--color=Nevr", "stats")
        expect(leading.status, equals: 64)
        #expect(leading.error.hasPrefix(
            "Error: Unknown value 'Nevr' for '--color'. Did you mean 'never'? Valid values: auto, always, never.\n"
                + "Usage: emotions stats "))
        let farOff = sandbox.run("stats", "--color=yes")
        #expect(farOff.error.hasPrefix("Error: Unknown value 'yes' for '--color'. Valid values: auto, always, never.\n"))
    }

    @Test func aMissingValueIsAUsageError() throws {
        let sandbox = try Sandbox()
        #expect(sandbox.run("tap", "happy", "--color").error.hasPrefix("Error: Missing value for '--color'\n"))
        #expect(sandbox.run("--color").error.hasPrefix("Error: Missing value for '--color'\n"))
        #expect(sandbox.run("--color", "always").error.hasPrefix("Error: Missing expected argument '<subcommand>'\n"))
    }
}
