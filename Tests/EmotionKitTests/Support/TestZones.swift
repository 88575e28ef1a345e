@testable import EmotionKit

/// Time zones for tests, so that none touches the process's `TZ`.
extension TimeZoneRules {
    /// Tokyo: +09:00 all year.
    static let tokyo = fixed(secondsEast: 9 * 3600)
    /// India: +05:30 all year.
    static let india = fixed(secondsEast: 5 * 3600 + 30 * 60)
    /// Newfoundland in winter: -03:30.
    static let newfoundland = fixed(secondsEast: -(3 * 3600 + 30 * 60))

    /// America/New_York's rule since 2007, by hand: -05:00, and -04:00 from the second Sunday of
    /// March at 02:00 local to the first Sunday of November at 02:00 local.
    static let newYork = TimeZoneRules { instant in
        let standard = -5 * 3600
        guard let utc = LocalDateTime(instant, offsetSeconds: 0) else { return standard }
        let year = utc.date.year
        func sunday(_ month: Int, _ which: Int) -> LocalDate {
            var date = LocalDate(year: year, month: month, day: 1)!
            while date.weekday != .sunday { date = date.adding(days: 1)! }
            return date.adding(days: Int64(7 * (which - 1)))!
        }
        // 02:00 EST is 07:00Z; 02:00 EDT is 06:00Z.
        let starts = LocalDateTime(date: sunday(3, 2), hour: 7, minute: 0)!
        let ends = LocalDateTime(date: sunday(11, 1), hour: 6, minute: 0)!
        return utc >= starts && utc < ends ? -4 * 3600 : standard
    }
}

/// The instant of an RFC 3339 text written in a test, such as `2026-11-23T12:00:00Z`.
func at(_ text: String) -> Instant {
    (try? TimeExpression(parsing: text).span(now: Instant(millisecondsSinceEpoch: 0), zone: .utc).start)
        ?? Instant(millisecondsSinceEpoch: .min)
}
