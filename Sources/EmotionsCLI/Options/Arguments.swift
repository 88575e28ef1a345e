import EmotionKit

/// The positional arguments subcommands share, and how their words become values.
enum Arguments {
    /// `<emotion>`, as help describes it.
    static func emotion(isOptional: Bool = false, isRepeating: Bool = false, help: String? = nil) -> ArgumentSpec {
        ArgumentSpec(
            name: "emotion",
            help: help ?? "One of \(emotionNames) (or an alias such as very-happy, or an emoji such as 😄).",
            isOptional: isOptional, isRepeating: isRepeating, completion: .emotions)
    }

    /// `happy, smile, neutral, upset, sad`: `Emotion.allCases`' names, as a test checks.
    ///
    /// Written out: `tap`'s spec holds it in its help, and building it cost every tap an array of
    /// `Emotion`, its runtime metadata and a dozen string appends (12,000 instructions); joined with
    /// the generic `joined(separator:)`, 100,000.
    static let emotionNames = "happy, smile, neutral, upset, sad"

    /// What to give for the argument `label` (`<emotion>`), when it was left out; built only for the message.
    static func advice(forMissing label: String) -> String? {
        switch label {
        case "<emotion>": "give one of \(emotionNames)."
        case "<count>": "give a whole number, such as 3 or -2."
        default: nil
        }
    }

    /// Reads an emotion's name or alias, ignoring case, its Korean label or its emoji.
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
