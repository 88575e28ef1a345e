import EmotionKit
import Testing

@Suite struct TallyTests {
    @Test func aNewTallyIsAllZeros() {
        let tally = Tally()
        #expect(Emotion.allCases.allSatisfy { tally[$0] == 0 })
        expect(tally.total, equals: 0)
    }

    @Test func tappingAddsOneAndReportsTheChange() throws {
        var tally = Tally()
        let change = try tally.apply(.tap(.happy))
        expect(change, equals: Change(emotion: .happy, old: 0, new: 1))
        expect(tally[.happy], equals: 1)
        expect(tally.total, equals: 1)
    }

    @Test func repeatedActionsReportOneChangeEach() throws {
        var tally = Tally()
        let changes = try tally.apply([.tap(.happy), .tap(.happy), .tap(.sad)])
        expect(changes, equals: [
            Change(emotion: .happy, old: 0, new: 1), Change(emotion: .happy, old: 1, new: 2),
            Change(emotion: .sad, old: 0, new: 1),
        ])
    }

    @Test func aNegativeAmountCorrectsAMistake() throws {
        var tally = try #require(Tally(counts: [.sad: 5]))
        try expect(tally.apply(.add(-2, to: .sad)), equals: Change(emotion: .sad, old: 5, new: 3))
    }

    @Test func goingBelowZeroIsRefusedAndChangesNothing() throws {
        var tally = try #require(Tally(counts: [.sad: 2]))
        #expect(throws: TallyError.belowZero(.sad, count: 2, amount: -3)) { try tally.apply(.add(-3, to: .sad)) }
        expect(tally[.sad], equals: 2)
    }

    @Test func addingIntMinIsRefusedWithoutTrapping() throws {
        var tally = try #require(Tally(counts: [.sad: 2]))
        #expect(throws: TallyError.belowZero(.sad, count: 2, amount: Int.min)) {
            try tally.apply(.add(Int.min, to: .sad))
        }
    }

    @Test func goingPastIntMaxIsRefusedAndChangesNothing() throws {
        var tally = try #require(Tally(counts: [.happy: Int.max]))
        #expect(throws: TallyError.overflow(.happy, count: Int.max, amount: 1)) { try tally.apply(.tap(.happy)) }
        expect(tally[.happy], equals: Int.max)
    }

    @Test func reachingExactlyIntMaxIsAllowed() throws {
        var tally = try #require(Tally(counts: [.happy: Int.max - 1]))
        try tally.apply(.tap(.happy))
        expect(tally[.happy], equals: Int.max)
        expect(tally.total, equals: Int.max)
    }

    @Test func aTotalPastIntMaxIsRefused() throws {
        var tally = try #require(Tally(counts: [.happy: Int.max]))
        #expect(throws: TallyError.totalOverflow(.sad, total: Int.max, amount: 1)) { try tally.apply(.tap(.sad)) }
        expect(tally[.sad], equals: 0)
    }

    @Test func countsWhoseTotalWouldOverflowAreNoTally() {
        expect(Tally(counts: [.happy: Int.max, .sad: 1]), equals: nil)
        expect(Tally(counts: [.happy: -1]), equals: nil)
        expect(Tally(counts: [.happy: 0, .sad: 0]), equals: Tally())
    }

    @Test func aFailingActionUndoesTheWholeBatch() throws {
        var tally = try #require(Tally(counts: [.sad: 1]))
        #expect(throws: TallyError.self) { try tally.apply([.tap(.happy), .add(-5, to: .sad)]) }
        expect(tally, equals: Tally(counts: [.sad: 1]))
    }

    @Test func resetOfZeroIsNotAChange() throws {
        var tally = Tally()
        try expect(tally.apply(.reset(.happy)), equals: nil)
        try expect(tally.apply(.add(0, to: .happy)), equals: nil)
    }

    @Test func aTallyBackAtZeroEqualsANewOne() throws {
        var tally = Tally()
        _ = try tally.apply([.add(3, to: .happy), .reset(.happy), .tap(.sad), .add(-1, to: .sad)])
        expect(tally, equals: Tally())
        expect(tally.hashValue, equals: Tally().hashValue)
    }

    @Test func resetAllSetsEveryCountToZero() throws {
        var tally = try #require(Tally(counts: [.happy: 3, .upset: 1]))
        let changes = try tally.apply(Action.resetAll)
        expect(changes, equals: [Change(emotion: .happy, old: 3, new: 0), Change(emotion: .upset, old: 1, new: 0)])
        expect(tally.total, equals: 0)
    }

    @Test func errorsSayWhatWasRefusedAndThatNothingChanged() {
        let message = TallyError.belowZero(.sad, count: 2, amount: -3).description
        #expect(message.contains("-3") && message.contains("sad") && message.contains("Nothing was changed"))
    }

    @Test func aChangeDescribesItselfAsTheCommandLinePrintsIt() {
        expect(Change(emotion: .happy, old: 3, new: 4).description, equals: "happy: 3 → 4")
    }
}
