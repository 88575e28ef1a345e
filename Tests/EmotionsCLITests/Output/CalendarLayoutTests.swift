@testable import EmotionsCLI
import Testing

@Suite struct CalendarLayoutTests {
    @Test(arguments: [
        // Weekday names (4 cells), 2 cells a week, 1 spare for a month's name over the last column.
        (111, 53, 53, false), (200, 53, 53, false), (110, 53, 52, true), (80, 53, 37, true), (40, 53, 17, true),
        // However narrow, the latest week.
        (7, 53, 1, true), (1, 53, 1, true), (80, 1, 1, false),
    ])
    func theMostRecentWeeksThatFitAreShown(width: Int, weekCount: Int, shown: Int, isCut: Bool) {
        let layout = CalendarLayout(width: width, weekCount: weekCount)
        expect(layout.shownWeeks, equals: shown)
        expect(layout.firstShownWeek, equals: weekCount - shown)
        expect(layout.isCut, equals: isCut)
    }

    @Test func aHugeWidthShowsEveryWeekWithoutOverflow() {
        expect(CalendarLayout(width: Int.max, weekCount: 53).shownWeeks, equals: 53)
    }
}
