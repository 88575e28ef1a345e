/// Which of the five emotions an observer hears about, as five bits.
///
/// Not an array: a store observed for every emotion, as the command line observes it, would build an
/// array of `Emotion` on every run, a type whose runtime metadata costs start-up its instantiation.
struct EmotionSet: Sendable, Equatable {
    private var bits: UInt8 = 0

    /// Every emotion.
    static let all = EmotionSet(Emotion.allCases)

    /// The emotions in `emotions`, each once.
    init(_ emotions: some Sequence<Emotion>) {
        for emotion in emotions { insert(emotion) }
    }

    /// Just `emotion`.
    init(_ emotion: Emotion) {
        insert(emotion)
    }

    /// Whether it holds `emotion`.
    func contains(_ emotion: Emotion) -> Bool {
        bits & (1 << emotion.index) != 0
    }

    private mutating func insert(_ emotion: Emotion) {
        bits |= 1 << emotion.index
    }
}
