import EmotionKit

/// The options of every subcommand that changes counts: where the file is, and how to print changes.
struct ChangeOptions: Equatable, Sendable {
    /// Their specs, for a command's option list.
    static let specs =
        [
            OptionSpec(long: "json", help: "Print each change as a JSON object on a line of its own."),
            OptionSpec(long: "quiet", short: "q", help: "Print no change lines; errors still go to standard error."),
        ] + StoreOptions.specs + [ColorChoice.spec]

    /// Where the data file is.
    let store: StoreOptions
    /// How changes are printed.
    let format: ChangeFormat
    /// When text lines are coloured.
    let color: ColorChoice

    /// Reads the options from parsed words.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        store = try StoreOptions(arguments)
        switch (arguments.has("json"), arguments.has("quiet")) {
        case (true, true): throw .conflictingOptions("--json", "--quiet")
        case (true, false): format = .json
        case (false, true): format = .quiet
        case (false, false): format = .text
        }
        color = ColorChoice(arguments)
    }

    /// Applies `actions` to the chosen store, printing each change through an observer as it is committed.
    func apply(_ actions: [Action], in context: Context) throws {
        let store = try store.makeStore(environment: context.environment)
        // Only text lines look up the locale and ask whether the output is a terminal.
        let style = format == .text ? OutputStyle(color: color, context: context) : .plain
        let printer = ChangePrinter(format: format, style: style, terminal: context.terminal)
        let token = try store.observe(options: [.old, .new], printer.print)
        defer { token.cancel() }
        try store.apply(actions)
    }
}
