import Testing
@testable import EmotionKit

struct LocalDateTests {
    @Test(arguments: [
        (2026, 2, 29), (2026, 2, 30), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1), (2026, 1, 0), (0, 1, 1),
        (10000, 1, 1), (1900, 2, 29),
    ])
    func daysThatDoNotExistAreNil(year: Int, month: Int, day: Int) {
        expect(LocalDate(year: year, month: month, day: day), equals: nil)
    }

    @Test(arguments: [(2024, 2, 29), (2000, 2, 29), (2026, 12, 31), (1, 1, 1), (9999, 12, 31)])
    func daysThatExistAreKept(year: Int, month: Int, day: Int) throws {
        let date = try #require(LocalDate(year: year, month: month, day: day))
        expect(LocalDate(daysSinceEpoch: date.daysSinceEpoch), equals: date)
    }

    @Test func daysCountFromTheEpochBothWays() {
        expect(LocalDate(year: 1970, month: 1, day: 1)?.daysSinceEpoch, equals: 0)
        expect(LocalDate(year: 1969, month: 12, day: 31)?.daysSinceEpoch, equals: -1)
        expect(LocalDate(year: 2026, month: 11, day: 23)?.daysSinceEpoch, equals: 20_780)
        expect(LocalDate(daysSinceEpoch: 20_780)?.description, equals: "2026-11-23")
        expect(LocalDate(daysSinceEpoch: .max), equals: nil)
        expect(LocalDate(daysSinceEpoch: -719_162), equals: LocalDate(year: 1, month: 1, day: 1))
        expect(LocalDate(daysSinceEpoch: -719_163), equals: nil)
    }

    @Test func everyDayFollowsTheOneBeforeIt() throws {
        var date = try #require(LocalDate(year: 1999, month: 12, day: 1))
        for _ in 0..<(366 * 30) {
            let next = try #require(date.adding(days: 1))
            expect(next.daysSinceEpoch, equals: date.daysSinceEpoch + 1)
            #expect(next > date)
            expect(next.weekday.rawValue, equals: (date.weekday.rawValue + 1) % 7)
            date = next
        }
    }

    @Test func weekdaysAreTheCalendarsOwn() {
        expect(LocalDate(year: 2026, month: 11, day: 23)?.weekday, equals: .monday)
        expect(LocalDate(year: 1970, month: 1, day: 1)?.weekday, equals: .thursday)
        expect(LocalDate(year: 2000, month: 2, day: 29)?.weekday, equals: .tuesday)
    }

    @Test(arguments: [
        ("2026-03-31", -1, "2026-02-28"), ("2024-03-31", -1, "2024-02-29"), ("2026-01-31", 1, "2026-02-28"),
        ("2024-02-29", -12, "2023-02-28"), ("2026-11-23", -3, "2026-08-23"), ("2026-01-15", -1, "2025-12-15"),
        ("2026-05-31", -1, "2026-04-30"),
    ])
    func monthsClampTheDayToTheMonthsLast(from: String, months: Int64, to: String) throws {
        let date = try #require(LocalDate(parsingForTest: from))
        expect(date.adding(months: months)?.description, equals: to)
    }

    @Test func calendarArithmeticPastTheYearsIsNil() throws {
        let date = try #require(LocalDate(year: 2026, month: 11, day: 23))
        expect(date.adding(months: .min), equals: nil)
        expect(date.adding(months: -24_312), equals: nil)
        expect(date.adding(days: .min), equals: nil)
        expect(date.adding(days: 3_000_000), equals: nil)
    }

    @Test func datesAreWrittenWithLeadingZeros() {
        expect(LocalDate(year: 987, month: 6, day: 5)?.description, equals: "0987-06-05")
        expect(LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 2)!, hour: 9, minute: 4)?.hourAndMinute, equals: "09:04")
    }
}

extension LocalDate {
    /// `2026-11-23` as a date, for tables of tests.
    init?(parsingForTest text: String) {
        guard case let .date(date, nil)? = try? TimeExpression(parsing: text).form else { return nil }
        self = date
    }
}
