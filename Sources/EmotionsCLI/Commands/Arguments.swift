import EmotionKit

/// The positional arguments subcommands share, and how their words become values.
enum Arguments {
    /// `<emotion>`, as help describes it.
    static func emotion(isOptional: Bool = false, isRepeating: Bool = false, help: String? = nil) -> ArgumentSpec {
        ArgumentSpec(
            name: "emotion",
            help: help ?? "One of \(Emotion.allCases.map(\.name).joined(separator: ", ")) (or an alias such as very-happy).",
            isOptional: isOptional, isRepeating: isRepeating)
    }

    /// Reads an emotion's name or alias, ignoring case.
    static func emotion(_ text: String) throws(UsageError) -> Emotion {
        guard let emotion = Emotion(parsing: text) else { throw .unknownEmotion(text) }
        return emotion
    }

    /// Reads a whole number, which may be negative: `3`, `-2`, `+1`.
    static func count(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text) else { throw .invalidCount(text) }
        return count
    }
}
