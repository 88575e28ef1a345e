import EmotionKit

/// What a subcommand finds wrong with words that parsed: a word that is not an emotion, a count
/// that is not a whole number, a reset of all and some, or of nothing. Nothing changes (exit 64).
enum CommandError: ValidationError, Equatable {
    /// A word that is not an emotion.
    case unknownEmotion(String)
    /// A count that is not a whole number in range.
    case invalidCount(String)
    /// `reset` given both emotions and `--all`.
    case resetAllWithEmotions
    /// `reset` given neither emotions nor `--all`.
    case nothingToReset

    var description: String {
        switch self {
        case let .unknownEmotion(text):
            "Unknown emotion '\(text)'."
                + (Emotion.closest(to: text).map { " Did you mean '\($0.name)'?" } ?? "")
                + " Valid emotions: \(Arguments.emotionNames)."
        case let .invalidCount(text):
            CommandError.describeInvalidCount(text)
        case .resetAllWithEmotions:
            "Give either emotions to reset or '--all', not both."
        case .nothingToReset:
            "Missing expected argument '<emotion>'; name the emotions to reset, or use '--all' for all five."
        }
    }

    private static func describeInvalidCount(_ text: String) -> String {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            return "The count '\(text)' is out of range; counts go from \(Int.min) to \(Int.max)."
        }
        return "The count '\(text)' is not a whole number; give one such as 3 or -2."
    }
}

/// Each `CommandError` as a subcommand's `init` throws it: a usage error, shown with its usage line.
extension UsageError {
    /// `CommandError.unknownEmotion`.
    static func unknownEmotion(_ text: String) -> UsageError { .invalid(ValidationFailure(CommandError.unknownEmotion(text))) }
    /// `CommandError.invalidCount`.
    static func invalidCount(_ text: String) -> UsageError { .invalid(ValidationFailure(CommandError.invalidCount(text))) }
    /// `CommandError.resetAllWithEmotions`.
    static let resetAllWithEmotions = UsageError.invalid(ValidationFailure(CommandError.resetAllWithEmotions))
    /// `CommandError.nothingToReset`.
    static let nothingToReset = UsageError.invalid(ValidationFailure(CommandError.nothingToReset))
}
