import EmotionKit

/// The options of every subcommand that changes counts: where the file is, how to print changes,
/// and whether to run hooks after them.
struct ChangeOptions: Equatable, Sendable {
    /// Their specs, for a command's option list.
    static let specs =
        [
            OptionSpec(long: "json", help: "Print each change as a JSON object on a line of its own."),
            OptionSpec(long: "quiet", short: "q", help: "Print no change lines; errors still go to standard error."),
        ] + HookOptions.specs + StoreOptions.specs + [ColorChoice.spec]

    /// Where the data file is.
    let store: StoreOptions
    /// How changes are printed.
    let format: ChangeFormat
    /// Whether hooks run after the changes.
    let hooks: HookOptions
    /// When text lines are coloured.
    let color: ColorChoice

    /// Reads the options from parsed words.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        store = try StoreOptions(arguments)
        hooks = HookOptions(arguments)
        switch (arguments.has("json"), arguments.has("quiet")) {
        case (true, true): throw .conflictingOptions("--json", "--quiet")
        case (true, false): format = .json
        case (false, true): format = .quiet
        case (false, false): format = .text
        }
        color = ColorChoice(arguments)
    }

    /// Applies `actions` to the chosen store, printing each change through an observer as it is
    /// committed, then runs the hooks for the changes made, in order; their problems are warnings.
    ///
    /// Hooks start only once every change is saved, the lock released and every change's line
    /// printed: no hook holds up another writer or delays a line, and a Ctrl-C during one loses none.
    /// A closed output loses the lines but not the rest: the change stands, the hooks run, and the
    /// status says how the change went, so that a script piping into `true` never retries a success.
    func apply(_ actions: [Action], in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        let store = try store.makeStore(environment: context.environment)
        let runner = try hooks.makeRunner(for: store, environment: context.environment)
        // Only text lines look up the locale and ask whether the output is a terminal.
        let style = format == .text ? OutputStyle(color: color, context: context) : .plain
        let printer = ChangePrinter(format: format, style: style, terminal: context.terminal)
        let printing = try store.observe(options: [.old, .new], printer.print)
        let changes: [Change]
        do {
            defer { printing.cancel() }
            changes = try store.apply(actions)
        }
        runner?.run(for: changes) { problem in
            context.terminal.printError("Warning: \(problem)")
        }
    }
}
