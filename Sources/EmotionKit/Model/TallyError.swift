/// Why an action cannot be applied to a tally; nothing is changed when one is thrown.
public enum TallyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Adding `amount` would take `emotion` below zero from `count`.
    case belowZero(Emotion, count: Int, amount: Int)
    /// Adding `amount` would take `emotion` past the largest count from `count`.
    case overflow(Emotion, count: Int, amount: Int)
    /// Adding `amount` to `emotion` would take the total of all counts past the largest count.
    case totalOverflow(Emotion, total: Int, amount: Int)

    /// What a change that met this would do, without advice: for a message about a line of a file that holds it.
    public var changeWouldDo: String {
        switch self {
        case let .belowZero(emotion, count, amount):
            "it would take \(emotion.name) from \(count) by \(amount), below zero"
        case let .overflow(emotion, count, amount):
            "it would take \(emotion.name) from \(count) by \(amount), past the largest count, \(Int.max)"
        case let .totalOverflow(_, total, amount):
            "it would take the total of all counts from \(total) by \(amount), past the largest count, \(Int.max)"
        }
    }

    /// Says what was refused, why, and that nothing changed.
    public var description: String {
        switch self {
        case let .belowZero(emotion, count, amount):
            "Cannot add \(amount) to \(emotion.name): its count is \(count) and would go below zero. "
                + "Nothing was changed; use a smaller amount or 'emotions reset \(emotion.name)'."
        case let .overflow(emotion, count, amount):
            "Cannot add \(amount) to \(emotion.name): its count is \(count) and would pass the largest "
                + "count, \(Int.max). Nothing was changed; use a smaller amount."
        case let .totalOverflow(emotion, total, amount):
            "Cannot add \(amount) to \(emotion.name): the total of all counts is \(total) and would pass "
                + "the largest count, \(Int.max). Nothing was changed; use a smaller amount or reset some counts."
        }
    }
}
