import EmotionKit

/// The days `calendar` shows, first and last included: a calendar year (`--year`), or by default
/// the twelve months through today.
///
/// Days are local calendar dates, counted as dates: a year back is the same date a year earlier,
/// never 365 × 86,400 seconds.
struct CalendarRange: Equatable, Sendable {
    /// The first day shown.
    let from: LocalDate
    /// The last day shown.
    let through: LocalDate

    /// The days from `from` through `through`; if `through` comes first, just `from`.
    init(from: LocalDate, through: LocalDate) {
        self.from = from
        self.through = max(from, through)
    }

    /// January 1 through December 31 of `year`, or `nil` outside the years 1 to 9999.
    static func year(_ year: Int) -> CalendarRange? {
        guard let first = LocalDate(year: year, month: 1, day: 1), let last = LocalDate(year: year, month: 12, day: 31)
        else { return nil }
        return CalendarRange(from: first, through: last)
    }

    /// The twelve months through `today`: from the day after the same date a year earlier (2025-11-24
    /// for 2026-11-23; 2027-03-01 for 2028-02-29), through `today`. In the year 1, from its first day.
    static func twelveMonths(through today: LocalDate) -> CalendarRange {
        let yearAgo = today.adding(months: -12).flatMap { $0.adding(days: 1) }
        return CalendarRange(from: yearAgo ?? LocalDate(year: 1, month: 1, day: 1) ?? today, through: today)
    }

    /// How many days either side of the range the instants `instants(in:)` gives reach past it: a
    /// change belongs to its local date at its own offset, which may be a day or more from the date
    /// the same instant has in `zone` (Tokyo and Honolulu are 19 hours apart, two offsets may be 36).
    static let margin: Int64 = 2

    /// The instants to read changes between, `since` included and `until` not, in `zone`: the range
    /// widened by `margin` days each side, so that every change whose own local date is in the range
    /// is read, whatever offset it was made at; `nil` where that passes the years 1 to 9999 (open).
    /// What is read must still be kept to the range by date.
    func instants(in zone: TimeZoneRules) -> (since: Instant?, until: Instant?) {
        let before = from.adding(days: -Self.margin)
        let after = through.adding(days: Self.margin + 1)
        return (
            before.map { zone.instant(at: LocalDateTime(startOf: $0)) },
            after.map { zone.instant(at: LocalDateTime(startOf: $0)) }
        )
    }

    /// Whether `date` is one of its days.
    func contains(_ date: LocalDate) -> Bool {
        from <= date && date <= through
    }
}
