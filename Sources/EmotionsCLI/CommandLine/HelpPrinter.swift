/// Writes a command's help and usage line from its spec, in swift-argument-parser's layout.
struct HelpPrinter {
    /// Where help text starts on each line of the ARGUMENTS, OPTIONS and SUBCOMMANDS lists.
    static let helpColumn = 26
    /// The width help is wrapped to.
    static let width = 80

    let spec: CommandSpec
    /// The subcommands to list, for the root command.
    var subcommands: [CommandSpec] = []

    /// `emotions tap <emotion> ... [--json] [-q] [--no-hooks] [--file <path>]`.
    var usage: String {
        var parts = [spec.fullName]
        if !subcommands.isEmpty {
            parts += usableOptions + ["<subcommand>"]
        } else {
            parts += spec.arguments.map(\.usage) + (spec.tagHelp == nil ? [] : ["[+<tag> ...]"]) + usableOptions
        }
        return parts.joined(separator: " ")
    }

    private var usableOptions: [String] {
        spec.options.filter(\.isInUsage).map(\.usage)
    }

    /// The whole help text, ending in a newline.
    var help: String {
        var sections = ["OVERVIEW: \(spec.abstract)"]
        if !spec.discussion.isEmpty {
            sections.append(HelpPrinter.wrap(spec.discussion, indent: 0))
        }
        sections.append("USAGE: \(usage)")
        if !spec.arguments.isEmpty || spec.tagHelp != nil {
            let tags = spec.tagHelp.map { [(label: "+<tag>", help: $0)] } ?? []
            sections.append(list("ARGUMENTS:", spec.arguments.map { ($0.label, $0.help) } + tags))
        }
        sections.append(list("OPTIONS:", spec.allOptions.map { ($0.label, HelpPrinter.help(of: $0)) }))
        if !subcommands.isEmpty {
            sections.append(
                list("SUBCOMMANDS:", subcommands.map { ($0.name, $0.abstract) })
                    + "\n\n  See 'emotions help <subcommand>' for detailed help.")
        }
        if !spec.examples.isEmpty {
            sections.append((["EXAMPLES:"] + spec.examples.map { "  \($0)" }).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// An option's help, then the values it accepts if it declares them: `(values: bash, zsh, fish)`.
    static func help(of option: OptionSpec) -> String {
        option.values.isEmpty ? option.help : option.help + " (values: \(option.values.joined(separator: ", ")))"
    }

    private func list(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        var lines = [title]
        for row in rows {
            let label = "  " + row.label
            let help = HelpPrinter.wrap(row.help, indent: HelpPrinter.helpColumn)
            let helpBody = help.dropFirst(HelpPrinter.helpColumn)
            if label.count < HelpPrinter.helpColumn - 1 {
                lines.append(label + String(repeating: " ", count: HelpPrinter.helpColumn - label.count) + helpBody)
            } else {
                lines.append(label)
                lines.append(help)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Wraps `text` at `width`, every line indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, indent + line.count + 1 + word.count > width {
                    lines.append(margin + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line.isEmpty ? "" : margin + line)
        }
        return lines.joined(separator: "\n")
    }
}
