/// Something to do to a tally: the command value that a store applies.
public enum Action: Equatable, Hashable, Sendable {
    /// Adds an amount, which may be negative, to one emotion.
    case add(Int, to: Emotion)
    /// Sets one emotion back to zero.
    case reset(Emotion)

    /// Adds one to `emotion`: what a tap on the app's button did.
    public static func tap(_ emotion: Emotion) -> Action { .add(1, to: emotion) }

    /// Sets every emotion back to zero.
    public static var resetAll: [Action] { Emotion.allCases.map(Action.reset) }
}
