/// Something to do to a tally: the command value that a store applies.
public enum Action: Equatable, Hashable, Sendable {
    /// Adds one to an emotion: what a tap on the app's button did; the journal records it as a tap.
    case tap(Emotion)
    /// Adds an amount, which may be negative, to one emotion.
    case add(Int, to: Emotion)
    /// Sets one emotion back to zero.
    case reset(Emotion)

    /// Sets every emotion back to zero.
    public static var resetAll: [Action] { Emotion.allCases.map(Action.reset) }

    /// The command the journal records it as.
    package var journalCommand: JournalCommand {
        switch self {
        case .tap: .tap
        case .add: .add
        case .reset: .reset
        }
    }
}
