import EmotionKit
@testable import EmotionsCLI
import Testing

/// The days and instants each range option names, on fixed dates, clocks and offsets.
@Suite struct RangeOptionsTests {
    /// The range options `words` give, as `stats` reads them.
    private func options(_ words: [String]) throws -> RangeOptions {
        try RangeOptions(ArgumentParser(spec: Stats.spec).parse(words))
    }

    /// Noon on `day` in `zone`.
    private func noon(_ day: String, in zone: TimeZoneRules) throws -> Instant {
        let time = try #require(TimeOfDay(hour: 12, minute: 0))
        return zone.instant(at: time.on(try date(day)))
    }

    @Test(arguments: [
        // Wednesday 2026-01-07: last week and last month are in 2025; ISO week 2 starts on Monday 2026-01-05.
        (["--today"], "2026-01-07", "2026-01-07", "2026-01-07", true),
        (["--yesterday"], "2026-01-07", "2026-01-06", "2026-01-06", false),
        (["--week"], "2026-01-07", "2026-01-05", "2026-01-11", true),
        (["--last-week"], "2026-01-07", "2025-12-29", "2026-01-04", false),
        (["--month"], "2026-01-07", "2026-01-01", "2026-01-31", true),
        (["--last-month"], "2026-01-07", "2025-12-01", "2025-12-31", false),
        (["--year"], "2026-01-07", "2026-01-01", "2026-12-31", true),
        (["--year", "2026"], "2026-01-07", "2026-01-01", "2026-12-31", true),
        (["--year", "2025"], "2026-01-07", "2025-01-01", "2025-12-31", false),
        (["--year=2030"], "2026-01-07", "2030-01-01", "2030-12-31", false),
        // On a Monday, this week starts today and last week is the seven days before.
        (["--week"], "2026-11-23", "2026-11-23", "2026-11-29", true),
        (["--last-week"], "2026-11-23", "2026-11-16", "2026-11-22", false),
        // In March of a leap year, last month is February's 29 days.
        (["--last-month"], "2028-03-01", "2028-02-01", "2028-02-29", false),
        (["--yesterday"], "2028-03-01", "2028-02-29", "2028-02-29", false),
    ])
    func eachShorthandNamesItsDays(words: [String], today: String, first: String, last: String, upToNow: Bool) throws {
        let days = try #require(try options(words).days(today: date(today)))
        #expect(try days.first == date(first) && days.last == date(last) && days.upToNow == upToNow)
    }

    @Test func noShorthandNamesNoDaysAndYesterdayOfTheFirstDayIsNone() throws {
        #expect(try options([]).days(today: date("2026-01-07")) == nil)
        #expect(try options(["--since", "7d"]).days(today: date("2026-01-07")) == nil)
        #expect(try options(["--yesterday"]).days(today: date("0001-01-01")) == nil)
    }

    /// A current period is open (`stats` ends it now); a past one ends at the start of the day after it.
    @Test func theInstantsAreTheLocalStartsOfTheDays() throws {
        let tokyo = TimeZoneRules.fixed(secondsEast: 9 * 3600)
        let now = try noon("2026-01-07", in: tokyo)
        let week = try options(["--week"]).instants(now: now, zone: tokyo)
        #expect(week.since?.rfc3339(in: tokyo) == "2026-01-05T00:00:00.000+09:00" && week.until == nil)
        let lastMonth = try options(["--last-month"]).instants(now: now, zone: tokyo)
        expect(lastMonth.since?.rfc3339(in: tokyo), equals: "2025-12-01T00:00:00.000+09:00")
        expect(lastMonth.until?.rfc3339(in: tokyo), equals: "2026-01-01T00:00:00.000+09:00")
        let range = try #require(try options(["--today"]).range(now: now, zone: tokyo))
        #expect(range.since?.rfc3339(in: tokyo) == "2026-01-07T00:00:00.000+09:00" && range.until == now)
        try expect(options([]).range(now: now, zone: tokyo), equals: nil)
    }

    /// The year 9999 ends in the year 10000, and the year 1 starts before it in UTC east of UTC.
    @Test(arguments: [("9999", 0), ("1", 9 * 3600)])
    func aYearPastWhatTheHistoryKeepsIsRefused(year: String, secondsEast: Int) throws {
        let zone = TimeZoneRules.fixed(secondsEast: secondsEast)
        let options = try options(["--year", year])
        #expect(throws: UsageError.invalid(ValidationFailure(RangeOptionError.outsideYears(option: "--year \(year)")))) {
            try options.instants(now: try noon("2026-01-07", in: zone), zone: zone)
        }
    }

    @Test(arguments: [
        (["--today", "--week"], "--today", "--week"), (["--year", "--last-month"], "--last-month", "--year"),
        (["--year", "2025", "--since", "7d"], "--year", "--since"), (["--yesterday", "--until", "now"], "--yesterday", "--until"),
    ])
    func twoShorthandsOrAShorthandWithATimeConflict(words: [String], first: String, second: String) {
        #expect(throws: UsageError.conflictingOptions(first, second)) { try options(words) }
    }

    /// The calendar shows whole days: a shorthand's whole period, every day --since and --until touch.
    @Test(arguments: [
        (["--month"], "2026-01-01", "2026-01-31"),
        (["--last-week"], "2025-12-29", "2026-01-04"),
        (["--since", "2026-01-03T21:00", "--until", "2026-01-05T00:00"], "2026-01-03", "2026-01-04"),
        (["--since", "2026-01-03T21:00", "--until", "2026-01-05T00:01"], "2026-01-03", "2026-01-05"),
        (["--since", "2025-12-25"], "2025-12-25", "2026-01-07"),
        (["--until", "2025-06-30"], "2024-07-01", "2025-06-30"),
        ([], "2025-01-08", "2026-01-07"),
    ])
    func theCalendarShowsTheWholeDaysOfTheRange(words: [String], from: String, through: String) throws {
        let zone = TimeZoneRules.fixed(secondsEast: -5 * 3600)
        let range = try CalendarRange.days(try options(words), now: try noon("2026-01-07", in: zone), zone: zone)
        try expect(range, equals: CalendarRange(from: date(from), through: date(through)))
    }
}
