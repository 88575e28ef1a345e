/// A random number generator that gives the same numbers for the same seed on every platform and run.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and good enough to drive a fuzzer. Each
/// iteration of a fuzz run gets its own stream, so one iteration can be replayed without the others.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for one `stream` (a fuzz iteration) of the run started with `seed`.
    init(seed: UInt64, stream: UInt64 = 0) {
        state = SeededGenerator.mix(seed ^ SeededGenerator.mix(stream &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededGenerator.mix(state)
    }

    /// Whether an event with this chance (0...1) happens.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// One of `choices`, each equally likely.
    mutating func pick<Choices: RandomAccessCollection>(_ choices: Choices) -> Choices.Element {
        choices[choices.index(choices.startIndex, offsetBy: Int.random(in: 0..<choices.count, using: &self))]
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
