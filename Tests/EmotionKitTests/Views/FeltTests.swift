@testable import EmotionKit
import Testing

@Suite struct FeltTests {
    /// A tap or add of `delta` to `emotion` at `millisecond`, the `sequence`th event.
    mutating func event(_ emotion: Emotion, _ delta: Int, at millisecond: Int64 = 0, sequence: UInt64 = 1) throws -> JournalEvent {
        let id = EventID(recordedAt: 1, using: &generator)
        let old = delta < 0 ? -delta : 0
        return try JournalEvent(
            sequence: sequence, id: id, at: Timestamp(millisecondsSinceEpoch: millisecond, offsetSeconds: 0),
            command: delta == 1 ? .tap : .add, emotion: emotion, old: old, new: old + delta, group: id)
    }

    var generator = SeededGenerator(seed: 7)

    @Test mutating func countsAreSumsAndNeverShownBelowZero() throws {
        var felt = Felt()
        felt.count(try event(.happy, 1))
        felt.count(try event(.happy, 3))
        felt.count(try event(.sad, 2))
        felt.count(try event(.sad, -5))
        expect(felt[.happy], equals: 4)
        expect(felt.sum(of: .sad), equals: -3)
        expect(felt[.sad], equals: 0)
        expect(felt.total, equals: 4)
        #expect(!felt.isEmpty)
    }

    @Test mutating func theScoreIsTheMeanWeightOfTheCounts() throws {
        var felt = Felt()
        expect(felt.score, equals: nil)
        felt.count(try event(.happy, 1))  // 5
        felt.count(try event(.upset, 1))  // 2
        expect(felt.score, equals: 3.5)
        felt.count(try event(.sad, 2))  // 1, 1
        expect(felt.score, equals: 2.25)
        var negative = Felt()
        negative.count(try event(.sad, -1))
        expect(negative.score, equals: nil)
        #expect(negative.isEmpty)
    }

    @Test mutating func theMostFeltEmotionTiesGoToTheLaterChange() throws {
        var felt = Felt()
        expect(felt.mostFelt, equals: nil)
        felt.count(try event(.sad, 2, at: 1000, sequence: 1))
        felt.count(try event(.happy, 2, at: 900, sequence: 5))  // Recorded later, placed earlier.
        expect(felt.mostFelt, equals: .sad)
        felt.count(try event(.happy, 1, at: 2000, sequence: 6))
        expect(felt.mostFelt, equals: .happy)
        felt.count(try event(.sad, 1, at: 2000, sequence: 7))  // Same placement: the later sequence.
        expect(felt.mostFelt, equals: .sad)
    }

    @Test mutating func sumsPastTheLargestCountAreComparedWholeThoughShownCut() throws {
        var felt = Felt()
        felt.count(try event(.happy, Int.max - 1, at: 1000, sequence: 1))
        felt.count(try event(.happy, Int.max - 1, at: 1000, sequence: 2))
        felt.count(try event(.sad, Int.max - 1, at: 2000, sequence: 3))  // Changed later, but felt less.
        felt.count(try event(.sad, 2, at: 2000, sequence: 4))
        #expect(felt[.happy] == Int.max && felt[.sad] == Int.max)
        expect(felt.mostFelt, equals: .happy)
        expect(felt.wholeCount(of: .happy), equals: 2 * Int128(Int.max - 1))
        expect(felt.wholeTotal, equals: 3 * Int128(Int.max) - 1)
        // (5 × 2(M − 1) + (M + 1)) / (3M − 1), M = Int.max: 11/3 to the precision of a Double.
        #expect(abs((felt.score ?? 0) - 11.0 / 3) < 1e-12)
    }

    @Test mutating func hugeAddsSaturateInsteadOfTrapping() throws {
        var felt = Felt()
        felt.count(try event(.happy, Int.max - 1))
        felt.count(try event(.happy, Int.max - 1))
        felt.count(try event(.smile, Int.max - 1))
        expect(felt[.happy], equals: Int.max)
        expect(felt.total, equals: Int.max)
        var merged = felt
        merged.merge(felt)
        expect(merged[.smile], equals: Int.max)
        #expect(merged.score != nil)
    }
}
