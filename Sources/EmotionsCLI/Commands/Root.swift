import EmotionKit

/// The `emotions` command itself: its global options and the list of subcommands.
///
/// Its spec is parsed like any command's; its `GlobalOptions` are handed down to the subcommand,
/// which takes them as its own.
enum Root {
    /// The version `--version` prints.
    static let version = "0.1.0"

    static let spec = CommandSpec(
        name: "",
        abstract: "Count how you feel: a tally of five emotions, kept in a file.",
        discussion: "Emotions: happy 😄, smile 🙂, neutral 😐, upset 😕, sad 😢. The data file is "
            + "$XDG_CONFIG_HOME/emotions/emotions.json when XDG_CONFIG_HOME is an absolute path, else "
            + DataLocation.defaultPathShown + "; EMOTIONS_FILE or --file choose another.",
        options: GlobalOptions.specs + [completionScript, versionOption],
        examples: [
            "emotions tap happy", "emotions add sad 3", "emotions undo", "emotions log -n 20", "emotions stats",
            "emotions watch",
            "source <(emotions --generate-completion-script bash)",
        ])

    /// `--generate-completion-script <shell>`, which prints a completion script; nothing may follow it.
    static let completionScript = OptionSpec(
        long: "generate-completion-script", valueName: "shell", values: CompletionShell.names,
        help: "Print the script that completes subcommands, options and emotion names in a shell.",
        isInUsage: false, standsAlone: true)

    /// `--version`, which prints the version; nothing may follow it.
    static let versionOption = OptionSpec(long: "version", help: "Show the version.", isInUsage: false, standsAlone: true)

    /// Every subcommand but `help`, in the order help lists them.
    static let subcommands: [any Subcommand.Type] = [
        Tap.self, Add.self, Reset.self, Undo.self, Redo.self, Log.self, Stats.self, Calendar.self, Export.self, Import.self,
        Watch.self, Sync.self, Tags.self,
    ]

    /// The subcommand the word `name` runs (not `help`), if any: `subcommands`' member of that name,
    /// found without building that array, a type whose runtime metadata would cost every run's start-up.
    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        switch name {
        case Tap.name: Tap.self
        case Add.name: Add.self
        case Reset.name: Reset.self
        case Undo.name: Undo.self
        case Redo.name: Redo.self
        case Log.name: Log.self
        case Stats.name: Stats.self
        case Calendar.name: Calendar.self
        case Export.name: Export.self
        case Import.name: Import.self
        case Watch.name: Watch.self
        case Sync.name: Sync.self
        case Tags.name: Tags.self
        default: nil
        }
    }

    /// The word that asks for help, `help`.
    static let helpName = "help"

    /// `help [<subcommand>]`, which the root handles itself.
    static let helpSpec = CommandSpec(
        name: helpName,
        abstract: "Show help for emotions or one of its subcommands.",
        arguments: [
            ArgumentSpec(
                name: "subcommand", help: "The subcommand to show help for.", isOptional: true, completion: .subcommands)
        ],
        examples: ["emotions help tap"])

    /// The specs of every subcommand, `help` last.
    static var subcommandSpecs: [CommandSpec] { subcommands.map { $0.spec } + [helpSpec] }

    /// The root help printer, which lists the subcommands.
    static var helpPrinter: HelpPrinter { HelpPrinter(spec: spec, subcommands: subcommandSpecs) }
}
