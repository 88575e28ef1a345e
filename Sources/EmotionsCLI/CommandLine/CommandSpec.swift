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

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The name shown in usage, without angle brackets: `emotion`.
    let name: String
    /// One line saying what to give.
    let help: String
    /// Whether it may be left out.
    var isOptional = false
    /// Whether it takes every remaining positional value.
    var isRepeating = false

    /// `<emotion>`.
    var label: String { "<\(name)>" }

    /// How it appears in a usage line: `<emotion> ...`, `[<emotion>]`.
    var usage: String {
        let base = isRepeating ? "\(label) ..." : label
        return isOptional ? "[\(base)]" : base
    }
}

/// An option of a command: a flag, or a name that takes a value.
struct OptionSpec: Sendable {
    /// The long name without dashes: `file`.
    let long: String
    /// The one-letter name, if any: `q`.
    var short: Character? = nil
    /// The value's name without angle brackets, for options that take one: `path`.
    var valueName: String? = nil
    /// One line saying what it does.
    let help: String
    /// Whether usage lines list it; not for options that stand alone, such as `--version`.
    var isInUsage = true

    /// `-h/--help`, which every command has.
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")

    /// `-q, --quiet`, `--file <path>`: the option as listed in help.
    var label: String {
        let names = [short.map { "-\($0)" }, "--\(long)"].compactMap(\.self).joined(separator: ", ")
        return valueName.map { "\(names) <\($0)>" } ?? names
    }

    /// How it appears in a usage line: `[--file <path>]`.
    var usage: String {
        let name = short.map { "-\($0)" } ?? "--\(long)"
        return valueName.map { "[\(name) <\($0)>]" } ?? "[\(name)]"
    }
}
