/// What was felt in a range or period: per emotion, the sum of the taps and adds placed in it that
/// stand (not undone), leaving out resets, undone changes and the undo and redo entries themselves.
///
/// A negative add counts against its emotion, but no count is shown below zero. Sums are kept in
/// 128 bits, so they are exact in any order of adding (a history would need 2⁶⁴ changes to fill
/// them), are compared and weighed whole (`mostFelt`, `score`, `wholeCount(of:)`), and are cut to
/// `Int`'s range only when shown.
public struct Felt: Equatable, Sendable {
    /// The sums in `Emotion.allCases` order, possibly negative.
    private var sums = PerEmotion<Int128>(repeating: 0)
    /// Per emotion, the latest change counted: its placement in milliseconds and its place in the
    /// journal, for telling which of two equally felt emotions was felt last.
    private var latest = PerEmotion(repeating: Placement(at: .min, order: .min))

    /// Where a change stands: placed at `at` (milliseconds), then `order` in the journal.
    private struct Placement: Comparable, Sendable {
        var at: Int64
        var order: Int64

        static func < (lhs: Placement, rhs: Placement) -> Bool {
            (lhs.at, lhs.order) < (rhs.at, rhs.order)
        }
    }

    /// Nothing felt.
    public init() {}

    /// Counts one standing tap or add.
    package mutating func count(_ event: JournalEvent) {
        count(FeltLine(event, order: Int64(clamping: event.sequence)))
    }

    /// Counts one standing tap or add, as a view read it.
    mutating func count(_ line: FeltLine) {
        let index = line.emotion.index
        sums[index] = Felt.adding(sums[index], Int128(line.delta))
        let key = Placement(at: line.at, order: line.order)
        if key > latest[index] { latest[index] = key }
    }

    /// Adds what `other` felt.
    package mutating func merge(_ other: Felt) {
        for index in sums.indices {
            sums[index] = Felt.adding(sums[index], other.sums[index])
            if other.latest[index] > latest[index] { latest[index] = other.latest[index] }
        }
    }

    /// How many words `store(_:)` writes: each emotion's sum (its low word, then its high word),
    /// then the placement and journal order of each emotion's latest change.
    static let storedWords = 20

    /// The largest sum a stored day may hold, 2¹⁰⁰: far more than any journal could add up to, so
    /// that no sum of stored days can reach the 128 bits' limit.
    static let storedSumLimit: Int128 = 1 << 100

    /// `a + b`, held at the 128 bits' limit rather than trapping (which sums of real changes never reach).
    private static func adding(_ a: Int128, _ b: Int128) -> Int128 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// What `store(_:)` wrote, word by word; `nil` if a sum is beyond `storedSumLimit`.
    init?(stored word: (Int) -> Int64) {
        for index in sums.indices {
            let sum = Int128(word(5 + index)) << 64 | Int128(UInt64(bitPattern: word(index)))
            guard sum.magnitude <= Felt.storedSumLimit.magnitude else { return nil }
            sums[index] = sum
            latest[index] = Placement(at: word(10 + index), order: word(15 + index))
        }
    }

    /// Hands `write` each of its `storedWords` words with its place, for the day index to keep.
    func store(_ write: (Int, Int64) -> Void) {
        for index in sums.indices {
            write(index, Int64(truncatingIfNeeded: sums[index]))
            write(5 + index, Int64(truncatingIfNeeded: sums[index] >> 64))
            write(10 + index, latest[index].at)
            write(15 + index, latest[index].order)
        }
    }

    /// How much `emotion` was felt: its sum, or zero if that is below zero.
    public subscript(emotion: Emotion) -> Int { Int(clamping: max(0, sums[emotion.index])) }

    /// Its sum as counted, below zero where negative adds outweigh the rest.
    public func sum(of emotion: Emotion) -> Int { Int(clamping: sums[emotion.index]) }

    /// How much `emotion` was felt, not cut to `Int`: its sum, or zero if that is below zero. For
    /// comparing and weighing counts; show `self[emotion]`.
    package func wholeCount(of emotion: Emotion) -> Int128 { max(0, sums[emotion.index]) }

    /// The five counts added up, not cut to `Int` (held at the 128 bits' limit, which no history reaches).
    package var wholeTotal: Int128 {
        Emotion.allCases.reduce(0) { total, emotion in Felt.adding(total, wholeCount(of: emotion)) }
    }

    /// The five counts added up, saturating at `Int.max`.
    public var total: Int { Int(clamping: wholeTotal) }

    /// Whether nothing was felt: every count is zero.
    public var isEmpty: Bool { Emotion.allCases.allSatisfy { self[$0] == 0 } }

    /// The mood score: the mean over the counts with happy 5, smile 4, neutral 3, upset 2 and sad 1;
    /// `nil` when nothing was felt.
    public var score: Double? {
        var weighted = 0.0
        var count = 0.0
        for emotion in Emotion.allCases {
            weighted += Double(wholeCount(of: emotion)) * Double(emotion.moodWeight)
            count += Double(wholeCount(of: emotion))
        }
        return count > 0 ? weighted / count : nil
    }

    /// The emotion felt most, by the whole sums, ties going to the one whose latest change was
    /// placed later (then recorded later); `nil` when nothing was felt.
    public var mostFelt: Emotion? {
        var best: Emotion?
        for emotion in Emotion.allCases where wholeCount(of: emotion) > 0 {
            guard let current = best else {
                best = emotion
                continue
            }
            let (count, leading) = (wholeCount(of: emotion), wholeCount(of: current))
            if count > leading || (count == leading && latest[emotion.index] > latest[current.index]) {
                best = emotion
            }
        }
        return best
    }

    /// Equal when the sums are: which change came last is how they were reached, not what was felt.
    public static func == (lhs: Felt, rhs: Felt) -> Bool { lhs.sums == rhs.sums }
}

extension Emotion {
    /// Its weight in the mood score: happy 5, smile 4, neutral 3, upset 2, sad 1.
    public var moodWeight: Int { Emotion.allCases.count - index }
}
