/// A command line split up according to a `CommandSpec`, not yet given meaning.
struct ParsedArguments: Equatable, Sendable {
    /// The values of each positional argument, by argument name.
    var arguments: [String: [String]] = [:]
    /// The last value given to each option that takes one, by long name.
    var values: [String: String] = [:]
    /// The long names of the flags given.
    var flags: Set<String> = []

    /// The values given to the argument named `name`.
    func values(of name: String) -> [String] {
        arguments[name] ?? []
    }

    /// The one value given to the argument named `name`, if any.
    func value(of name: String) -> String? {
        arguments[name]?.first
    }

    /// Whether the flag with long name `long` was given.
    func has(_ long: String) -> Bool {
        flags.contains(long)
    }
}
