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
        #expect(try grid.monday(ofWeek: 0) == date("2024-12-30"))
        #expect(grid.weekCount == 53)
        #expect(try grid.monday(ofWeek: 52) == date("2025-12-29"))
        #expect(grid.cell(week: 0, row: 0) == .outside)
        #expect(grid.cell(week: 0, row: 1) == .outside)
        #expect(grid.cell(week: 0, row: 2) == .nothing)
        #expect(grid.cell(week: 52, row: 2) == .nothing, "Wednesday 2025-12-31")
        #expect(grid.cell(week: 52, row: 3) == .outside, "Thursday 2026-01-01")
        #expect(grid.cell(week: 53, row: 0) == .outside, "past the grid")
        #expect(grid.cell(week: -1, row: 0) == .outside)
        #expect(grid.cell(week: 0, row: 7) == .outside)
    }

    @Test func eachMonthIsNamedOverTheWeekHoldingItsFirst() throws {
        let year = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: [:])
        #expect(year.monthStarts.map(\.month) == Array(1...12))
        #expect(year.monthStarts.prefix(3).map(\.week) == [0, 4, 8])
        #expect(year.monthStarts.last?.week == 48, "Monday 2025-12-01")
        // The default range starts mid-month: its first month has no name.
        let recent = CalendarGrid(range: .twelveMonths(through: try date("2026-11-23")), today: try date("2026-11-23"), felt: [:])
        #expect(recent.monthStarts.first?.month == 12 && recent.monthStarts.first?.week == 1)
        #expect(recent.monthStarts.last?.month == 11 && recent.monthStarts.last?.week == 48)
        #expect(recent.weekCount == 53)
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
        #expect(try cell(grid, "2025-03-08") == .felt(.happy))
        #expect(try cell(grid, "2025-03-09") == .felt(.sad))
        #expect(try cell(grid, "2025-03-10") == .felt(.happy))
        #expect(try cell(grid, "2025-03-11") == .nothing)
        #expect(try cell(grid, "2025-03-12") == .nothing)
        #expect(try cell(grid, "2025-03-13") == .nothing)
        #expect(try cell(grid, "2024-12-30") == .outside)
        #expect(try cell(grid, "2026-01-01") == .outside)
    }

    @Test func daysAfterTodayAreBlankUnlessSomethingWasFeltOnThem() throws {
        // Felt "tomorrow": a change made where the date was already the next day.
        let felt = try feltByDay([("2025-06-16", .smile, 1)])
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2025-06-15"), felt: felt)
        #expect(try cell(grid, "2025-06-15") == .nothing)
        #expect(try cell(grid, "2025-06-16") == .felt(.smile))
        #expect(try cell(grid, "2025-06-17") == .outside)
    }

    @Test func onlyDaysAreRead() throws {
        var felt = try feltByDay([("2025-03-03", .sad, 1)])
        felt[Period(containing: try date("2025-03-03"), length: .week)] = felt.values.first
        felt[Period(containing: try date("2025-04-01"), length: .month)] = felt.values.first
        let grid = CalendarGrid(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: felt)
        #expect(try cell(grid, "2025-03-03") == .felt(.sad))
        #expect(try cell(grid, "2025-04-01") == .nothing)
    }

    @Test func theFirstAndLastYearsOfTheCalendarHaveWholeWeeksToo() throws {
        let first = CalendarGrid(range: try #require(.year(1)), today: try date("2026-11-23"), felt: [:])
        #expect(try first.monday(ofWeek: 0) == date("0001-01-01"), "the year 1 began on a Monday")
        let last = CalendarGrid(range: try #require(.year(9999)), today: try date("9999-12-31"), felt: [:])
        #expect(last.weekCount == 53)
        #expect(last.cell(week: 52, row: 4) == .nothing, "Friday 9999-12-31")
        #expect(last.cell(week: 52, row: 5) == .outside, "no year 10000")
        #expect(try last.monday(ofWeek: 52) == date("9999-12-27"))
    }
}
