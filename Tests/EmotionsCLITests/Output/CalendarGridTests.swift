import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CalendarGridTests {
    /// The cell of `day` in `grid`, found by its own week and weekday.
    private func cell(_ grid: CalendarGrid, _ day: String) throws -> CalendarGrid.Cell {
        let days = try date(day).daysSinceEpoch - grid.firstMonday
        return grid.cell(week: Int(days / 7), row: Int(days % 7))
    }

    @Test func aYearRunsFromTheMondayOfItsFirstWeekToTheSundayOfItsLast() throws {
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: [:])
        // 2025-01-01 is a Wednesday: its week, 2025-W01, starts on Monday 2024-12-30.
        try expect(grid.monday(ofWeek: 0), equals: date("2024-12-30"))
        expect(grid.weekCount, equals: 53)
        try expect(grid.monday(ofWeek: 52), equals: date("2025-12-29"))
        expect(grid.cell(week: 0, row: 0), equals: .outside)
        expect(grid.cell(week: 0, row: 1), equals: .outside)
        expect(grid.cell(week: 0, row: 2), equals: .nothing)
        expect(grid.cell(week: 52, row: 2), equals: .nothing, "Wednesday 2025-12-31")
        expect(grid.cell(week: 52, row: 3), equals: .outside, "Thursday 2026-01-01")
        expect(grid.cell(week: 53, row: 0), equals: .outside, "past the grid")
        expect(grid.cell(week: -1, row: 0), equals: .outside)
        expect(grid.cell(week: 0, row: 7), equals: .outside)
    }

    @Test func eachMonthIsNamedOverTheWeekHoldingItsFirst() throws {
        let year = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: [:])
        expect(year.monthStarts.map(\.month), equals: Array(1...12))
        expect(year.monthStarts.prefix(3).map(\.week), equals: [0, 4, 8])
        expect(year.monthStarts.last?.week, equals: 48, "Monday 2025-12-01")
        // The default range starts mid-month: its first month has no name.
        let recent = CalendarGrid(range: .twelveMonths(through: try date("2026-11-23")), today: try date("2026-11-23"), felt: [:])
        #expect(recent.monthStarts.first?.month == 12 && recent.monthStarts.first?.week == 1)
        #expect(recent.monthStarts.last?.month == 11 && recent.monthStarts.last?.week == 48)
        expect(recent.weekCount, equals: 53)
    }

    @Test func aDayShowsWhatWasFeltMostTiesGoingToTheLaterChange() throws {
        let felt = try feltByDay([
            ("2025-03-08", .happy, 2), ("2025-03-08", .sad, 1),  // More happy.
            ("2025-03-09", .happy, 1), ("2025-03-09", .sad, 1),  // A tie: sad came later.
            ("2025-03-10", .sad, 1), ("2025-03-10", .happy, 1),  // A tie: happy came later.
            ("2025-03-11", .upset, 3), ("2025-03-11", .upset, -3),  // Taken back: nothing.
            ("2025-03-12", .neutral, -2),  // Below zero shows as nothing.
            ("2024-12-30", .smile, 1), ("2026-01-01", .smile, 1),  // In the grid's weeks, not in the range.
        ])
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: felt)
        try expect(cell(grid, "2025-03-08"), equals: .felt(.happy))
        try expect(cell(grid, "2025-03-09"), equals: .felt(.sad))
        try expect(cell(grid, "2025-03-10"), equals: .felt(.happy))
        try expect(cell(grid, "2025-03-11"), equals: .nothing)
        try expect(cell(grid, "2025-03-12"), equals: .nothing)
        try expect(cell(grid, "2025-03-13"), equals: .nothing)
        try expect(cell(grid, "2024-12-30"), equals: .outside)
        try expect(cell(grid, "2026-01-01"), equals: .outside)
    }

    @Test func daysAfterTodayAreBlankUnlessSomethingWasFeltOnThem() throws {
        // Felt "tomorrow": a change made where the date was already the next day.
        let felt = try feltByDay([("2025-06-16", .smile, 1)])
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2025-06-15"), felt: felt)
        try expect(cell(grid, "2025-06-15"), equals: .nothing)
        try expect(cell(grid, "2025-06-16"), equals: .felt(.smile))
        try expect(cell(grid, "2025-06-17"), equals: .outside)
    }

    @Test func onlyDaysAreRead() throws {
        var felt = try feltByDay([("2025-03-03", .sad, 1)])
        felt[Period(containing: try date("2025-03-03"), length: .week)] = felt.values.first
        felt[Period(containing: try date("2025-04-01"), length: .month)] = felt.values.first
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: felt)
        try expect(cell(grid, "2025-03-03"), equals: .felt(.sad))
        try expect(cell(grid, "2025-04-01"), equals: .nothing)
    }

    @Test func theFirstAndLastYearsOfTheCalendarHaveWholeWeeksToo() throws {
        let first = CalendarGrid(range: try #require(.year(1)), today: try date("2026-11-23"), felt: [:])
        try expect(first.monday(ofWeek: 0), equals: date("0001-01-01"), "the year 1 began on a Monday")
        let last = CalendarGrid(range: try #require(.year(9999)), today: try date("9999-12-31"), felt: [:])
        expect(last.weekCount, equals: 53)
        expect(last.cell(week: 52, row: 4), equals: .nothing, "Friday 9999-12-31")
        expect(last.cell(week: 52, row: 5), equals: .outside, "no year 10000")
        try expect(last.monday(ofWeek: 52), equals: date("9999-12-27"))
    }
}
