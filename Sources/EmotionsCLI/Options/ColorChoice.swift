/// `--color auto|always|never`: when output people read is coloured.
///
/// Every subcommand that prints counts or changes takes it, and so does the tool before the
/// subcommand; the last one given wins. JSON, `stats EMOTION` and standard error are never coloured.
enum ColorChoice: String, Equatable, Sendable {
    /// Colour only into a terminal, unless `NO_COLOR` is set to something or `TERM` is `dumb`.
    case auto
    /// Colour even into a pipe and even with `NO_COLOR`: the flag is explicit, the variable a default.
    case always
    /// Never colour.
    case never

    /// Its spec, for a command's option list; not in usage lines, since it changes only how output looks.
    static let spec = OptionSpec(
        long: "color", valueName: "when", values: ["auto", "always", "never"],
        help: "When to colour labels and bars; auto, the default, colours only a terminal without NO_COLOR.",
        isInUsage: false)

    /// Reads `--color` from parsed words, `auto` if it is not given; the parser has checked its value.
    init(_ arguments: ParsedArguments) {
        self = arguments.value(ofOption: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
    }

    /// Whether to colour what goes to `terminal`: for `auto`, not if `NO_COLOR` is set and not
    /// empty (no-color.org), not if `TERM` is `dumb`, else only if standard output is a terminal.
    func usesColor(on terminal: Terminal, environment: Environment) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return terminal.isTerminal
        }
    }
}
