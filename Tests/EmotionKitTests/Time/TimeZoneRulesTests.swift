import Testing
@testable import EmotionKit

struct TimeZoneRulesTests {
    /// The local wall clock time `text` (`2026-03-08T02:30`), for tables of tests.
    private func local(_ text: String) throws -> LocalDateTime {
        guard case let .dateTime(local, nil) = try TimeExpression(parsing: text).form else {
            throw TimeError.unrecognized(text)
        }
        return local
    }

    @Test(arguments: [
        ("2026-07-01T12:00", TimeZoneRules.newYork, "2026-07-01T16:00:00.000+00:00"),
        ("2026-01-01T12:00", .newYork, "2026-01-01T17:00:00.000+00:00"),
        ("2026-11-23T00:00", .india, "2026-11-22T18:30:00.000+00:00"),
        ("2026-11-23T00:00", .newfoundland, "2026-11-23T03:30:00.000+00:00"),
        ("2026-11-23T21:30", .tokyo, "2026-11-23T12:30:00.000+00:00"),
    ])
    func aWallClockTimeIsTheInstantItsOffsetSays(text: String, zone: TimeZoneRules, utc: String) throws {
        expect(zone.instant(at: try local(text)).rfc3339(in: .utc), equals: utc)
    }

    @Test func aTimeInTheSpringGapLandsAfterItByTheGapsLength() throws {
        let instant = TimeZoneRules.newYork.instant(at: try local("2026-03-08T02:30"))
        expect(instant.rfc3339(in: .newYork), equals: "2026-03-08T03:30:00.000-04:00")
        #expect(TimeZoneRules.newYork.instant(at: try local("2026-03-08T02:00")).rfc3339(in: .newYork)
            == "2026-03-08T03:00:00.000-04:00")
    }

    @Test func aTimeInTheRepeatedHourIsTheEarlierInstant() throws {
        let instant = TimeZoneRules.newYork.instant(at: try local("2026-11-01T01:30"))
        expect(instant.rfc3339(in: .newYork), equals: "2026-11-01T01:30:00.000-04:00")
        #expect(TimeZoneRules.newYork.instant(at: try local("2026-11-01T02:00")).rfc3339(in: .newYork)
            == "2026-11-01T02:00:00.000-05:00")
    }

    @Test(arguments: ["2026-03-07", "2026-03-08", "2026-10-31", "2026-11-01", "2026-11-02"])
    func everyMinuteOfATransitionDayReadsBackAsItsWallClock(day: String) throws {
        let date = try #require(LocalDate(parsingForTest: day))
        for minute in stride(from: 0, to: 24 * 60, by: 15) {
            let local = try #require(LocalDateTime(date: date, hour: minute / 60, minute: minute % 60))
            let back = TimeZoneRules.newYork.localDateTime(at: TimeZoneRules.newYork.instant(at: local))
            let inGap = day == "2026-03-08" && local.hour == 2
            #expect(inGap ? back?.hour == 3 : back == local, "\(local)")
        }
    }

    @Test func anOffsetNoZoneHasIsTakenAsTheLargestOne() throws {
        let broken = TimeZoneRules { _ in .max }
        expect(broken.offset(at: Instant(millisecondsSinceEpoch: 0)), equals: 18 * 3600)
        expect(broken.instant(at: try local("2026-11-23T02:00")).rfc3339(in: .utc), equals: "2026-11-22T08:00:00.000+00:00")
        // TZ=UTC+24: a day behind UTC, which RFC 3339 cannot write and a timestamp cannot hold.
        let dayBehind = TimeZoneRules { _ in -24 * 3600 }
        expect(Instant(millisecondsSinceEpoch: 0).rfc3339(in: dayBehind), equals: "1969-12-31T06:00:00.000-18:00")
    }
}

/// A zone whose offset has seconds, as local mean time before the 1880s does (New York: −4:56:02).
struct TimeZoneRulesWholeMinuteTests {
    private let newYorkMeanTime = TimeZoneRules { _ in -(4 * 3600 + 56 * 60 + 2) }

    private func local(_ text: String) throws -> LocalDateTime {
        guard case let .dateTime(local, nil) = try TimeExpression(parsing: text).form else {
            throw TimeError.unrecognized(text)
        }
        return local
    }

    @Test func anOffsetWithSecondsIsReadAtTheNearestWholeMinute() {
        expect(newYorkMeanTime.offset(at: Instant(millisecondsSinceEpoch: 0)), equals: -(4 * 3600 + 56 * 60))
        expect(TimeZoneRules { _ in 30 }.offset(at: Instant(millisecondsSinceEpoch: 0)), equals: 60, "a half minute away from zero")
        expect(TimeZoneRules { _ in -89 }.offset(at: Instant(millisecondsSinceEpoch: 0)), equals: -60)
        expect(TimeZoneRules { _ in 18 * 3600 + 59 }.offset(at: Instant(millisecondsSinceEpoch: 0)), equals: 18 * 3600)
    }

    @Test func aWallClockTimeIsKeptAsWrittenAndStaysOnItsDay() throws {
        let meant = try local("1800-01-01T23:59:59")
        let instant = newYorkMeanTime.instant(at: meant)
        try expect(Timestamp(instant, in: newYorkMeanTime).rfc3339, equals: "1800-01-01T23:59:59.000-04:56")
        expect(newYorkMeanTime.localDateTime(at: instant), equals: meant)
    }

    @Test func theDayAnInstantIsStoredOnIsTheDayTheZoneReadsItOn() throws {
        // A second before midnight at the exact offset, a second past it at the one rounded to minutes.
        let instant = Instant(millisecondsSinceEpoch: 17_762_000 - 1000)
        let zoneDay = try #require(newYorkMeanTime.localDateTime(at: instant)).date
        try expect(Timestamp(instant, in: newYorkMeanTime).localDate, equals: zoneDay)
        let nextDay = try #require(zoneDay.adding(days: 1))
        #expect(newYorkMeanTime.instant(at: LocalDateTime(startOf: zoneDay)) <= instant)
        #expect(newYorkMeanTime.instant(at: LocalDateTime(startOf: nextDay)) > instant)
    }
}
