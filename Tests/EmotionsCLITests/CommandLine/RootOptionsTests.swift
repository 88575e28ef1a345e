import EmotionKit
@testable import EmotionsCLI
import Testing

/// The root's options, parsed from its spec and handed down to the subcommand.
@Suite struct RootOptionsTests {
    private let root = CommandSpec(
        name: "", abstract: "",
        options: [
            OptionSpec(long: "profile", valueName: "name", values: ["home", "work"], help: ""),
            OptionSpec(long: "version", help: "", standsAlone: true),
        ])
    private let subcommand = CommandSpec(
        name: "run", abstract: "", arguments: [ArgumentSpec(name: "what", help: "")],
        options: [OptionSpec(long: "profile", valueName: "name", values: ["home", "work"], help: "")])

    private func leading(_ words: [String]) throws -> (ParsedArguments, [String]) {
        var rest = words[...]
        let parsed = try ArgumentParser(spec: root).parseOptions(before: &rest)
        return (parsed, Array(rest))
    }

    private func run(_ words: [String]) -> Invocation? {
        try? Invocation.parse(words)
    }

    @Test func theRootsOptionsStopAtTheSubcommandsName() throws {
        let (parsed, rest) = try leading(["--profile", "work", "run", "--profile", "home"])
        expect(parsed.value(ofOption: "profile"), equals: "work")
        expect(rest, equals: ["run", "--profile", "home"])
        try expect(leading(["--", "-x"]).1, equals: ["-x"])
    }

    @Test func aNewGlobalOptionDeclaredInTheSpecsIsHandedDownToTheSubcommand() throws {
        let (globals, rest) = try leading(["--profile=home", "run", "x"])
        let parsed = try ArgumentParser(spec: subcommand).parse(Array(rest.dropFirst()), inheriting: globals)
        expect(parsed.value(ofOption: "profile"), equals: "home")
        expect(parsed.value(of: "what"), equals: "x")
        let overridden = try ArgumentParser(spec: subcommand).parse(["x", "--profile", "work"], inheriting: globals)
        expect(overridden.value(ofOption: "profile"), equals: "work")
    }

    @Test func aRefusedValueBeforeTheSubcommandIsTheSubcommandsToReport() throws {
        let (globals, _) = try leading(["--profile=hom", "run", "x"])
        let expected = UsageError.unknownValue("hom", option: "--profile", expected: ["home", "work"], suggestion: "home")
        expect(globals.refusedValue, equals: ParsedArguments.OptionValue(long: "profile", value: "hom"))
        #expect(throws: expected) { try ArgumentParser(spec: subcommand).parse(["x", "--profile", "work"], inheriting: globals) }
    }

    @Test func aGlobalOptionTheSubcommandLacksIsUnknownToIt() throws {
        let (globals, _) = try leading(["--profile", "home", "other"])
        let bare = CommandSpec(name: "other", abstract: "")
        #expect(throws: UsageError.unknownOption("--profile", suggestion: nil)) {
            try ArgumentParser(spec: bare).parse([], inheriting: globals)
        }
    }

    @Test func nothingMayFollowAnOptionThatStandsAlone() throws {
        #expect(try leading(["--profile", "home", "--version"]).0.has("version"))
        #expect(throws: UsageError.unexpectedArgument("run")) { try leading(["--version", "run"]) }
    }

    @Test func helpInPlaceOfAGlobalOptionsValueIsAskedFor() throws {
        let (parsed, rest) = try leading(["--profile", "--help", "run"])
        #expect(parsed.has("help") && rest == ["run"])
        #expect(throws: UsageError.missingValue(option: "--profile")) { try leading(["--profile", "--json"]) }
    }

    @Test func aGlobalOptionsValueIsHandedToTheSubcommand() {
        guard case let .run(stats as Stats)? = run(["--color", "never", "--file", "a.json", "stats"]) else {
            Issue.record("not stats")
            return
        }
        #expect(stats.color == .never && stats.store.file == "a.json")
    }

    @Test func aGlobalOptionMayAlsoComeAfterTheSubcommandAndTheLastOneWins() {
        guard case let .run(tap as Tap)? = run(["tap", "happy", "--color", "always"]) else {
            Issue.record("not a tap")
            return
        }
        expect(tap.options.color, equals: .always)
        guard case let .run(later as Tap)? = run(["--color", "never", "tap", "happy", "--color=always"]) else {
            Issue.record("not a tap")
            return
        }
        expect(later.options.color, equals: .always)
    }

    @Test func theFileOptionGivenTwiceTakesTheLastPath() {
        guard case let .run(before as Tap)? = run(["--file", "a.json", "--file", "b.json", "tap", "happy"]) else {
            Issue.record("not a tap")
            return
        }
        expect(before.options.store.file, equals: "b.json")
        guard case let .run(after as Add)? = run(["add", "sad", "1", "--file", "a.json", "--file=b.json"]) else {
            Issue.record("not an add")
            return
        }
        expect(after.options.store.file, equals: "b.json")
    }

    @Test func aBadGlobalValueIsReportedWithTheSubcommandsUsageOnlyIfOneRuns() throws {
        do {
            _ = try Invocation.parse(["--color=bad", "stats"])
            Issue.record("no error")
        } catch {
            expect(error.spec.name, equals: "stats")
            expect(error.error, equals: .unknownValue("bad", option: "--color", expected: ["auto", "always", "never"], suggestion: nil))
        }
        guard case .version? = run(["--color=bad", "--version"]) else {
            Issue.record("no version")
            return
        }
    }
}
