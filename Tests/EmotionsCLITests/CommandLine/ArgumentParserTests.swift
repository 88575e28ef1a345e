@testable import EmotionsCLI
import Testing

@Suite struct ArgumentParserTests {
    private let spec = CommandSpec(
        name: "try",
        abstract: "A command for tests.",
        arguments: [ArgumentSpec(name: "first", help: ""), ArgumentSpec(name: "rest", help: "", isOptional: true, isRepeating: true)],
        options: [
            OptionSpec(long: "json", help: ""), OptionSpec(long: "quiet", short: "q", help: ""),
            OptionSpec(long: "file", valueName: "path", help: ""),
            OptionSpec(long: "color", short: "c", valueName: "when", values: ["auto", "always", "never"], help: ""),
            OptionSpec(long: "year", valueName: "year", valueIsOptional: true, help: ""),
        ])

    private func parse(_ words: String...) throws -> ParsedArguments {
        try ArgumentParser(spec: spec).parse(words)
    }

    @Test func optionsMayComeBeforeBetweenOrAfterArguments() throws {
        let parsed = try parse("--json", "a", "-q", "b", "--file", "f.json", "c")
        expect(parsed.values(of: "first"), equals: ["a"])
        expect(parsed.values(of: "rest"), equals: ["b", "c"])
        expect(parsed.flags.sorted(), equals: ["json", "quiet"])
        expect(parsed.value(ofOption: "file"), equals: "f.json")
    }

    @Test func anOptionsValueIsReadInAnyCaseAndKeptAsDeclared() throws {
        try expect(parse("a", "--color", "NEVER").value(ofOption: "color"), equals: "never")
        try expect(parse("a", "--color=Always").value(ofOption: "color"), equals: "always")
        try expect(parse("a", "-cAuTo").value(ofOption: "color"), equals: "auto")
        try expect(parse("a", "--file", "F.JSON").value(ofOption: "file"), equals: "F.JSON")
    }

    @Test func anOptionalValueIsTakenAfterEqualsOrAsANextWordStartingWithADigit() throws {
        try expect(parse("a", "--year=2025").value(ofOption: "year"), equals: "2025")
        try expect(parse("a", "--year", "2025").value(ofOption: "year"), equals: "2025")
        try expect(parse("a", "--year", "25x").value(ofOption: "year"), equals: "25x")
        let alone = try parse("a", "--year")
        #expect(alone.has("year") && alone.value(ofOption: "year") == nil && alone.isGiven("year"))
        let beforeWord = try parse("--year", "a", "b")
        #expect(beforeWord.has("year") && beforeWord.values(of: "first") == ["a"] && beforeWord.values(of: "rest") == ["b"])
        let beforeOption = try parse("a", "--year", "--json")
        #expect(beforeOption.has("year") && beforeOption.has("json"))
        try expect(parse("a", "--year", "-3").values(of: "rest"), equals: ["-3"])
        #expect(ArgumentParser(spec: spec).asksForHelp(["--year", "--help"]))
        #expect(ArgumentParser(spec: spec).asksForHelp(["--year", "-h"]))
    }

    @Test func anOptionValueMayFollowAnEqualsSign() throws {
        try expect(parse("a", "--file=x=y.json").value(ofOption: "file"), equals: "x=y.json")
        try expect(parse("a", "--file=").value(ofOption: "file"), equals: "")
    }

    @Test func theLastValueOfARepeatedOptionWins() throws {
        try expect(parse("a", "--file", "one", "--file", "two").value(ofOption: "file"), equals: "two")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse("--", "--json", "-q")
        expect(parsed.values(of: "first"), equals: ["--json"])
        expect(parsed.values(of: "rest"), equals: ["-q"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func negativeNumbersAreArgumentsNotOptions() throws {
        try expect(parse("a", "-3", "-0").values(of: "rest"), equals: ["-3", "-0"])
    }

    @Test func oneLetterFlagsMayBeGrouped() throws {
        try expect(parse("-qh", "a").flags, equals: ["quiet", "help"])
    }

    @Test func aLoneDashIsAnArgument() throws {
        try expect(parse("-").values(of: "first"), equals: ["-"])
    }

    @Test func anUnknownOptionSuggestsTheClosestOne() {
        #expect(throws: UsageError.unknownOption("--jsno", suggestion: "--json")) { try parse("a", "--jsno") }
        #expect(throws: UsageError.unknownOption("--bogus", suggestion: nil)) { try parse("a", "--bogus") }
        #expect(throws: UsageError.unknownOption("-x", suggestion: nil)) { try parse("a", "-x") }
    }

    @Test func valuesAreRequiredWhereTakenAndRefusedWhereNot() {
        #expect(throws: UsageError.missingValue(option: "--file")) { try parse("a", "--file") }
        #expect(throws: UsageError.unexpectedValue(option: "--json")) { try parse("a", "--json=yes") }
    }

    @Test func aWordThatLooksLikeAnOptionIsNeverTheValueOfTheOptionBeforeIt() {
        #expect(throws: UsageError.missingValue(option: "--file")) { try parse("a", "--file", "--json") }
        #expect(throws: UsageError.missingValue(option: "--file")) { try parse("--file", "-q", "a") }
        #expect(throws: UsageError.missingValue(option: "--file")) { try parse("a", "--file", "--bogus") }
        #expect(throws: UsageError.missingValue(option: "--file")) { try parse("a", "--file", "--") }
        #expect(throws: UsageError.missingValue(option: "--color")) { try parse("a", "--color", "-q") }
        #expect(throws: UsageError.missingValue(option: "-c")) { try parse("a", "-c", "--json") }
        #expect(throws: UsageError.missingValue(option: "-c")) { try parse("a", "-qc", "-q") }
    }

    @Test func aValueStartingWithADashIsTakenAfterAnEqualsSignOrAttachedOrAsALoneDashOrANumber() throws {
        try expect(parse("a", "--file=--json").value(ofOption: "file"), equals: "--json")
        try expect(parse("a", "--file=-").value(ofOption: "file"), equals: "-")
        try expect(parse("a", "--file", "-").value(ofOption: "file"), equals: "-")
        try expect(parse("a", "--file", "-3").value(ofOption: "file"), equals: "-3")
        let parsed = try parse("a", "--file", "-", "b")
        expect(parsed.values(of: "rest"), equals: ["b"])
        let shortSpec = CommandSpec(
            name: "try", abstract: "", options: [OptionSpec(long: "name", short: "n", valueName: "name", help: "")])
        let short = ArgumentParser(spec: shortSpec)
        try expect(short.parse(["-n-x"]).value(ofOption: "name"), equals: "-x")
        try expect(short.parse(["-n", "-"]).value(ofOption: "name"), equals: "-")
        try expect(short.parse(["-n", "-2"]).value(ofOption: "name"), equals: "-2")
        #expect(throws: UsageError.missingValue(option: "-n")) { try short.parse(["-n", "-x"]) }
    }

    @Test func anOptionWithDeclaredValuesTakesOnlyThose() throws {
        try expect(parse("a", "--color", "never").value(ofOption: "color"), equals: "never")
        try expect(parse("a", "--color=always").value(ofOption: "color"), equals: "always")
        try expect(parse("a", "-cauto").value(ofOption: "color"), equals: "auto")
        let expected = ["auto", "always", "never"]
        #expect(throws: UsageError.unknownValue("nevr", option: "--color", expected: expected, suggestion: "never")) {
            try parse("a", "--color", "nevr")
        }
        #expect(throws: UsageError.unknownValue("ALWYS", option: "--color", expected: expected, suggestion: "always")) {
            try parse("a", "--color=ALWYS")
        }
        #expect(throws: UsageError.unknownValue("x", option: "--color", expected: expected, suggestion: nil)) {
            try parse("a", "-c", "x")
        }
    }

    @Test func anUnknownValueNamesTheValuesAndTheClosest() {
        let error = UsageError.unknownValue("bsh", option: "--shell", expected: ["bash", "zsh"], suggestion: "bash")
        expect(error.description, equals: "Unknown value 'bsh' for '--shell'. Did you mean 'bash'? Valid values: bash, zsh.")
    }

    @Test func missingAndExtraArgumentsAreErrors() {
        #expect(throws: UsageError.missingArgument("<first>")) { try parse("--json") }
        let single = ArgumentParser(spec: CommandSpec(name: "one", abstract: "", arguments: [ArgumentSpec(name: "x", help: "")]))
        #expect(throws: UsageError.unexpectedArgument("b")) { try single.parse(["a", "b"]) }
    }

    @Test func helpIsAskedForAnywhereBeforeADoubleDash() {
        let parser = ArgumentParser(spec: spec)
        #expect(parser.asksForHelp(["a", "--help"]))
        #expect(parser.asksForHelp(["-h"]))
        #expect(parser.asksForHelp(["-qh"]))
        #expect(!parser.asksForHelp(["--", "-h"]))
        #expect(!parser.asksForHelp(["-3"]))
    }

    @Test func helpAfterAnOptionThatTakesAValueIsAskedForNotTakenAsTheValue() {
        let parser = ArgumentParser(spec: spec)
        #expect(parser.asksForHelp(["a", "--file", "--help"]))
        #expect(parser.asksForHelp(["--file", "-h", "a"]))
        #expect(parser.asksForHelp(["-c", "-h"]))
        #expect(parser.asksForHelp(["--file", "--json", "-h"]))
        #expect(!parser.asksForHelp(["--file=--help"]))
        #expect(!parser.asksForHelp(["--file", "-", "--", "-h"]))
        #expect(!parser.asksForHelp(["-c-h"]))
    }

    @Test func anOptionWithFixedValuesTakesOnlyThose() throws {
        try expect(parse("a", "--color", "never").value(ofOption: "color"), equals: "never")
        try expect(parse("a", "--color=always").value(ofOption: "color"), equals: "always")
        try expect(parse("a", "-cauto").value(ofOption: "color"), equals: "auto")
        let values = ["auto", "always", "never"]
        #expect(throws: UsageError.unknownValue("alwys", option: "--color", expected: values, suggestion: "always")) {
            try parse("a", "--color", "alwys")
        }
        #expect(throws: UsageError.unknownValue("NEVR", option: "--color", expected: values, suggestion: "never")) {
            try parse("a", "--color=NEVR")
        }
        #expect(throws: UsageError.unknownValue("", option: "--color", expected: values, suggestion: nil)) {
            try parse("a", "--color=")
        }
        #expect(throws: UsageError.unknownValue("yes", option: "--color", expected: values, suggestion: nil)) {
            try parse("a", "-c", "yes")
        }
    }

    @Test func anOptionWithoutFixedValuesTakesAny() throws {
        try expect(parse("a", "--file", "never").value(ofOption: "file"), equals: "never")
    }
}
