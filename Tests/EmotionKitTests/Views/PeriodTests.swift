@testable import EmotionKit
import Testing

@Suite struct PeriodTests {
    func date(_ year: Int, _ month: Int, _ day: Int) throws -> LocalDate {
        try #require(LocalDate(year: year, month: month, day: day))
    }

    @Test(arguments: [
        // ISO weeks: Monday first; week 1 holds the year's first Thursday.
        ((2024, 12, 29), "2024-W52"), ((2024, 12, 30), "2025-W01"), ((2025, 1, 5), "2025-W01"), ((2025, 1, 6), "2025-W02"),
        ((2026, 11, 22), "2026-W47"), ((2026, 11, 23), "2026-W48"), ((2026, 12, 31), "2026-W53"), ((2027, 1, 3), "2026-W53"),
        ((2027, 1, 4), "2027-W01"), ((2021, 1, 3), "2020-W53"), ((2008, 12, 29), "2009-W01"),
    ])
    func aWeekIsNamedByItsISOWeekYearAndNumber(day: (Int, Int, Int), label: String) throws {
        let period = Period(containing: try date(day.0, day.1, day.2), length: .week)
        expect(period.label, equals: label)
        expect(period.start.weekday, equals: .monday)
        expect(period.lastDay.weekday, equals: .sunday)
    }

    @Test func daysAndMonthsAreNamedAsDatesAre() throws {
        expect(Period(containing: try date(2026, 3, 8), length: .day).label, equals: "2026-03-08")
        expect(Period(containing: try date(2026, 3, 8), length: .month).label, equals: "2026-03")
        expect(Period(containing: try date(2024, 2, 10), length: .month).lastDay, equals: (try date(2024, 2, 29)))
    }

    @Test func nextFollowsTheCalendarNotSeconds() throws {
        // The day New York's clocks go forward is 23 hours long and still one day.
        expect(Period(containing: try date(2026, 3, 8), length: .day).next?.label, equals: "2026-03-09")
        expect(Period(containing: try date(2026, 12, 31), length: .week).next?.label, equals: "2027-W01")
        expect(Period(containing: try date(2026, 12, 15), length: .month).next?.label, equals: "2027-01")
        expect(Period(containing: try date(9999, 12, 31), length: .day).next, equals: nil)
    }

    @Test func aTimestampsDayIsReadAtItsOwnOffset() throws {
        // 23:30 in Tokyo is 14:30 UTC: the Tokyo day, whatever zone reads it now.
        let late = try Timestamp(millisecondsSinceEpoch: at("2026-11-22T14:30:00Z").millisecondsSinceEpoch, offsetSeconds: 9 * 3600)
        expect(late.localDate, equals: (try date(2026, 11, 22)))
        let early = try Timestamp(millisecondsSinceEpoch: at("2026-11-22T14:30:00Z").millisecondsSinceEpoch, offsetSeconds: 10 * 3600)
        expect(early.localDate, equals: (try date(2026, 11, 23)))
        let newYork = try Timestamp(millisecondsSinceEpoch: at("2026-11-23T03:30:00Z").millisecondsSinceEpoch, offsetSeconds: -5 * 3600)
        expect(newYork.localDate, equals: (try date(2026, 11, 22)))
    }
}
