@testable import EmotionKit
import Testing

@Suite struct TimestampTests {
    private func text(_ milliseconds: Int64, _ offset: Int32) throws -> String {
        try Timestamp(millisecondsSinceEpoch: milliseconds, offsetSeconds: offset).rfc3339
    }

    private func failure(_ text: String) -> TimestampError? {
        do {
            _ = try Timestamp(rfc3339: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func theEpochIsMidnightInUTCAndTheEveningBeforeWestOfIt() throws {
        try expect(text(0, 0), equals: "1970-01-01T00:00:00.000+00:00")
        try expect(text(0, -5 * 3600), equals: "1969-12-31T19:00:00.000-05:00")
        try expect(text(-1, 0), equals: "1969-12-31T23:59:59.999+00:00")
        try expect(text(0, 5 * 3600 + 30 * 60), equals: "1970-01-01T05:30:00.000+05:30")
    }

    @Test func anInstantIsWrittenAtItsOwnOffset() throws {
        let instant: Int64 = 1_795_435_445_123  // 2026-11-23T12:04:05.123Z
        try expect(text(instant, 0), equals: "2026-11-23T12:04:05.123+00:00")
        try expect(text(instant, 9 * 3600), equals: "2026-11-23T21:04:05.123+09:00")
        try expect(text(instant, -(9 * 3600 + 30 * 60)), equals: "2026-11-23T02:34:05.123-09:30")
        try expect(text(instant, -13 * 3600), equals: "2026-11-22T23:04:05.123-13:00")
    }

    @Test(arguments: [
        ("2000-02-29T00:00:00.000+00:00", Int64(951_782_400_000)),
        ("2024-02-29T23:59:59.999+00:00", Int64(1_709_251_199_999)),
        ("1900-03-01T00:00:00.000+00:00", Int64(-2_203_891_200_000)),
        ("2100-03-01T00:00:00.000+00:00", Int64(4_107_542_400_000)),
        ("0001-01-01T00:00:00.000+00:00", Int64(-62_135_596_800_000)),
        ("9999-12-31T23:59:59.999+00:00", Int64(253_402_300_799_999)),
    ])
    func leapDaysAndTheEndsOfTheYearsAreWhereTheCalendarPutsThem(text: String, milliseconds: Int64) throws {
        try expect(self.text(milliseconds, 0), equals: text)
        let read = try Timestamp(rfc3339: text)
        expect(read.millisecondsSinceEpoch, equals: milliseconds)
        expect(read.offsetSeconds, equals: 0)
    }

    @Test func everyDayFrom1970To2100AndEveryMonthTo9999IsTheDayAfterTheOneBefore() throws {
        var (year, month, day) = (1970, 1, 1)
        var days: Int64 = 0
        while year < 10000 {
            if year <= 2100 || day == 1 {
                let date = try #require(LocalDate(daysSinceEpoch: days), "day \(days)")
                #expect((date.year, date.month, date.day) == (year, month, day), "day \(days)")
                expect(LocalDate(year: year, month: month, day: day)?.daysSinceEpoch, equals: days)
            }
            days += 1
            day += 1
            if day > LocalDate.daysIn(month: month, of: year) {
                day = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
        expect(LocalDate(daysSinceEpoch: days), equals: nil, "10000-01-01 is past the years a timestamp can write")
    }

    @Test func februaryHas29DaysInLeapYearsOnly() {
        expect(LocalDate.daysIn(month: 2, of: 2024), equals: 29)
        expect(LocalDate.daysIn(month: 2, of: 2000), equals: 29)
        expect(LocalDate.daysIn(month: 2, of: 1900), equals: 28)
        expect(LocalDate.daysIn(month: 2, of: 2026), equals: 28)
        expect(failure("2026-02-29T12:00:00Z"), equals: .noSuchDate("2026-02-29T12:00:00Z"))
        expect(failure("2100-02-29T12:00:00Z"), equals: .noSuchDate("2100-02-29T12:00:00Z"))
    }

    @Test(arguments: [
        "2026-11-23T21:04:05.123+09:00", "1969-12-31T19:00:00.000-05:00", "2026-03-08T01:59:59.999-05:00",
        "0001-01-01T00:00:00.000+18:00", "9999-12-31T23:59:59.999-18:00", "2026-11-23T00:00:00.000-00:30",
    ])
    func theTextWrittenIsReadBackExactly(text: String) throws {
        let timestamp = try Timestamp(rfc3339: text)
        expect(timestamp.rfc3339, equals: text)
        let again = try Timestamp(
            millisecondsSinceEpoch: timestamp.millisecondsSinceEpoch, offsetSeconds: timestamp.offsetSeconds)
        expect(again, equals: timestamp)
    }

    @Test func theSameInstantAtAnotherOffsetIsAnotherTimestamp() throws {
        let utc = try Timestamp(rfc3339: "2026-11-23T12:04:05.123Z")
        let tokyo = try Timestamp(rfc3339: "2026-11-23T21:04:05.123+09:00")
        expect(utc.millisecondsSinceEpoch, equals: tokyo.millisecondsSinceEpoch)
        #expect(utc != tokyo)
    }

    @Test func readsLowerCaseZAndTShortFractionsAndNone() throws {
        try expect(Timestamp(rfc3339: "2026-11-23t12:04:05z").rfc3339, equals: "2026-11-23T12:04:05.000+00:00")
        try expect(Timestamp(rfc3339: "2026-11-23T12:04:05.1Z").rfc3339, equals: "2026-11-23T12:04:05.100+00:00")
        try expect(Timestamp(rfc3339: "2026-11-23T12:04:05.12+01:00").rfc3339, equals: "2026-11-23T12:04:05.120+01:00")
    }

    @Test(arguments: [
        "", "2026-11-23", "2026-11-23 12:04:05Z", "2026-11-23T12:04Z", "2026-11-23T12:04:05", "2026-11-23T12:04:05.Z",
        "2026-11-23T12:04:05+0900", "2026-11-23T12:04:05+09", "+2026-11-23T12:04:05Z", "26-11-23T12:04:05Z",
        "2026-11-23T12:04:05Z ", "2026-11-23T12:04:05+09:60", "２０２６-11-23T12:04:05Z", "2026-1a-23T12:04:05Z",
    ])
    func refusesWhatIsNotOfTheForm(text: String) {
        expect(failure(text), equals: .malformed(text))
    }

    @Test func refusesTimesThatDoNotExistOrCannotBeKept() {
        expect(failure("2026-13-01T00:00:00Z"), equals: .noSuchDate("2026-13-01T00:00:00Z"))
        expect(failure("2026-04-31T00:00:00Z"), equals: .noSuchDate("2026-04-31T00:00:00Z"))
        expect(failure("2026-11-00T00:00:00Z"), equals: .noSuchDate("2026-11-00T00:00:00Z"))
        expect(failure("2026-11-23T24:00:00Z"), equals: .noSuchTime("2026-11-23T24:00:00Z"))
        expect(failure("2016-12-31T23:59:60Z"), equals: .noSuchTime("2016-12-31T23:59:60Z"))
        expect(failure("2026-11-23T12:04:05.1234Z"), equals: .tooPrecise("2026-11-23T12:04:05.1234Z"))
        expect(failure("2026-11-23T12:04:05-00:00"), equals: .unknownOffset("2026-11-23T12:04:05-00:00"))
        expect(failure("2026-11-23T12:04:05+18:01"), equals: .offsetOutOfRange(seconds: 18 * 3600 + 60))
        expect(failure("0000-12-31T23:59:59Z"), equals: .noSuchDate("0000-12-31T23:59:59Z"))  // Before year 1.
        #expect(throws: TimestampError.outsideYears(millisecondsSinceEpoch: -62_135_596_801_000)) {
            try Timestamp(millisecondsSinceEpoch: -62_135_596_801_000, offsetSeconds: 0)
        }
        expect(failure("0001-01-01T00:00:00+00:01"), equals: nil)  // The local date is in year 1, whatever UTC's is.
    }

    @Test func refusesOffsetsAndInstantsOutOfRangeWithoutATrap() {
        #expect(throws: TimestampError.offsetOutOfRange(seconds: 18 * 3600 + 60)) {
            try Timestamp(millisecondsSinceEpoch: 0, offsetSeconds: 18 * 3600 + 60)
        }
        #expect(throws: TimestampError.offsetOutOfRange(seconds: Int32.min)) {
            try Timestamp(millisecondsSinceEpoch: 0, offsetSeconds: Int32.min)
        }
        #expect(throws: TimestampError.offsetNotWholeMinutes(seconds: -2670)) {
            try Timestamp(millisecondsSinceEpoch: 0, offsetSeconds: -2670)
        }
        #expect(throws: TimestampError.outsideYears(millisecondsSinceEpoch: Int64.max)) {
            try Timestamp(millisecondsSinceEpoch: Int64.max, offsetSeconds: 3600)
        }
        #expect(throws: TimestampError.outsideYears(millisecondsSinceEpoch: Int64.min)) {
            try Timestamp(millisecondsSinceEpoch: Int64.min, offsetSeconds: -3600)
        }
        #expect(throws: TimestampError.outsideYears(millisecondsSinceEpoch: 253_402_300_800_000)) {
            try Timestamp(millisecondsSinceEpoch: 253_402_300_800_000, offsetSeconds: 0)
        }
        #expect(throws: Never.self) {
            try Timestamp(millisecondsSinceEpoch: 253_402_300_800_000, offsetSeconds: -60)
        }
        #expect(throws: TimestampError.outsideYears(millisecondsSinceEpoch: -62_135_596_800_000)) {
            try Timestamp(millisecondsSinceEpoch: -62_135_596_800_000, offsetSeconds: -60)
        }
    }

    @Test func errorsQuoteTheTextAsJSON() {
        #expect(TimestampError.malformed("a\u{1B}[2J").description
            == #""a\u001b[2J" is not a time of the form 2026-11-23T21:04:05.123+09:00"#)
    }

    /// A journal line may hold a local date in the year 1 that is the year 0 in UTC (an earlier import
    /// took one in), but nothing new is placed there: the history keeps times in the years 1 to 9999
    /// in UTC as well as at their offset.
    @Test func aChangeIsPlacedOnlyWithinTheYearsInUTCAndAtTheZonesOffset() throws {
        let yearZeroInUTC = try Timestamp(rfc3339: "0001-01-01T03:00:00.000+09:00")
        let instant = Instant(millisecondsSinceEpoch: yearZeroInUTC.millisecondsSinceEpoch)
        #expect(throws: HistoryError.timeOutOfRange("0001-01-01T03:00:00.000+09:00", OutsideYears(isBefore: true))) {
            try Timestamp(instant, in: .fixed(secondsEast: 9 * 3600))
        }
        let midnight = Instant(millisecondsSinceEpoch: try Timestamp(rfc3339: "0001-01-01T00:00:00Z").millisecondsSinceEpoch)
        let newYork = HistoryError.timeOutOfRange("0001-01-01T00:00:00.000+00:00", OutsideYears(isBefore: true, localOffset: "-04:56"))
        #expect(throws: newYork) { try Timestamp(midnight, in: .fixed(secondsEast: -(4 * 3600 + 56 * 60))) }
        expect(newYork.description, equals: "Cannot place a change at 0001-01-01T00:00:00.000+00:00: it falls before the year 1 at the "
            + "local offset -04:56, where TZ places it; the history keeps times in the years 1 to 9999, both in UTC and at "
            + "their local offset. Nothing was changed; give a later time.")
        try expect(Timestamp(midnight, in: .utc).rfc3339, equals: "0001-01-01T00:00:00.000+00:00")
    }
}
