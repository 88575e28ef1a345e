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
        for name in ["tap", "add", "reset", "stats", "help"] {
            #expect(help.contains("\n  \(name) "), "\(name)")
        }
    }

    @Test func everySubcommandHasArgumentsOptionsAndAnExample() {
        for command in Root.subcommands {
            let help = HelpPrinter(spec: command.spec).help
            for section in ["OVERVIEW:", "USAGE: emotions \(command.spec.name)", "ARGUMENTS:", "OPTIONS:", "EXAMPLES:"] {
                #expect(help.contains(section), "\(command.spec.name) lacks \(section)")
            }
            for option in command.spec.allOptions {
                #expect(help.contains("--\(option.long)"), "\(command.spec.name) lacks --\(option.long)")
            }
        }
    }

    @Test func usageShowsArgumentsThenOptions() {
        #expect(HelpPrinter(spec: Tap.spec).usage == "emotions tap <emotion> ... [--json] [-q] [--no-hooks] [--file <path>]")
        #expect(HelpPrinter(spec: Reset.spec).usage
            == "emotions reset [<emotion> ...] [--all] [--json] [-q] [--no-hooks] [--file <path>]")
        #expect(HelpPrinter(spec: Stats.spec).usage == "emotions stats [<emotion>] [--json] [--file <path>]")
    }

    @Test func colorIsListedInHelpButLeftOutOfUsageLines() {
        for spec in [Tap.spec, Add.spec, Reset.spec, Stats.spec, Watch.spec] {
            let printer = HelpPrinter(spec: spec)
            #expect(printer.help.contains("  --color <when>"), "\(spec.name)")
            #expect(!printer.usage.contains("--color"), "\(spec.name)")
        }
    }

    @Test func helpLinesFitInEightyColumnsAndStartHelpAfterTwentySixCharacters() {
        for spec in [Root.spec, Tap.spec, Add.spec, Reset.spec, Stats.spec, Watch.spec] {
            let printer = spec.name.isEmpty ? Root.helpPrinter : HelpPrinter(spec: spec)
            for line in printer.help.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.count <= HelpPrinter.width, "too wide: \(line)")
            }
        }
        let line = HelpPrinter(spec: Tap.spec).help.split(separator: "\n").first { $0.hasPrefix("  --json") }
        #expect(line.map { Array($0)[HelpPrinter.helpColumn] != " " && Array($0)[HelpPrinter.helpColumn - 1] == " " } == true)
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
        #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }).count == 40)
    }
}
