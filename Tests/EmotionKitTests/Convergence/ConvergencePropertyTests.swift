import Testing

import EmotionKit

@Suite struct ConvergencePropertyTests {
    /// Schedules per seed: each is 3 to 5 histories over `steps` random steps, then full delivery.
    static let schedulesPerSeed: UInt64 = 150
    static let steps = 60

    @Test(arguments: PropertySeeds.upTo(8))
    func historiesThatTakeInTheSameEventsShowTheSameCountsWhateverTheSchedule(seed: UInt64) throws {
        for stream in 0..<ConvergencePropertyTests.schedulesPerSeed {
            var simulator = ConvergenceSimulator(seed: seed, stream: stream)
            try simulator.run(steps: ConvergencePropertyTests.steps)
        }
    }
}
