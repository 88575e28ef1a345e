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
    /// Whether its value may be left out (`--year` alone, `--year 2025`, `--year=2025`): then a next
    /// word is taken as its value only if it starts with an ASCII digit, so `stats --year happy` is
    /// `--year` and the emotion `happy`, while `--year 25x` is refused as a year, not as an emotion.
    /// Given without a value, it is recorded as a flag.
    var valueIsOptional = false
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
        return valueName.map { valueIsOptional ? "\(names) [<\($0)>]" : "\(names) <\($0)>" } ?? names
    }

    /// Whether `word`, the word after it, is its value: always for an option that takes one, only
    /// a word starting with a digit for one whose value is optional, never for a flag.
    func takes(_ word: String) -> Bool {
        guard valueName != nil else { return false }
        return !valueIsOptional || word.utf8.first.map { (0x30...0x39).contains($0) } ?? false
    }

    /// The one of `values` that `value` is, ignoring case, as it is declared (`CSV` is `csv`); `value`
    /// itself if the option declares no values; `nil` if it is none of them.
    func accepted(_ value: String) -> String? {
        guard !values.isEmpty else { return value }
        if values.contains(value) { return value }
        let lowered = value.lowercased()
        return values.first { $0.lowercased() == lowered }
    }

    /// Whether `word` is one of its names with its dashes: `--help`, `-h`.
    func isWritten(as word: String) -> Bool {
        if word == "--" + long { return true }
        guard let short else { return false }
        return word == "-" + String(short)
    }

    /// What shells offer for its value: its `values`, paths for a `<path>`, else nothing.
    var completion: CompletionValues {
        if !values.isEmpty { return .words(values) }
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
        return valueName.map { valueIsOptional ? "[\(name) [<\($0)>]]" : "[\(name) <\($0)>]" } ?? "[\(name)]"
    }
}
