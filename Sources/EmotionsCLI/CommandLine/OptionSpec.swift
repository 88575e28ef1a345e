import EmotionKit

/// An option of a command: a flag, or a name that takes a value.
struct OptionSpec: Sendable {
    /// The long name without dashes: `file`.
    let long: String
    /// The one-letter name, if any: `q`.
    var short: Character? = nil
    /// The value's name without angle brackets, for options that take one: `path`.
    var valueName: String? = nil
    /// The only values it accepts, if it accepts only a few: `bash`, `zsh`, `fish`.
    ///
    /// Declaring them is all an option needs: the parser refuses any other value with a suggestion,
    /// help lists them, and the completion scripts offer them.
    var values: [String] = []
    /// One line saying what it does.
    let help: String
    /// Whether usage lines list it; not for options that stand alone, such as `--version`, nor for
    /// those that change only how output looks, such as `--color`.
    var isInUsage = true
    /// Whether it is the whole command line, as `--version`: nothing may follow it.
    var standsAlone = false

    /// `-h/--help`, which every command has.
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")

    /// `-q, --quiet`, `--file <path>`: the option as listed in help.
    var label: String {
        let names = [short.map { "-\($0)" }, "--\(long)"].compactMap(\.self).joined(separator: ", ")
        return valueName.map { "\(names) <\($0)>" } ?? names
    }

    /// Whether `word` is one of its names with its dashes: `--help`, `-h`.
    func isWritten(as word: String) -> Bool {
        if word == "--" + long { return true }
        guard let short else { return false }
        return word == "-" + String(short)
    }

    /// What shells offer for its value: its `values`, paths for a `<path>`, the tags already used
    /// for a `<tag>`, else nothing.
    var completion: CompletionValues {
        if !values.isEmpty { return .words(values) }
        if valueName == "tag" { return .tags }
        return valueName == "path" ? .paths : .nothing
    }

    /// The usage error for a value that is not one of `values`, suggesting the closest one.
    func rejection(of value: String) -> UsageError {
        let suggestion = Spelling.closest(to: value.lowercased(), among: values)
        return .unknownValue(value, option: "--\(long)", expected: values, suggestion: suggestion)
    }

    /// How it appears in a usage line: `[--file <path>]`.
    var usage: String {
        let name = short.map { "-\($0)" } ?? "--\(long)"
        return valueName.map { "[\(name) <\($0)>]" } ?? "[\(name)]"
    }
}
