/// A command described as data: the one source its parser, help and usage lines are made from.
struct CommandSpec: Sendable {
    /// The word that selects it, such as `tap`; empty for the root command.
    let name: String
    /// One line saying what it does.
    let abstract: String
    /// More about it, shown in its help after the abstract.
    var discussion: String = ""
    /// Its positional arguments, in order; only the last may repeat.
    var arguments: [ArgumentSpec] = []
    /// Its options, apart from `-h/--help`, which every command has.
    var options: [OptionSpec] = []
    /// What `+TAG` words (and `--tag TAG`) mean to the command, for help, if it takes them: `tap` and
    /// `add` record them, `log`, `stats` and `export` keep to changes that have them. `nil` for the others.
    var tagHelp: String? = nil
    /// Example command lines, each shown as it would be typed.
    var examples: [String] = []

    /// The command as typed after the tool's name: `emotions tap`.
    var fullName: String { name.isEmpty ? "emotions" : "emotions \(name)" }

    /// Every option, `-h/--help` last.
    var allOptions: [OptionSpec] { options + [.help] }

    /// The option with this long name, without its dashes.
    func option(named long: String) -> OptionSpec? {
        allOptions.first { $0.long == long }
    }

    /// The option with this one-letter name.
    func option(short: Character) -> OptionSpec? {
        allOptions.first { $0.short == short }
    }
}
