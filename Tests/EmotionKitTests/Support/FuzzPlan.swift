import Foundation

/// Which inputs a fuzz test tries: a seed and a number of iterations, fixed so that every run tries
/// the same inputs, unless `EMOTIONS_FUZZ_SEED` or `EMOTIONS_FUZZ_ITERATIONS` override them.
///
/// Iteration `i` draws only from `generator(for: i)`, so a failure is replayed by running again with
/// the same seed and at least `i + 1` iterations, whatever else the run did.
struct FuzzPlan: CustomStringConvertible {
    /// The seed a run uses when `EMOTIONS_FUZZ_SEED` is not set.
    static let defaultSeed: UInt64 = 0x5EED_E4A7_1045

    /// The seed all iterations derive from.
    let seed: UInt64
    /// How many iterations the run tries.
    let iterations: Int
    /// The `swift test --filter` that runs the test again.
    let testFilter: String

    /// A plan from the environment, or the default seed and `defaultIterations` if it says nothing,
    /// for the test that `testFilter` selects.
    ///
    /// - Throws: `FuzzPlan.Failure` for a value that is not a number, so that a typo fails the test
    ///   rather than quietly running the defaults.
    init(
        defaultIterations: Int, testFilter: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        self.testFilter = testFilter
        seed = try FuzzPlan.number(named: "EMOTIONS_FUZZ_SEED", in: environment, upTo: .max) ?? FuzzPlan.defaultSeed
        iterations = try FuzzPlan.number(named: "EMOTIONS_FUZZ_ITERATIONS", in: environment, upTo: 1 << 31)
            .map(Int.init) ?? defaultIterations
    }

    /// The random numbers of one iteration.
    func generator(for iteration: Int) -> SeededGenerator {
        SeededGenerator(seed: seed, stream: UInt64(iteration))
    }

    /// Names an iteration and how to run it again: what every failure message starts with.
    func replay(_ iteration: Int) -> String {
        "seed \(seed), iteration \(iteration) (replay: EMOTIONS_FUZZ_SEED=\(seed) "
            + "EMOTIONS_FUZZ_ITERATIONS=\(iteration + 1) swift test --filter \(testFilter))"
    }

    /// `seed 104375836414021, 20000 iterations`.
    var description: String { "seed \(seed), \(iterations) iterations" }

    /// An environment variable that is set but not a number in range.
    struct Failure: Error, CustomStringConvertible {
        /// The variable.
        let name: String
        /// Its value, as set.
        let value: String
        /// The largest value it may have.
        let limit: UInt64

        /// `EMOTIONS_FUZZ_ITERATIONS=abc is not a whole number from 0 to 2147483648`.
        var description: String { "\(name)=\(value) is not a whole number from 0 to \(limit)" }
    }

    /// The variable `name` as a decimal or `0x` hexadecimal number, or `nil` if it is not set.
    private static func number(
        named name: String, in environment: [String: String], upTo limit: UInt64
    ) throws -> UInt64? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let parsed, parsed <= limit else { throw Failure(name: name, value: text, limit: limit) }
        return parsed
    }
}
