import Testing
@testable import EmotionKit

struct TimeExpressionTests {
    /// Where `text` falls at `now` in `zone`, both ends written in `zone`; one text for a moment.
    private func span(_ text: String, now: String, in zone: TimeZoneRules) throws -> String {
        let span = try TimeExpression(parsing: text).span(now: at(now), zone: zone)
        let start = span.start.rfc3339(in: zone)
        return span.start == span.end ? start : start + " ..< " + span.end.rfc3339(in: zone)
    }

    /// Monday 2026-11-23, 21:04:05.123 in Tokyo.
    private let mondayEvening = "2026-11-23T21:04:05.123+09:00"

    @Test(arguments: [
        ("now", "2026-11-23T21:04:05.123+09:00"),
        ("NOW", "2026-11-23T21:04:05.123+09:00"),
        ("today", "2026-11-23T00:00:00.000+09:00 ..< 2026-11-24T00:00:00.000+09:00"),
        ("yesterday", "2026-11-22T00:00:00.000+09:00 ..< 2026-11-23T00:00:00.000+09:00"),
        ("21:30", "2026-11-23T21:30:00.000+09:00"),
        ("00:00:01", "2026-11-23T00:00:01.000+09:00"),
        ("yesterday 21:30", "2026-11-22T21:30:00.000+09:00"),
        ("Yesterday 07:15:30", "2026-11-22T07:15:30.000+09:00"),
        ("today 08:00", "2026-11-23T08:00:00.000+09:00"),
        ("2026-11-23", "2026-11-23T00:00:00.000+09:00 ..< 2026-11-24T00:00:00.000+09:00"),
        ("2026-11-23T21:30", "2026-11-23T21:30:00.000+09:00"),
        ("2026-11-23t21:30:05", "2026-11-23T21:30:05.000+09:00"),
        ("2026-11-23 21:30:05.5", "2026-11-23T21:30:05.500+09:00"),
        ("2026-11-23T21:30Z", "2026-11-24T06:30:00.000+09:00"),
        ("2026-11-23T21:30:05-03:30", "2026-11-24T10:00:05.000+09:00"),
        ("2026-11-23T21:30+09:00", "2026-11-23T21:30:00.000+09:00"),
        ("2026-11-23T21:30-18:00", "2026-11-25T00:30:00.000+09:00"),
        ("2026-11-23Z", "2026-11-23T09:00:00.000+09:00 ..< 2026-11-24T09:00:00.000+09:00"),
        ("90min", "2026-11-23T19:34:05.123+09:00"),
        ("90 minutes", "2026-11-23T19:34:05.123+09:00"),
        ("30s", "2026-11-23T21:03:35.123+09:00"),
        ("12h", "2026-11-23T09:04:05.123+09:00"),
        ("12H ago", "2026-11-23T09:04:05.123+09:00"),
        ("7d", "2026-11-16T21:04:05.123+09:00"),
        ("7 days ago", "2026-11-16T21:04:05.123+09:00"),
        ("0d", "2026-11-23T21:04:05.123+09:00"),
        ("2w", "2026-11-09T21:04:05.123+09:00"),
        ("3mo", "2026-08-23T21:04:05.123+09:00"),
        ("1y", "2025-11-23T21:04:05.123+09:00"),
        ("2 years", "2024-11-23T21:04:05.123+09:00"),
    ])
    func everyFormIsPlacedFromNowInTheZone(text: String, expected: String) throws {
        try expect(span(text, now: mondayEvening, in: .tokyo), equals: expected)
    }

    @Test(arguments: [
        ("monday", "2026-11-16"), ("Mon", "2026-11-16"), ("sunday", "2026-11-22"), ("sun", "2026-11-22"),
        ("saturday", "2026-11-21"), ("TUESDAY", "2026-11-17"), ("tue", "2026-11-17"), ("wed", "2026-11-18"),
        ("thu", "2026-11-19"), ("fri", "2026-11-20"), ("sat", "2026-11-21"),
    ])
    func aWeekdayIsTheMostRecentPastOneNeverToday(text: String, day: String) throws {
        let expected = try span(day, now: mondayEvening, in: .tokyo)
        try expect(span(text, now: mondayEvening, in: .tokyo), equals: expected)
    }

    @Test(arguments: [
        ("9am", "2026-11-23T09:00:00.000+09:00"),
        ("9pm", "2026-11-23T21:00:00.000+09:00"),
        ("9PM", "2026-11-23T21:00:00.000+09:00"),
        ("9 pm", "2026-11-23T21:00:00.000+09:00"),
        ("9:30pm", "2026-11-23T21:30:00.000+09:00"),
        ("09:30AM", "2026-11-23T09:30:00.000+09:00"),
        ("12am", "2026-11-23T00:00:00.000+09:00"),
        ("12:15am", "2026-11-23T00:15:00.000+09:00"),
        ("12pm", "2026-11-23T12:00:00.000+09:00"),
        ("12:45pm", "2026-11-23T12:45:00.000+09:00"),
        ("1am", "2026-11-23T01:00:00.000+09:00"),
        ("11pm", "2026-11-23T23:00:00.000+09:00"),
        ("noon", "2026-11-23T12:00:00.000+09:00"),
        ("Noon", "2026-11-23T12:00:00.000+09:00"),
        ("midnight", "2026-11-23T00:00:00.000+09:00"),
        ("today 9pm", "2026-11-23T21:00:00.000+09:00"),
        ("yesterday 9pm", "2026-11-22T21:00:00.000+09:00"),
        ("YESTERDAY 9:30PM", "2026-11-22T21:30:00.000+09:00"),
        ("yesterday noon", "2026-11-22T12:00:00.000+09:00"),
        ("yesterday midnight", "2026-11-22T00:00:00.000+09:00"),
        ("monday 9pm", "2026-11-16T21:00:00.000+09:00"),
        ("mon 21:30", "2026-11-16T21:30:00.000+09:00"),
        ("sunday 9am", "2026-11-22T09:00:00.000+09:00"),
        ("Friday noon", "2026-11-20T12:00:00.000+09:00"),
        ("last monday", "2026-11-16T00:00:00.000+09:00 ..< 2026-11-17T00:00:00.000+09:00"),
        ("Last Sunday", "2026-11-22T00:00:00.000+09:00 ..< 2026-11-23T00:00:00.000+09:00"),
        ("last monday 9pm", "2026-11-16T21:00:00.000+09:00"),
        ("last fri 07:15", "2026-11-20T07:15:00.000+09:00"),
    ])
    func twelveHourTimesNoonMidnightAndADayWithATimeArePlacedOnTheLocalClock(text: String, expected: String) throws {
        try expect(span(text, now: mondayEvening, in: .tokyo), equals: expected)
    }

    /// The same words under other zones: the day and the clock are the zone's own, across a
    /// daylight saving change too (New York's clocks went back on Sunday 2026-11-01).
    @Test(arguments: [
        ("9pm", TimeZoneRules.newYork, "2026-11-02T22:00:00Z", "2026-11-02T21:00:00.000-05:00"),
        ("yesterday 9pm", .newYork, "2026-11-02T22:00:00Z", "2026-11-01T21:00:00.000-05:00"),
        ("yesterday 1am", .newYork, "2026-11-02T22:00:00Z", "2026-11-01T01:00:00.000-04:00"),
        ("sunday noon", .newYork, "2026-11-02T22:00:00Z", "2026-11-01T12:00:00.000-05:00"),
        ("last monday 9pm", .india, "2026-11-23T03:00:00Z", "2026-11-16T21:00:00.000+05:30"),
        ("midnight", .newfoundland, "2026-11-23T03:15:00Z", "2026-11-22T00:00:00.000-03:30"),
        ("12pm", .utc, "2026-11-22T18:45:00Z", "2026-11-22T12:00:00.000+00:00"),
    ])
    func clockWordsAreReadInTheZoneGiven(text: String, zone: TimeZoneRules, now: String, expected: String) throws {
        try expect(span(text, now: now, in: zone), equals: expected)
    }

    @Test func aMinuteBeforeMidnightIsStillThatLocalDay() throws {
        let today = try TimeExpression(parsing: "today").span(now: at("2026-11-23T23:59:30+09:00"), zone: .tokyo)
        let late = at("2026-11-23T23:59:00+09:00")
        #expect(today.start <= late && late < today.end)
        expect(at("2026-11-24T00:00:00+09:00"), equals: today.end)
        let day = try TimeExpression(parsing: "2026-11-23").span(now: late, zone: .tokyo)
        expect(day, equals: today)
        #expect(try span("today", now: "2026-11-24T00:00:00+09:00", in: .tokyo).hasPrefix("2026-11-24T00:00"))
    }

    @Test(arguments: [
        (TimeZoneRules.india, "2026-11-22T18:45:00Z", "2026-11-23T00:00:00.000+05:30 ..< 2026-11-24T00:00:00.000+05:30"),
        (.newfoundland, "2026-11-23T03:15:00Z", "2026-11-22T00:00:00.000-03:30 ..< 2026-11-23T00:00:00.000-03:30"),
        (.utc, "2026-11-22T18:45:00Z", "2026-11-22T00:00:00.000+00:00 ..< 2026-11-23T00:00:00.000+00:00"),
    ])
    func halfHourZonesHaveTheirOwnToday(zone: TimeZoneRules, now: String, expected: String) throws {
        try expect(span("today", now: now, in: zone), equals: expected)
    }

    @Test func theDayDaylightSavingTimeStartsHas23Hours() throws {
        let day = try TimeExpression(parsing: "2026-03-08").span(now: at(mondayEvening), zone: .newYork)
        expect(day.start.rfc3339(in: .newYork), equals: "2026-03-08T00:00:00.000-05:00")
        expect(day.end.rfc3339(in: .newYork), equals: "2026-03-09T00:00:00.000-04:00")
        expect(day.end.millisecondsSinceEpoch - day.start.millisecondsSinceEpoch, equals: 23 * 3_600_000)
        let yesterday = try TimeExpression(parsing: "yesterday").span(now: at("2026-03-09T00:30:00-04:00"), zone: .newYork)
        expect(yesterday, equals: day)
    }

    @Test func theDayDaylightSavingTimeEndsHas25Hours() throws {
        let day = try TimeExpression(parsing: "sunday").span(now: at("2026-11-02T12:00:00-05:00"), zone: .newYork)
        expect(day.start.rfc3339(in: .newYork), equals: "2026-11-01T00:00:00.000-04:00")
        expect(day.end.rfc3339(in: .newYork), equals: "2026-11-02T00:00:00.000-05:00")
        expect(day.end.millisecondsSinceEpoch - day.start.millisecondsSinceEpoch, equals: 25 * 3_600_000)
    }

    @Test(arguments: [
        ("7d", "2026-03-14T12:00:00-04:00", "2026-03-07T12:00:00.000-05:00"),
        ("1w", "2026-11-07T12:00:00-05:00", "2026-10-31T12:00:00.000-04:00"),
        ("1d", "2026-03-09T02:30:00-04:00", "2026-03-08T03:30:00.000-04:00"),
        ("1d", "2026-11-02T01:30:00-05:00", "2026-11-01T01:30:00.000-04:00"),
        ("24h", "2026-03-09T12:00:00-04:00", "2026-03-08T12:00:00.000-04:00"),
        ("24h", "2026-03-08T12:00:00-04:00", "2026-03-07T11:00:00.000-05:00"),
        ("2026-03-08T02:30", "2026-11-23T12:00:00Z", "2026-03-08T03:30:00.000-04:00"),
        ("2026-11-01T01:30", "2026-11-23T12:00:00Z", "2026-11-01T01:30:00.000-04:00"),
        ("2026-11-01T01:30-05:00", "2026-11-23T12:00:00Z", "2026-11-01T01:30:00.000-05:00"),
    ])
    func daysGoBackOnTheCalendarAndHoursByTheClock(text: String, now: String, expected: String) throws {
        try expect(span(text, now: now, in: .newYork), equals: expected)
    }

    @Test(arguments: [
        ("1mo", "2026-03-31T12:00:00Z", "2026-02-28T12:00:00.000+00:00"),
        ("1mo", "2024-03-31T12:00:00Z", "2024-02-29T12:00:00.000+00:00"),
        ("1y", "2024-02-29T12:00:00Z", "2023-02-28T12:00:00.000+00:00"),
        ("4y", "2024-02-29T12:00:00Z", "2020-02-29T12:00:00.000+00:00"),
        ("13mo", "2026-01-31T12:00:00Z", "2024-12-31T12:00:00.000+00:00"),
        ("2024-02-29", "2026-01-31T12:00:00Z", "2024-02-29T00:00:00.000+00:00 ..< 2024-03-01T00:00:00.000+00:00"),
        ("2000-02-29T12:00", "2026-01-31T12:00:00Z", "2000-02-29T12:00:00.000+00:00"),
    ])
    func monthsAndYearsClampToTheMonthsLastDay(text: String, now: String, expected: String) throws {
        try expect(span(text, now: now, in: .utc), equals: expected)
    }

    @Test func aTimeLaterThanNowIsInTheFuture() throws {
        let now = at(mondayEvening)
        #expect(try TimeExpression(parsing: "21:30").span(now: now, zone: .tokyo).isInFuture(now: now))
        #expect(try TimeExpression(parsing: "2027-01-01").span(now: now, zone: .tokyo).isInFuture(now: now))
        #expect(try !TimeExpression(parsing: "now").span(now: now, zone: .tokyo).isInFuture(now: now))
        #expect(try !TimeExpression(parsing: "today").span(now: now, zone: .tokyo).isInFuture(now: now))
        #expect(try !TimeExpression(parsing: "21:00").span(now: now, zone: .tokyo).isInFuture(now: now))
    }

    @Test(arguments: [
        ("30m", "'30m' is ambiguous: write 30min for minutes or 30mo for months."),
        ("30 M", "'30 M' is ambiguous: write 30min for minutes or 30mo for months."),
        ("2026-13-01", "'2026-13-01' is not a TIME: " + TimeError.accepted),
        ("", "'' is not a TIME: " + TimeError.accepted),
        ("tomorrow", "'tomorrow' is not a TIME: " + TimeError.accepted),
        ("-7d", "'-7d' is not a TIME: " + TimeError.accepted),
        ("7 fortnights", "'7 fortnights' is not a TIME: " + TimeError.accepted),
        ("7d ago ago", "'7d ago ago' is not a TIME: " + TimeError.accepted),
        ("7", "'7' is not a TIME: " + TimeError.accepted),
        ("9:30", "'9:30' is not a TIME: " + TimeError.accepted),
        ("26-11-23", "'26-11-23' is not a TIME: " + TimeError.accepted),
        ("2026-11-23T21", "'2026-11-23T21' is not a TIME: " + TimeError.accepted),
        ("2026-11-23T21:30:05.1234", "'2026-11-23T21:30:05.1234' is not a TIME: " + TimeError.accepted),
        ("2026-11-23T21:30+0900", "'2026-11-23T21:30+0900' is not a TIME: " + TimeError.accepted),
        (" now", "' now' is not a TIME: " + TimeError.accepted),
        ("last", "'last' is not a TIME: " + TimeError.accepted),
        ("last today", "'last today' is not a TIME: " + TimeError.accepted),
        ("9 o'clock", "'9 o'clock' is not a TIME: " + TimeError.accepted),
        ("2026-11-23 9pm", "'2026-11-23 9pm' is not a TIME: " + TimeError.accepted),
        ("yesterday  9pm", "'yesterday  9pm' is not a TIME: " + TimeError.accepted),
        ("0pm", "'0pm' is not a TIME: with am or pm, hours go from 1 to 12 and minutes from 00 to 59 (9pm, 9:30am; 12am is midnight, 12pm noon)."),
        ("13pm", "'13pm' is not a TIME: with am or pm, hours go from 1 to 12 and minutes from 00 to 59 (9pm, 9:30am; 12am is midnight, 12pm noon)."),
        ("21:30pm", "'21:30pm' is not a TIME: with am or pm, hours go from 1 to 12 and minutes from 00 to 59 (9pm, 9:30am; 12am is midnight, 12pm noon)."),
        ("9:60am", "'9:60am' is not a TIME: with am or pm, hours go from 1 to 12 and minutes from 00 to 59 (9pm, 9:30am; 12am is midnight, 12pm noon)."),
        ("yestreday", "'yestreday' is not a TIME: did you mean 'yesterday'?"),
        ("Yestreday 9pm", "'Yestreday 9pm' is not a TIME: did you mean 'yesterday 9pm'?"),
        ("mondya", "'mondya' is not a TIME: did you mean 'monday'?"),
        ("last mondya", "'last mondya' is not a TIME: did you mean 'last monday'?"),
        ("noom", "'noom' is not a TIME: did you mean 'noon'?"),
        ("midnigth", "'midnigth' is not a TIME: did you mean 'midnight'?"),
        ("tody", "'tody' is not a TIME: did you mean 'today'?"),
        ("7 dyas", "'7 dyas' is not a TIME: did you mean '7 days'?"),
        ("2026-02-30", "'2026-02-30' is not a TIME: February 2026 has 28 days."),
        ("2024-02-30T10:00", "'2024-02-30T10:00' is not a TIME: February 2024 has 29 days."),
        ("2026-04-31", "'2026-04-31' is not a TIME: April 2026 has 30 days."),
        ("2026-11-00", "'2026-11-00' is not a TIME: November 2026 has 30 days."),
        ("2026-11-23T24:00", "'2026-11-23T24:00' is not a TIME: hours go from 00 to 23, minutes and seconds from 00 to 59 (21:30, 21:30:05)."),
        ("21:60", "'21:60' is not a TIME: hours go from 00 to 23, minutes and seconds from 00 to 59 (21:30, 21:30:05)."),
        ("yesterday 12:00:60", "'yesterday 12:00:60' is not a TIME: hours go from 00 to 23, minutes and seconds from 00 to 59 (21:30, 21:30:05)."),
        ("2026-11-23T21:30+24:00", "'2026-11-23T21:30+24:00' is not a TIME: an offset goes from -18:00 to +18:00 (Z, +09:00, -03:30)."),
        ("2026-11-23T21:30-18:01", "'2026-11-23T21:30-18:01' is not a TIME: an offset goes from -18:00 to +18:00 (Z, +09:00, -03:30)."),
        ("2026-11-23T21:30+17:60", "'2026-11-23T21:30+17:60' is not a TIME: an offset goes from -18:00 to +18:00 (Z, +09:00, -03:30)."),
        ("0000-01-01", "'0000-01-01' is not a TIME: years go from 0001 to 9999."),
        ("9999999999999999999d", "'9999999999999999999d' is too far back: it reaches before the year 1, the first the tool can write; use a smaller amount."),
    ])
    func aBadTimeSaysWhatIsWrongAndWhatIsAccepted(text: String, message: String) {
        #expect(throws: TimeError.self) { try TimeExpression(parsing: text) }
        do {
            _ = try TimeExpression(parsing: text)
        } catch {
            expect(error.description, equals: message)
        }
    }

    @Test(arguments: ["99999999999d", "99999999999w", "999999999999999999h", "99999999999mo", "10000y", "2026y", "999999999999999999min"])
    func anAmountTooFarBackIsAnErrorNotATrap(text: String) throws {
        let expression = try TimeExpression(parsing: text)
        #expect(throws: TimeError.amountTooLarge(text)) {
            try expression.span(now: at("2026-11-23T12:00:00Z"), zone: .newYork)
        }
    }

    @Test(arguments: [
        ("0001-01-01T00:00+09:00", OutsideYears(isBefore: true)), ("9999-12-31T23:00-05:00", OutsideYears(isBefore: false)),
        ("0001-01-01+01:00", OutsideYears(isBefore: true)),
    ])
    func aTimeJustOutsideTheYearsInUTCSaysOnWhichSideAndInUTC(text: String, outside: OutsideYears) throws {
        #expect(throws: TimeError.outsideYears(text, outside, readAt: nil)) {
            try TimeExpression(parsing: text).span(now: at("2026-11-23T12:00:00Z"), zone: .utc)
        }
    }

    /// A local date in the year 1 east of UTC is still the year 0 in UTC: refused as `--at` and
    /// `import` refuse it, saying at which offset it was read, and never as an amount too large.
    @Test func aLocalDateInTheYearOneThatIsTheYearZeroInUTCSaysSoAndWhatToDo() throws {
        let tokyo = TimeZoneRules.fixed(secondsEast: 9 * 3600)
        for text in ["0001-01-01", "0001-01-01T03:00"] {
            let error = TimeError.outsideYears(text, OutsideYears(isBefore: true), readAt: "+09:00")
            #expect(throws: error) { try TimeExpression(parsing: text).span(now: at("2026-11-23T12:00:00Z"), zone: tokyo) }
            expect(error.description, equals: "'\(text)' is out of reach: read at +09:00 (from TZ), it falls before the year 1 in UTC, "
                + "and the history keeps times in the years 1 to 9999, both in UTC and at their local offset; give a later time.")
        }
        #expect(try TimeExpression(parsing: "0001-01-01T09:00").span(now: at("2026-11-23T12:00:00Z"), zone: tokyo).start
            == at("0001-01-01T00:00:00Z"))
        let late = TimeError.outsideYears("9999-12-31T23:00", OutsideYears(isBefore: false), readAt: "-05:00")
        #expect(throws: late) {
            try TimeExpression(parsing: "9999-12-31T23:00").span(now: at("2026-11-23T12:00:00Z"), zone: .fixed(secondsEast: -5 * 3600))
        }
        #expect(late.description.hasSuffix("it falls after the year 9999 in UTC, and the history keeps times in the years 1 to "
            + "9999, both in UTC and at their local offset; give an earlier time."))
    }

    @Test func theLastDayOfYear9999HasNoEndToGiveAndSaysSo() throws {
        #expect(throws: TimeError.endsPastRange("9999-12-31")) {
            try TimeExpression(parsing: "9999-12-31").span(now: at("2026-11-23T12:00:00Z"), zone: .utc)
        }
        #expect(TimeError.endsPastRange("9999-12-31").description
            == "'9999-12-31' is not a TIME: that day ends after the year 9999, the last the tool can write; name an earlier day.")
        #expect(try TimeExpression(parsing: "9999-12-30").span(now: at("2026-11-23T12:00:00Z"), zone: .utc).end
            == at("9999-12-31T00:00:00Z"))
    }

    @Test func parsingKeepsTheTextAndItsForm() throws {
        let expression = try TimeExpression(parsing: "Yesterday 21:30")
        expect(expression.text, equals: "Yesterday 21:30")
        expect(expression.form, equals: .timeOfDay(TimeOfDay(hour: 21, minute: 30)!, daysBack: 1))
        try expect(TimeExpression(parsing: "3mo").form, equals: .ago(3, .month))
        try expect(TimeExpression(parsing: "mon").form, equals: .weekday(.monday))
        try expect(TimeExpression(parsing: "last mon").form, equals: .weekday(.monday))
        try expect(TimeExpression(parsing: "9pm").form, equals: .timeOfDay(TimeOfDay(hour: 21, minute: 0)!, daysBack: 0))
        try expect(TimeExpression(parsing: "monday 9pm").form, equals: .weekdayTimeOfDay(.monday, TimeOfDay(hour: 21, minute: 0)!))
    }
}

/// Random texts built from the grammar's own pieces: none may trap, and every one either fails
/// with a message that quotes it or is placed somewhere in the years 1 to 9999.
struct TimeExpressionFuzzTests {
    private static let pieces = [
        "0", "1", "2", "9", "99999999999", "9999999999999999999", "-", ":", "T", "Z", "+", " ", ".", "2026",
        "-11-", "23", "24", "60", "02:30", "d", "m", "mo", "min", "y", "w", "h", "s", "ago", "mon", "yesterday",
        "today", "now", "pm", "am", "9", "noon", "last ", "midnight", "monday ", "é", "\u{0}",
    ]

    @Test(arguments: 0..<8)
    func randomTextsAreRefusedOrPlacedNeverTrapped(stream: UInt64) {
        var random = SeededGenerator(seed: 13, stream: stream)
        let now = at("2026-11-01T05:30:00Z")
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(Self.pieces) }.joined()
            do {
                let span = try TimeExpression(parsing: text).span(now: now, zone: .newYork)
                #expect(span.start <= span.end, "\(text)")
                #expect(LocalDateTime(span.start, offsetSeconds: 0) != nil, "\(text)")
                #expect(LocalDateTime(span.end, offsetSeconds: 0) != nil, "\(text)")
            } catch {
                #expect(error.description.hasPrefix("'\(text)' is "), "\(text)")
            }
        }
    }
}
