/// Something wrong with what was typed, found by the parser (an unknown option, a missing argument),
/// or by the command in its own terms (`invalid`); the command is not run and nothing changes (exit 64).
enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option the command does not have, and the closest one it does.
    case unknownOption(String, suggestion: String?)
    /// A subcommand that does not exist, and the closest one that does.
    case unknownSubcommand(String, suggestion: String?)
    /// An option that takes a value was given none.
    case missingValue(option: String)
    /// A flag was given a value with `=`.
    case unexpectedValue(option: String)
    /// A required argument was left out.
    case missingArgument(String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A value that is not one of the few an option accepts, the ones it does, and the closest of them.
    case unknownValue(String, option: String, expected: [String], suggestion: String?)
    /// An option's value is empty or otherwise unusable.
    case invalidValue(String, option: String, reason: String)
    /// Two options that contradict each other.
    case conflictingOptions(String, String)
    /// Words that parsed but that the command refuses, in its own terms.
    case invalid(ValidationFailure)
    /// An argument or environment variable whose bytes are not UTF-8, and how it looks with them replaced.
    case notUTF8(InputSource, shownAs: String)
    /// An environment variable that cannot be used.
    case invalidEnvironment(name: String, value: String, reason: String)

    /// Whether a usage line and a pointer to help should follow the message.
    var showsUsage: Bool {
        switch self {
        case .invalidEnvironment, .notUTF8: false
        default: true
        }
    }

    var description: String {
        switch self {
        case let .unknownOption(option, suggestion):
            "Unknown option '\(option)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case let .unknownSubcommand(name, suggestion):
            "Unknown subcommand '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case let .missingValue(option):
            "Missing value for '\(option)'"
        case let .unexpectedValue(option):
            "The flag '\(option)' takes no value."
        case let .missingArgument(name):
            "Missing expected argument '\(name)'" + (Arguments.advice(forMissing: name).map { "; " + $0 } ?? "")
        case let .unexpectedArgument(argument):
            "Unexpected argument '\(argument)'"
        case let .unknownValue(value, option, expected, suggestion):
            "Unknown value '\(value)' for '\(option)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
                + " Valid values: \(expected.joined(separator: ", "))."
        case let .invalidValue(value, option, reason):
            "The value '\(value)' is invalid for '\(option)': \(reason)."
        case let .conflictingOptions(first, second):
            "'\(first)' and '\(second)' cannot be used together; choose one."
        case let .invalid(failure):
            failure.description
        case let .notUTF8(source, shownAs):
            "The \(source), '\(shownAs)', is not valid UTF-8; " + UsageError.notUTF8Advice(for: source)
        case let .invalidEnvironment(name, value, reason):
            "The environment variable \(name)='\(value)' is invalid: \(reason). Fix or unset it."
        }
    }

    /// Why text from `source` must be UTF-8, and what to do: a path is renamed, a word retyped.
    private static func notUTF8Advice(for source: InputSource) -> String {
        switch source {
        case _ where source.isPath: "emotions reads paths as UTF-8 text. Use a UTF-8 path or rename the file."
        case .argument: "emotions reads its arguments as UTF-8 text. Retype it in UTF-8."
        case .variable: "emotions reads its settings as UTF-8 text. Set it in UTF-8 or unset it."
        }
    }
}
