/// One day, ISO week or month of the local calendar, as `stats --by` and `calendar` count in them.
///
/// A change belongs to the period its local date falls in at the UTC offset where it was made, so
/// periods are calendar dates, never spans of seconds: a day at a daylight saving change is 23 or 25
/// hours long and still one day.
public struct Period: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Its length.
    public let length: PeriodLength
    /// Its first day: the day itself, the week's Monday, the month's first.
    package let start: LocalDate

    /// The period of `length` that `date` is in.
    package init(containing date: LocalDate, length: PeriodLength) {
        self.length = length
        switch length {
        case .day:
            start = date
        case .week:
            let back = (date.weekday.rawValue + 6) % 7  // Days since Monday.
            start = date.adding(days: Int64(-back)) ?? date
        case .month:
            start = LocalDate(year: date.year, month: date.month, day: 1) ?? date
        }
    }

    /// The period right after it, or `nil` past the year 9999.
    package var next: Period? {
        let date: LocalDate? = switch length {
        case .day: start.adding(days: 1)
        case .week: start.adding(days: 7)
        case .month: start.adding(months: 1)
        }
        return date.map { Period(containing: $0, length: length) }
    }

    /// Its last day.
    package var lastDay: LocalDate {
        switch length {
        case .day: start
        case .week: start.adding(days: 6) ?? start
        case .month: LocalDate(year: start.year, month: start.month, day: LocalDate.daysIn(month: start.month, of: start.year)) ?? start
        }
    }

    /// `2026-11-22`, `2026-W47` (the ISO week-year and week) or `2026-11`.
    public var label: String {
        switch length {
        case .day:
            return start.description
        case .week:
            // The ISO week-year is the year of the week's Thursday; week 1 holds the year's first Thursday.
            let thursday = start.adding(days: 3) ?? start
            let firstOfYear = LocalDate(year: thursday.year, month: 1, day: 1) ?? thursday
            let week = (thursday.daysSinceEpoch - firstOfYear.daysSinceEpoch) / 7 + 1
            return padded(thursday.year, 4) + "-W" + padded(Int(week), 2)
        case .month:
            return padded(start.year, 4) + "-" + padded(start.month, 2)
        }
    }

    /// The label.
    public var description: String { label }

    /// Whether `lhs` starts before `rhs`.
    public static func < (lhs: Period, rhs: Period) -> Bool { lhs.start < rhs.start }
}
