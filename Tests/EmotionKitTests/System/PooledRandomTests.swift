import Testing
@testable import EmotionKit

struct PooledRandomTests {
    @Test func noTwoDrawsAreTheSameAcrossManyRefills() {
        var generator = PooledRandom()
        var seen = Set<UInt64>()
        for _ in 0..<10_000 { seen.insert(generator.next()) }
        expect(seen.count, equals: 10_000, "64-bit draws repeated: the pool handed a word out twice")
    }

    @Test func threadsDrawingAtOnceNeverShareAWord() async {
        let draws = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var generator = PooledRandom()
                    return (0..<2_000).map { _ in generator.next() }
                }
            }
            var all: [UInt64] = []
            for await some in group { all += some }
            return all
        }
        expect(Set(draws).count, equals: draws.count)
    }

    @Test func theBitsAreSpreadOverEveryPosition() {
        var generator = PooledRandom()
        var ones = [Int](repeating: 0, count: 64)
        for _ in 0..<4_000 {
            let word = generator.next()
            for bit in 0..<64 where word & (1 << bit) != 0 { ones[bit] += 1 }
        }
        // Each bit is set about half the time: 2,000 ± 6 standard deviations (~190).
        #expect(ones.allSatisfy { (1_810...2_190).contains($0) }, "bit counts: \(ones)")
    }
}
