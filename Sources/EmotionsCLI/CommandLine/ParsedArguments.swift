/// A command line split up according to a `CommandSpec`, not yet given meaning.
///
/// Kept in small arrays rather than dictionaries and sets: a command line has a handful of
/// entries, and the first hashed collection keyed by `String` costs start-up a search of the
/// runtime's conformance tables, which `emotions tap` cannot afford.
struct ParsedArguments: Equatable, Sendable {
    /// The values of one positional argument.
    private struct ArgumentValues: Equatable, Sendable {
        let name: String
        let values: [String]
    }

    /// The last value given to one option.
    struct OptionValue: Equatable, Sendable {
        /// The option's long name, without dashes.
        let long: String
        /// The value given last.
        var value: String
    }

    private var arguments: [ArgumentValues] = []
    /// The options given a value, each once, in the order first given, with the last value given.
    private(set) var options: [OptionValue] = []
    /// The long names of the flags given, each once, in the order first given.
    private(set) var flags: [String] = []
    /// The tags given, as typed without their `+`, in order: every `+TAG` word and `--tag` value.
    private(set) var tags: [String] = []
    /// The first value refused among options read before a subcommand, which it reports with its
    /// usage line (`ArgumentParser.parseOptions(before:)`). Kept as the words, not as the error: every
    /// run copies parsed arguments, and copying an error enum costs start-up runtime metadata work.
    var refusedValue: OptionValue?

    /// The values given to the argument named `name`.
    func values(of name: String) -> [String] {
        arguments.first { $0.name == name }?.values ?? []
    }

    /// The one value given to the argument named `name`, if any.
    func value(of name: String) -> String? {
        values(of: name).first
    }

    /// The last value given to the option with long name `long`, if any.
    func value(ofOption long: String) -> String? {
        options.first { $0.long == long }?.value
    }

    /// Whether the flag with long name `long` was given.
    func has(_ long: String) -> Bool {
        flags.contains(long)
    }

    /// Whether the flag or option with long name `long` was given.
    func isGiven(_ long: String) -> Bool {
        has(long) || value(ofOption: long) != nil
    }

    /// Records the values of the argument named `name`.
    mutating func set(_ values: [String], of name: String) {
        arguments.removeAll { $0.name == name }
        arguments.append(ArgumentValues(name: name, values: values))
    }

    /// Records `value` for the option `long`; a later value replaces an earlier one.
    mutating func set(_ value: String, ofOption long: String) {
        if let index = options.firstIndex(where: { $0.long == long }) {
            options[index].value = value
        } else {
            options.append(OptionValue(long: long, value: value))
        }
    }

    /// Records a tag given as `+TAG` or `--tag TAG`, as typed, without its `+`.
    mutating func addTag(_ word: String) {
        tags.append(word)
    }

    /// Records that the flag `long` was given.
    mutating func addFlag(_ long: String) {
        if !flags.contains(long) { flags.append(long) }
    }
}
