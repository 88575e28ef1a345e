import EmotionKit

/// How text for people is dressed: whether in colour, and in which language its labels are.
///
/// Decided once per run, and only by commands that print text for people: JSON never asks.
struct OutputStyle: Equatable, Sendable {
    /// Whether each emotion's label (and bar) is painted in its colour.
    var usesColor: Bool
    /// The language of the labels.
    var language: Language

    /// English and no colour: what scripts reading text get, and what tests of layout compare.
    static let plain = OutputStyle(usesColor: false, language: .english)

    /// A style with these choices.
    init(usesColor: Bool, language: Language) {
        self.usesColor = usesColor
        self.language = language
    }

    /// The style `color` and the run's environment and terminal choose.
    init(color: ColorChoice, context: Context) {
        usesColor = color.usesColor(on: context.terminal, environment: context.environment)
        language = Language(environment: context.environment)
    }

    /// `emotion`'s label in the language, in its colour if colouring.
    func label(for emotion: Emotion) -> String {
        paint(language.label(for: emotion), as: emotion)
    }

    /// `text` in `emotion`'s colour if colouring, else as it is.
    func paint(_ text: String, as emotion: Emotion) -> String {
        usesColor ? emotion.color.paint(text) : text
    }
}
