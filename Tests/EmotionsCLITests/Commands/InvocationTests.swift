import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct InvocationTests {
    private func failure(_ words: [String]) -> Invocation.Failure? {
        do {
            _ = try Invocation.parse(words)
            return nil
        } catch {
            return error
        }
    }

    @Test func eachSubcommandBecomesItsCommandValue() throws {
        guard case let .run(tap as Tap) = try Invocation.parse(["tap", "happy", "very-sad", "happy"]) else {
            Issue.record("not a tap")
            return
        }
        expect(tap.actions, equals: [.tap(.happy), .tap(.sad), .tap(.happy)])
        expect(tap.options.format, equals: .text)

        guard case let .run(add as Add) = try Invocation.parse(["add", "--json", "sad", "-2"]) else {
            Issue.record("not an add")
            return
        }
        #expect(add.emotion == .sad && add.count == -2 && add.options.format == .json)

        guard case let .run(reset as Reset) = try Invocation.parse(["reset", "--all", "-q"]) else {
            Issue.record("not a reset")
            return
        }
        #expect(reset.emotions == Array(Emotion.allCases) && reset.options.format == .quiet)

        guard case let .run(stats as Stats) = try Invocation.parse(["stats", "Sad", "--json"]) else {
            Issue.record("not stats")
            return
        }
        #expect(stats.emotion == .sad && stats.isJSON)
    }

    @Test func everySubcommandThatTakesANameTakesAnEmojiWithOrWithoutAVariationSelector() throws {
        guard case let .run(tap as Tap) = try Invocation.parse(["tap", "😄", "🙂\u{FE0F}", "😢\u{FE0E}"]) else {
            Issue.record("not a tap")
            return
        }
        expect(tap.actions, equals: [.tap(.happy), .tap(.smile), .tap(.sad)])
        guard case let .run(add as Add) = try Invocation.parse(["add", "😐\u{FE0F}", "2"]) else {
            Issue.record("not an add")
            return
        }
        #expect(add.emotion == .neutral && add.count == 2)
        guard case let .run(reset as Reset) = try Invocation.parse(["reset", "😕"]) else {
            Issue.record("not a reset")
            return
        }
        expect(reset.emotions, equals: [.upset])
        guard case let .run(stats as Stats) = try Invocation.parse(["stats", "😢\u{FE0F}"]) else {
            Issue.record("not stats")
            return
        }
        expect(stats.emotion, equals: .sad)
        guard case let .run(watch as Watch) = try Invocation.parse(["watch", "😄\u{FE0F}", "😢"]) else {
            Issue.record("not a watch")
            return
        }
        expect(watch.emotions, equals: [.happy, .sad])
    }

    @Test func theFileOptionMayComeBeforeTheSubcommand() throws {
        guard case let .run(stats as Stats) = try Invocation.parse(["--file", "/tmp/a.json", "stats"]) else {
            Issue.record("not stats")
            return
        }
        expect(stats.store.file, equals: "/tmp/a.json")
        guard case let .run(tap as Tap) = try Invocation.parse(["--file=/tmp/a.json", "tap", "happy", "--file", "/tmp/b.json"])
        else {
            Issue.record("not a tap")
            return
        }
        expect(tap.options.store.file, equals: "/tmp/b.json")
    }

    @Test func noArgumentsHelpAndDashHAllShowTheSameHelp() throws {
        let expected = Root.helpPrinter.help
        for words in [[], ["help"], ["-h"], ["--help"]] {
            guard case let .help(text) = try Invocation.parse(words) else {
                Issue.record("no help for \(words)")
                continue
            }
            expect(text, equals: expected)
        }
    }

    @Test func subcommandHelpComesFromHelpOrDashH() throws {
        let expected = HelpPrinter(spec: Tap.spec).help
        for words in [["help", "tap"], ["tap", "-h"], ["tap", "hapy", "--help"]] {
            guard case let .help(text) = try Invocation.parse(words) else {
                Issue.record("no help for \(words)")
                continue
            }
            expect(text, equals: expected)
        }
    }

    @Test func anOptionsValueGivenWithAnEqualsSignIsNeverAHelpRequest() throws {
        guard case let .run(tap as Tap) = try Invocation.parse(["tap", "--file=-h", "happy"]) else {
            Issue.record("not a tap")
            return
        }
        expect(tap.options.store.file, equals: "-h")
    }

    @Test(arguments: [
        (["tap", "--file", "-h", "happy"], HelpPrinter(spec: Tap.spec).help),
        (["stats", "--file", "--help"], HelpPrinter(spec: Stats.spec).help),
        (["--file", "--help"], Root.helpPrinter.help),
        (["--color", "-h", "tap", "happy"], Root.helpPrinter.help),
    ])
    func aHelpRequestAfterAnOptionIsNotItsValue(words: [String], expected: String) throws {
        guard case let .help(text) = try Invocation.parse(words) else {
            Issue.record("no help for \(words)")
            return
        }
        expect(text, equals: expected)
    }

    @Test(arguments: [
        (["--file=--json", "stats"], "--json"), (["stats", "--file=--json"], "--json"),
        (["--file", "-", "stats"], "-"), (["stats", "--file", "-"], "-"),
        (["--file", "-3", "stats"], "-3"), (["stats", "--file", "-3"], "-3"),
    ])
    func aValueMayStartWithADashWhenGivenWithEqualsOrALoneDashOrANumber(words: [String], file: String) throws {
        guard case let .run(stats as Stats) = try Invocation.parse(words) else {
            Issue.record("not stats: \(words)")
            return
        }
        expect(stats.store.file, equals: file)
    }

    @Test(arguments: [
        (["--generate-completion-script", "bash"], CompletionShell.bash),
        (["--generate-completion-script=zsh"], .zsh),
        (["--file", "x.json", "--generate-completion-script", "fish"], .fish),
    ])
    func aCompletionScriptIsAskedBeforeAnySubcommand(words: [String], shell: CompletionShell) throws {
        guard case let .completionScript(asked) = try Invocation.parse(words) else {
            Issue.record("no completion script for \(words)")
            return
        }
        expect(asked, equals: shell)
    }

    @Test func versionIsAsked() throws {
        guard case .version = try Invocation.parse(["--version"]) else {
            Issue.record("no version")
            return
        }
    }

    @Test(arguments: [
        (["tpa"], UsageError.unknownSubcommand("tpa", suggestion: "tap")),
        (["stat"], .unknownSubcommand("stat", suggestion: "stats")),
        (["frobnicate"], .unknownSubcommand("frobnicate", suggestion: nil)),
        (["help", "rest"], .unknownSubcommand("rest", suggestion: "reset")),
        (["--verison"], .unknownOption("--verison", suggestion: "--version")),
        (["--json", "stats"], .unknownOption("--json", suggestion: "stats --json")),
        (["---json", "stats"], .unknownOption("---json", suggestion: "stats --json")),
        (["----json=1", "reset"], .unknownOption("----json", suggestion: "reset --json")),
        (["--initial", "--file", "x.json", "watch"], .unknownOption("--initial", suggestion: "watch --initial")),
        (["--json", "help"], .unknownOption("--json", suggestion: nil)),
        (["--version", "tap", "happy"], .unexpectedArgument("tap")),
        (["--version", "--bogus"], .unexpectedArgument("--bogus")),
        (["--file"], .missingValue(option: "--file")),
        (["--file", "x.json"], .missingArgument("<subcommand>")),
        (["-qh"], .unknownOption("-q", suggestion: nil)),
        (["TAP"], .unknownSubcommand("TAP", suggestion: "tap")),
        (["happy"], .unknownSubcommand("happy", suggestion: "emotions tap happy")),
        (["HAPPY"], .unknownSubcommand("HAPPY", suggestion: "emotions tap happy")),
        (["Very-Happy", "sad"], .unknownSubcommand("Very-Happy", suggestion: "emotions tap happy")),
        (["😢"], .unknownSubcommand("😢", suggestion: "emotions tap sad")),
        (["help", "Stats"], .unknownSubcommand("Stats", suggestion: "stats")),
        (["tap"], .missingArgument("<emotion>")),
        (["tap", "hapy"], .unknownEmotion("hapy")),
        (["tap", "happy", "--jsno"], .unknownOption("--jsno", suggestion: "--json")),
        (["tap", "happy", "--json", "--quiet"], .conflictingOptions("--json", "--quiet")),
        (["tap", "happy", "--file="], .invalidValue("", option: "--file", reason: "a path cannot be empty")),
        (["add", "sad"], .missingArgument("<count>")),
        (["add", "sad", "1.5"], .invalidCount("1.5")),
        (["add", "sad", "5x"], .invalidCount("5x")),
        (["add", "sad", "0x10"], .invalidCount("0x10")),
        (["add", "sad", ""], .invalidCount("")),
        (["add", "sad", "99999999999999999999"], .invalidCount("99999999999999999999")),
        (["add", "sad", "1", "2"], .unexpectedArgument("2")),
        (["reset"], .nothingToReset),
        (["reset", "sad", "--all"], .resetAllWithEmotions),
        (["stats", "happy", "sad"], .unexpectedArgument("sad")),
        (["--fiel", "x.json", "tap", "happy"], .unknownOption("--fiel", suggestion: "--file")),
        (["--fil=x.json", "tap", "happy"], .unknownOption("--fil", suggestion: "--file")),
        (["help", "wach"], .unknownSubcommand("wach", suggestion: "watch")),
        (["watch", "--intial"], .unknownOption("--intial", suggestion: "--initial")),
        (["stats", "--fiel=x.json"], .unknownOption("--fiel", suggestion: "--file")),
        (["reset", "--al"], .unknownOption("--al", suggestion: "--all")),
        (["watch", "hapy"], .unknownEmotion("hapy")),
        (["tap", "😃"], .unknownEmotion("😃")),
        (["--generate-completion-script"], .missingValue(option: "--generate-completion-script")),
        (
            ["--generate-completion-script", "bsh"],
            .unknownValue("bsh", option: "--generate-completion-script", expected: ["bash", "zsh", "fish"], suggestion: "bash")
        ),
        (
            ["--generate-completion-script=powershell"],
            .unknownValue(
                "powershell", option: "--generate-completion-script", expected: ["bash", "zsh", "fish"], suggestion: nil)
        ),
        (["--generate-completion-scrpt", "bash"], .unknownOption("--generate-completion-scrpt", suggestion: "--generate-completion-script")),
        (["--generate-completion-script", "bash", "tap"], .unexpectedArgument("tap")),
        (["stats", "--file", "--json"], .missingValue(option: "--file")),
        (["tap", "--file", "--json", "happy"], .missingValue(option: "--file")),
        (["tap", "happy", "--file", "-q"], .missingValue(option: "--file")),
        (["tap", "happy", "--file", "--"], .missingValue(option: "--file")),
        (["stats", "--color", "--json"], .missingValue(option: "--color")),
        (["--file", "--json", "stats"], .missingValue(option: "--file")),
        (["--file", "-q", "tap", "happy"], .missingValue(option: "--file")),
        (["--file", "--", "stats"], .missingValue(option: "--file")),
        (["--color", "--file", "x.json", "stats"], .missingValue(option: "--color")),
        (["--generate-completion-script", "--version"], .missingValue(option: "--generate-completion-script")),
    ])
    func badWordsAreUsageErrors(words: [String], expected: UsageError) {
        expect(failure(words)?.error, equals: expected)
    }

    @Test func aUsageErrorCarriesTheCommandWhoseUsageToShow() {
        expect(failure(["tap", "hapy"])?.spec.name, equals: "tap")
        expect(failure(["tpa"])?.spec.name, equals: "")
    }
}
