/// The five counts: a value that knows how to apply actions without ever overflowing.
///
/// Invariant: every count is zero or more, and so is the total, which always fits in an `Int`.
public struct Tally: Equatable, Hashable, Sendable {
    /// The counts in `Emotion.allCases` order: a fixed array, as a dictionary costs start-up time
    /// in metadata and hashing for five keys known in advance.
    private var counts = [Int](repeating: 0, count: Emotion.allCases.count)

    /// A tally with every count at zero.
    public init() {}

    /// A tally with the given counts, the others zero; `nil` if a count is negative or the total overflows.
    public init?(counts: [Emotion: Int]) {
        var tally = Tally()
        for (emotion, count) in counts {
            guard count >= 0 else { return nil }
            do {
                try tally.apply(.add(count, to: emotion))
            } catch {
                return nil
            }
        }
        self = tally
    }

    /// The count of one emotion.
    public subscript(emotion: Emotion) -> Int {
        counts[emotion.index]
    }

    /// The sum of all five counts.
    public var total: Int {
        // Cannot overflow: `apply` refuses any action that would take the total past `Int.max`.
        counts.reduce(0, &+)
    }

    /// Applies one action; returns the change it made, or `nil` if it changed nothing.
    ///
    /// - Throws: `TallyError` if the count would go below zero or the count or total past `Int.max`;
    ///   the tally is then unchanged.
    @discardableResult
    public mutating func apply(_ action: Action) throws(TallyError) -> Change? {
        switch action {
        case let .tap(emotion):
            return try apply(.add(1, to: emotion))
        case let .add(amount, emotion):
            let old = self[emotion]
            let (new, overflow) = old.addingReportingOverflow(amount)
            if overflow {
                throw amount < 0
                    ? .belowZero(emotion, count: old, amount: amount)
                    : .overflow(emotion, count: old, amount: amount)
            }
            guard new >= 0 else { throw .belowZero(emotion, count: old, amount: amount) }
            if amount > 0, total.addingReportingOverflow(amount).overflow {
                throw .totalOverflow(emotion, total: total, amount: amount)
            }
            return set(emotion, from: old, to: new)
        case let .reset(emotion):
            return set(emotion, from: self[emotion], to: 0)
        }
    }

    /// Applies actions in order, all or none; returns the changes they made, no-ops left out.
    public mutating func apply(_ actions: [Action]) throws(TallyError) -> [Change] {
        var copy = self
        var changes: [Change] = []
        for action in actions {
            if let change = try copy.apply(action) {
                changes.append(change)
            }
        }
        self = copy
        return changes
    }

    /// The changes that turn this tally into `other`, one per emotion whose count differs, in `Emotion.allCases` order.
    public func changes(to other: Tally) -> [Change] {
        Emotion.allCases.compactMap { emotion in
            self[emotion] == other[emotion] ? nil : Change(emotion: emotion, old: self[emotion], new: other[emotion])
        }
    }

    /// Sets `emotion` to `count`, as rolling the journal forward does; returns the change, or `nil` if
    /// it already was.
    ///
    /// - Throws: `TallyError` if `count` is negative or the total would pass `Int.max`.
    @discardableResult
    package mutating func set(_ emotion: Emotion, to count: Int) throws(TallyError) -> Change? {
        guard count >= 0 else { throw .belowZero(emotion, count: self[emotion], amount: count) }
        if count > self[emotion], (total - self[emotion]).addingReportingOverflow(count).overflow {
            throw .totalOverflow(emotion, total: total, amount: count - self[emotion])
        }
        return set(emotion, from: self[emotion], to: count)
    }

    private mutating func set(_ emotion: Emotion, from old: Int, to new: Int) -> Change? {
        guard old != new else { return nil }
        counts[emotion.index] = new
        return Change(emotion: emotion, old: old, new: new)
    }
}
