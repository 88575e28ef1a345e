import EmotionKit

/// The options of every subcommand that changes counts: where the file is, how to print changes,
/// and whether to run hooks after them. Plain data: `ApplyChanges` acts on them.
struct ChangeOptions: Equatable, Sendable {
    /// Their specs, for a command's option list.
    static let specs =
        [
            OptionSpec(long: "json", help: "Print each change as a JSON object on a line of its own."),
            OptionSpec(long: "quiet", short: "q", help: "Print no change lines; errors still go to standard error."),
        ] + HookOptions.specs + GlobalOptions.specs

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
}
