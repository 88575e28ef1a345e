@testable import EmotionsCLI
import Testing

@Suite struct HelpPrinterTests {
    @Test func rootHelpListsEveryOptionAndSubcommand() {
        let help = Root.helpPrinter.help
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(help.contains("USAGE: emotions [--file <path>] <subcommand>"))
        for section in ["OPTIONS:", "SUBCOMMANDS:", "  --file <path>", "  --color <when>", "  --version", "  -h, --help"] {
            #expect(help.contains(section), "\(section)")
        }
        for spec in Root.subcommandSpecs {
            #expect(help.contains("\n  \(spec.name) "), "\(spec.name)")
        }
    }

    /// ARGUMENTS is there exactly when the subcommand takes arguments: `undo` and `redo` take none,
    /// and an empty list would only say so at length.
    @Test func everySubcommandListsItsArgumentsOptionsAndAnExample() {
        for command in Root.subcommands {
            let help = HelpPrinter(spec: command.spec).help
            for section in ["OVERVIEW:", "USAGE: emotions \(command.spec.name)", "OPTIONS:", "EXAMPLES:"] {
                #expect(help.contains(section), "\(command.spec.name) lacks \(section)")
            }
            expect(help.contains("ARGUMENTS:"), equals: (!command.spec.arguments.isEmpty || command.spec.tagHelp != nil), "\(command.spec.name)'s ARGUMENTS")
            for argument in command.spec.arguments {
                #expect(help.contains("  \(argument.label) "), "\(command.spec.name) lacks \(argument.label)")
            }
            for option in command.spec.allOptions {
                #expect(help.contains("--\(option.long)"), "\(command.spec.name) lacks --\(option.long)")
            }
            #expect(command.spec.examples.allSatisfy { $0.hasPrefix("emotions \(command.spec.name)") }, "\(command.spec.name)")
        }
    }

    @Test func usageShowsArgumentsThenOptions() {
        #expect(HelpPrinter(spec: Tap.spec).usage
            == "emotions tap <emotion> ... [+<tag> ...] [--note <text>] [--at <time>] [--tag <tag>] [--json] [-q] [--no-hooks] [--file <path>]")
        #expect(HelpPrinter(spec: Reset.spec).usage
            == "emotions reset [<emotion> ...] [--all] [--note <text>] [--json] [-q] [--no-hooks] [--file <path>]")
        #expect(HelpPrinter(spec: Stats.spec).usage
            == "emotions stats [<emotion>] [+<tag> ...] [--by <period>] [--since <time>] [--until <time>] [--today] [--yesterday] [--week] "
                + "[--last-week] [--month] [--last-month] [--year [<year>]] [--json] [--tag <tag>] [--file <path>]")
        expect(HelpPrinter(spec: Undo.spec).usage, equals: "emotions undo [<id>] [--json] [-q] [--no-hooks] [--file <path>]")
        #expect(HelpPrinter(spec: Log.spec).usage
            == "emotions log [<emotion> ...] [+<tag> ...] [--since <time>] [--until <time>] [--today] [--yesterday] [--week] [--last-week] "
                + "[--month] [--last-month] [--year [<year>]] [-n <n>] [--no-pager] [--json] [--tag <tag>] [--file <path>]")
    }

    @Test func colorIsListedInHelpButLeftOutOfUsageLines() {
        for spec in Root.subcommands.map({ $0.spec }) {
            let printer = HelpPrinter(spec: spec)
            #expect(printer.help.contains("  --color <when>"), "\(spec.name)")
            #expect(!printer.usage.contains("--color"), "\(spec.name)")
        }
    }

    @Test func helpLinesFitInEightyColumnsAndStartHelpAfterTwentySixCharacters() {
        for spec in [Root.spec] + Root.subcommandSpecs {
            let printer = spec.name.isEmpty ? Root.helpPrinter : HelpPrinter(spec: spec)
            for line in printer.help.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.count <= HelpPrinter.width, "too wide: \(line)")
            }
        }
        let line = HelpPrinter(spec: Tap.spec).help.split(separator: "\n").first { $0.hasPrefix("  --json") }
        expect(line.map { Array($0)[HelpPrinter.helpColumn] != " " && Array($0)[HelpPrinter.helpColumn - 1] == " " }, equals: true)
    }

    @Test func anOptionsDeclaredValuesAreListedAfterItsHelp() {
        let spec = CommandSpec(
            name: "try", abstract: "A command for tests.",
            options: [OptionSpec(long: "color", valueName: "when", values: ["auto", "always", "never"], help: "Colour output.")])
        #expect(HelpPrinter(spec: spec).help.contains("  --color <when>          Colour output. (values: auto, always, never)\n"))
    }

    @Test func wrappingKeepsEveryWordAndIndentsContinuationLines() {
        let text = Array(repeating: "word", count: 40).joined(separator: " ")
        let wrapped = HelpPrinter.wrap(text, indent: 4)
        #expect(wrapped.split(separator: "\n").allSatisfy { $0.hasPrefix("    word") && $0.count <= 80 })
        expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }).count, equals: 40)
    }
}
