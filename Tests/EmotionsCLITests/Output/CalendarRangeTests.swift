import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CalendarRangeTests {
    @Test func aYearIsJanuaryFirstThroughDecemberThirtyFirst() throws {
        try expect(CalendarRange.year(2025), equals: CalendarRange(from: date("2025-01-01"), through: date("2025-12-31")))
        try expect(CalendarRange.year(1)?.from, equals: date("0001-01-01"))
        try expect(CalendarRange.year(9999)?.through, equals: date("9999-12-31"))
        expect(CalendarRange.year(0), equals: nil)
        expect(CalendarRange.year(10_000), equals: nil)
        expect(CalendarRange.year(Int.min), equals: nil)
    }

    @Test(arguments: [
        ("2026-11-23", "2025-11-24"),
        ("2026-01-01", "2025-01-02"),
        ("2026-12-31", "2026-01-01"),
        // A year back from February 29 is February 28: the range starts the day after it.
        ("2028-02-29", "2027-03-01"),
        ("2029-03-01", "2028-03-02"),
        ("0001-06-15", "0001-01-01"),
    ])
    func theDefaultIsTheTwelveMonthsThroughToday(today: String, from: String) throws {
        let range = CalendarRange.twelveMonths(through: try date(today))
        try expect(range.from, equals: date(from))
        try expect(range.through, equals: date(today))
    }

    @Test func changesAreReadTwoDaysPastEitherEndAtMidnightInTheZone() throws {
        let range = try #require(CalendarRange.year(2025))
        let (since, until) = range.instants(in: .fixed(secondsEast: 9 * 3600))
        expect(since?.rfc3339(offsetSeconds: 9 * 3600), equals: "2024-12-30T00:00:00.000+09:00")
        expect(until?.rfc3339(offsetSeconds: 9 * 3600), equals: "2026-01-03T00:00:00.000+09:00")
        #expect(try range.contains(date("2025-06-30")))
        #expect(try !range.contains(date("2024-12-31")) && !range.contains(date("2026-01-01")))
    }

    @Test func atTheEndsOfTheCalendarTheReadIsOpen() throws {
        let first = try #require(CalendarRange.year(1)).instants(in: .utc)
        #expect(first.since == nil && first.until != nil)
        let last = try #require(CalendarRange.year(9999)).instants(in: .utc)
        #expect(last.since != nil && last.until == nil)
    }
}
