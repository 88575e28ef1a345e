/// A date and a time of day as a wall clock shows them, in no particular zone: `2026-11-23 21:30`.
///
/// A `TimeZoneRules` turns it into an `Instant` and back.
package struct LocalDateTime: Hashable, Comparable, Sendable {
    /// The day.
    package let date: LocalDate
    /// The time of day.
    package let time: TimeOfDay

    /// `time` on `date`.
    package init(date: LocalDate, time: TimeOfDay) {
        self.date = date
        self.time = time
    }

    /// `date` at `hour:minute:second.millisecond`, or `nil` if that is no time of day (hour 24, minute 60).
    package init?(date: LocalDate, hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) {
        guard let time = TimeOfDay(hour: hour, minute: minute, second: second, millisecond: millisecond) else {
            return nil
        }
        self.init(date: date, time: time)
    }

    /// The start of `date`, 00:00.
    package init(startOf date: LocalDate) {
        self.init(date: date, time: .midnight)
    }

    /// What a wall clock `offsetSeconds` east of UTC shows at `instant`, or `nil` outside years 1 to 9999.
    package init?(_ instant: Instant, offsetSeconds: Int) {
        let (offset, overflow) = Int64(offsetSeconds).multipliedReportingOverflow(by: 1000)
        guard !overflow, let local = instant.advanced(byMilliseconds: offset) else { return nil }
        let milliseconds = local.millisecondsSinceEpoch
        guard let date = LocalDate(daysSinceEpoch: floorDivide(milliseconds, Self.millisecondsPerDayOnUTCClock))
        else { return nil }
        let inDay = Int(floorModulo(milliseconds, Self.millisecondsPerDayOnUTCClock))
        guard
            let time = TimeOfDay(
                hour: inDay / 3_600_000, minute: inDay / 60_000 % 60, second: inDay / 1000 % 60,
                millisecond: inDay % 1000)
        else { return nil }
        self.init(date: date, time: time)
    }

    /// The hour, 0 to 23.
    package var hour: Int { time.hour }
    /// The minute, 0 to 59.
    package var minute: Int { time.minute }
    /// The second, 0 to 59.
    package var second: Int { time.second }
    /// The millisecond, 0 to 999.
    package var millisecond: Int { time.millisecond }

    /// The instant this wall clock time would be if it were UTC; a zone's offset is then taken off.
    package var millisecondsAsIfUTC: Int64 {
        let inDay = Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
        return date.daysSinceEpoch * Self.millisecondsPerDayOnUTCClock + inDay
    }

    /// The same wall clock time on `date`.
    package func on(_ date: LocalDate) -> LocalDateTime {
        LocalDateTime(date: date, time: time)
    }

    /// Whether `self` comes before `other` on a wall clock.
    package static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.millisecondsAsIfUTC < rhs.millisecondsAsIfUTC
    }

    /// `21:04`: how `log` shows a local time.
    package var hourAndMinute: String {
        padded(hour, 2) + ":" + padded(minute, 2)
    }

    /// A UTC day has no daylight saving time, so it always has this many milliseconds; only for
    /// the UTC wall clock `millisecondsAsIfUTC` reads, never for a local day.
    private static let millisecondsPerDayOnUTCClock: Int64 = 86_400_000
}
