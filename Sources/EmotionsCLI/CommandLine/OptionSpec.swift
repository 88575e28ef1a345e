/// An option of a command: a flag, or a name that takes a value.
struct OptionSpec: Sendable {
    /// The long name without dashes: `file`.
    let long: String
    /// The one-letter name, if any: `q`.
    var short: Character? = nil
    /// The value's name without angle brackets, for options that take one: `path`.
    var valueName: String? = nil
    /// The only values it accepts, for an option with a fixed set such as `--color`; empty for any value.
    var values: [String] = []
    /// One line saying what it does.
    let help: String
    /// Whether usage lines list it; not for options that stand alone, such as `--version`, nor for
    /// those that change only how output looks, such as `--color`.
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
