/// A POSIX `TZ` rule, such as `CET-1CEST,M3.5.0,M10.5.0/3` or `<+0330>-3:30`: what `TZ` may say
/// itself, and what a time zone file's footer says for the instants after its last transition.
///
/// Read strictly, and only in the forms whose meaning the C library (glibc) gives exactly: a
/// standard time name and offset, then optionally a daylight saving time name, offset and both
/// rules. Anything else (a daylight saving time without rules, which glibc completes from the
/// `posixrules` file; stray characters; an offset past 24 hours) is not a rule here, and the
/// caller leaves it to the C library. The offset at an instant is computed as glibc's
/// `compute_change` and `__tz_compute` do, quirks included, so that both always agree.
package struct PosixTimeZoneRule: Hashable, Sendable {
    /// Seconds east of UTC of standard time: -18,000 for `EST5`.
    package let standardOffset: Int
    /// When daylight saving time is kept, or `nil` if never.
    package let daylightSaving: DaylightSaving?

    /// The offset of daylight saving time and the two moments each year it starts and ends.
    package struct DaylightSaving: Hashable, Sendable {
        /// Seconds east of UTC while it is kept: -14,400 for `EDT` (an hour east of standard time if unsaid).
        package let offset: Int
        /// When it starts, in standard time.
        package let start: Change
        /// When it ends, in daylight saving time.
        package let end: Change
    }

    /// A day of the year and the local time on it that the clocks change.
    package struct Change: Hashable, Sendable {
        /// The day.
        package let day: Day
        /// Seconds after that day's local midnight, -167 to 167 hours (RFC 8536's version 3): 7,200 unless said.
        package let secondsIntoDay: Int
    }

    /// How a rule names a day of the year.
    package enum Day: Hashable, Sendable {
        /// `Jn`: 1 to 365, February 29 never counted (day 60 is always March 1).
        case julian(Int)
        /// `n`: 0 to 365, February 29 counted in leap years.
        case ordinal(Int)
        /// `Mm.w.d`: weekday `weekday` (0 is Sunday) of week `week` (1 to 5, 5 the last) of month `month`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// The rule written `text`, or `nil` unless all of it is one in the forms this type reads.
    package init?(_ text: String) {
        var reader = PosixRuleReader(Array(text.utf8))
        guard let standard = reader.standardTime() else { return nil }
        standardOffset = standard
        if reader.atEnd {
            daylightSaving = nil
            return
        }
        guard reader.name() else { return nil }
        let offset = reader.offset() ?? standard + 3600
        guard reader.skip(","), let start = reader.change(), reader.skip(","), let end = reader.change(),
            reader.atEnd
        else { return nil }
        daylightSaving = DaylightSaving(offset: offset, start: start, end: end)
    }

    /// Whether `text` begins with a standard time name and offset that the C library reads: when it
    /// does not, glibc's zone is UTC, whatever follows.
    package static func beginsWithStandardTime(_ text: String) -> Bool {
        var reader = PosixRuleReader(Array(text.utf8))
        return reader.standardTime() != nil
    }

    /// Seconds east of UTC at `seconds` since the Unix epoch.
    ///
    /// As glibc: the year is the instant's year in UTC; each change is computed for that year, and
    /// daylight saving time runs from its start up to its end, or, when the end comes first in the
    /// year (the southern hemisphere), outside that span.
    package func offset(atSecondsSinceEpoch seconds: Int64) -> Int {
        guard let daylightSaving else { return standardOffset }
        // Years beyond these are beyond any instant (milliseconds in an Int64); the arithmetic
        // below stays far from overflowing within them.
        let year = Self.utcYear(at: min(max(seconds, -(1 << 55)), 1 << 55))
        let start = Self.instant(of: daylightSaving.start, in: year, offset: standardOffset)
        let end = Self.instant(of: daylightSaving.end, in: year, offset: daylightSaving.offset)
        let time = Int(min(max(seconds, -(1 << 55)), 1 << 55))
        let isDaylightSaving = start > end ? (time < end || time >= start) : (time >= start && time < end)
        return isDaylightSaving ? daylightSaving.offset : standardOffset
    }

    /// The first instant after `seconds` (since the Unix epoch) at which `offset(atSecondsSinceEpoch:)`
    /// may give another answer: the start or end of daylight saving time in `seconds`'s year, or the
    /// next year's first instant in UTC, where each year's changes are worked out anew; `Int64.max`
    /// for a rule with no daylight saving time. Up to 1970, where glibc's arithmetic starts every
    /// year at 1970-01-01, the instant after `seconds`: a span of one second.
    package func nextPossibleChange(afterSecondsSinceEpoch seconds: Int64) -> Int64 {
        guard let daylightSaving else { return .max }
        let time = Int(min(max(seconds, -(1 << 55)), 1 << 55))
        let year = Self.utcYear(at: Int64(time))
        guard year > 1970 else { return Int64(time + 1) }
        let nextYear = Self.instant(of: Change(day: .ordinal(0), secondsIntoDay: 0), in: year + 1, offset: 0)
        let start = Self.instant(of: daylightSaving.start, in: year, offset: standardOffset)
        let end = Self.instant(of: daylightSaving.end, in: year, offset: daylightSaving.offset)
        var next = nextYear
        if start > time { next = min(next, start) }
        if end > time { next = min(next, end) }
        return Int64(next)
    }

    /// Seconds since the epoch at which `change` happens in `year`, where the clocks show `offset`.
    ///
    /// glibc's `compute_change`, which starts every year up to 1970 at 1970-01-01: its arithmetic
    /// counts only forwards. Copied, so that the two agree there too.
    private static func instant(of change: Change, in year: Int, offset: Int) -> Int {
        var days =
            year > 1970
            ? (year - 1970) * 365 + ((year - 1) / 4 - 1970 / 4) - ((year - 1) / 100 - 1970 / 100)
                + ((year - 1) / 400 - 1970 / 400)
            : 0
        let leap = isLeap(year)
        switch change.day {
        case .julian(let day):
            days += day - 1 + (day >= 60 && leap ? 1 : 0)
        case .ordinal(let day):
            days += day
        case .monthWeekDay(let month, let week, let weekday):
            days += dayOfMonth(month: month, week: week, weekday: weekday, year: year, leap: leap)
        }
        return days * 86_400 - offset + change.secondsIntoDay
    }

    /// Days from January 1 to the `week`th `weekday` of `month` in `year`: the first day of the
    /// month's weekday by Zeller's congruence, as glibc, then a week at a time while still in the month.
    private static func dayOfMonth(month: Int, week: Int, weekday: Int, year: Int, leap: Bool) -> Int {
        let before = daysBeforeMonth[month - 1] + (leap && month > 2 ? 1 : 0)
        let length = daysBeforeMonth[month] - daysBeforeMonth[month - 1] + (leap && month == 2 ? 1 : 0)
        let shiftedMonth = (month + 9) % 12 + 1
        let shiftedYear = month <= 2 ? year - 1 : year
        let century = shiftedYear / 100
        let yearOfCentury = shiftedYear % 100
        var firstWeekday =
            ((26 * shiftedMonth - 2) / 10 + 1 + yearOfCentury + yearOfCentury / 4 + century / 4 - 2 * century) % 7
        if firstWeekday < 0 { firstWeekday += 7 }
        var day = weekday - firstWeekday
        if day < 0 { day += 7 }
        for _ in 1..<week {
            if day + 7 >= length { break }
            day += 7
        }
        return before + day
    }

    /// Days in a common year before each month, and the year's length last.
    private static let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]

    /// Whether `year` of the proleptic Gregorian calendar has a February 29.
    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The year in UTC at `seconds` since the epoch (Howard Hinnant's `civil_from_days`).
    private static func utcYear(at seconds: Int64) -> Int {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
    }
}
