@testable import EmotionsCLI
import Testing

@Suite struct StatsLayoutTests {
    /// The English table's layout: names up to 7 cells ("neutral"), counts of one digit unless given.
    private func layout(_ width: Int, countWidth: Int = 1) -> StatsLayout {
        StatsLayout(width: width, nameWidth: 7, countWidth: countWidth)
    }

    @Test func eightyColumnsKeepTheTwentyFourCellBarOfBefore() {
        expect(layout(80).barWidth, equals: 24)
        #expect(layout(80).showsShare && layout(80).showsEmoji)
    }

    @Test(arguments: [(100, 30), (120, 36), (160, 48), (167, 50), (200, 50), (300, 50), (40, 12), (30, 7)])
    func theBarTakesThreeTenthsOfTheWidthAtMostFiftyCellsAndNoMoreThanTheRoomLeft(width: Int, bar: Int) {
        expect(layout(width).barWidth, equals: bar)
    }

    @Test func aHugeWidthDoesNotOverflow() {
        expect(layout(Int.max).barWidth, equals: StatsLayout.maximumBarWidth)
    }

    @Test func narrowingDropsTheBarThenTheShareThenTheEmoji() {
        // "😄 neutral  0  ████  100.0%" needs 3 + 7 + 2 + 1 + 2 + 4 + 2 + 6 = 27 cells.
        expect(layout(27).barWidth, equals: StatsLayout.minimumBarWidth)
        #expect(layout(26).barWidth == 0 && layout(26).showsShare)
        // Without the bar: 3 + 7 + 2 + 1 + 2 + 6 = 21.
        #expect(layout(21).showsShare)
        #expect(!layout(20).showsShare && layout(20).showsEmoji && layout(20).barWidth == 0)
        // Without the share: 3 + 7 + 2 + 1 = 13.
        #expect(layout(13).showsEmoji)
        #expect(!layout(12).showsEmoji && !layout(12).showsShare && layout(12).barWidth == 0)
        expect(layout(1), equals: layout(12))
    }

    @Test func longerCountsLeaveLessRoom() {
        expect(layout(40, countWidth: 19).barWidth, equals: 0)
        #expect(layout(40, countWidth: 19).showsShare)
    }
}
