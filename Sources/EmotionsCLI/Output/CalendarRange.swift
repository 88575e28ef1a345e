import EmotionKit

/// The days `calendar` shows, first and last included: the whole days of the range asked for
/// (`RangeOptions`), or by default the twelve months through today.
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

    /// The most days a calendar shows: as many periods as `stats --by` lists, some 270 years.
    static let dayLimit = PeriodReport.periodLimit

    /// The whole days `options` name when it is `now` in `zone`: a shorthand's whole period, even one
    /// that runs up to now (`--month` shows the month, its days to come blank); `--since` and
    /// `--until`, every day they touch (`--since` alone through today, `--until` alone the twelve
    /// months through its last day); no range, the twelve months through today.
    ///
    /// - Throws: `UsageError` as `RangeOptions.instants(now:zone:)` does, or for more than `dayLimit` days.
    static func days(_ options: RangeOptions, now: Instant, zone: TimeZoneRules) throws(UsageError) -> CalendarRange {
        let today = zone.localDateTime(at: now)?.date ?? .epoch
        // A shorthand's days are dates, whatever their instants: `--year 9999` is shown, as `--year 1` east of UTC.
        if let days = options.days(today: today) { return CalendarRange(from: days.first, through: days.last) }
        guard options.isGiven else { return .twelveMonths(through: today) }
        let (since, until) = try options.instants(now: now, zone: zone)
        // The last day is that of the last millisecond before --until.
        let last = until.flatMap { $0.advanced(byMilliseconds: -1) }.flatMap { zone.localDateTime(at: $0)?.date } ?? today
        guard let since, let first = zone.localDateTime(at: since)?.date else { return .twelveMonths(through: last) }
        let range = CalendarRange(from: first, through: last)
        guard range.through.daysSinceEpoch - range.from.daysSinceEpoch < Int64(dayLimit) else {
            throw .invalid(ValidationFailure(CalendarRangeError.tooManyDays(limit: dayLimit)))
        }
        return range
    }

    /// `{"since", "until"}`'s members, as `stats` writes a range's: the start of the first day shown
    /// and of the day after the last, RFC 3339 at `zone`'s offset, to the second; `until` is `null`
    /// when that day is past the year 9999.
    func jsonMembers(zone: TimeZoneRules) -> [(key: String, value: JSONValue)] {
        let since = zone.instant(at: LocalDateTime(startOf: from))
        let until = through.adding(days: 1).map { zone.instant(at: LocalDateTime(startOf: $0)) }
        return [
            ("since", .string(TimeRange.secondText(since, zone: zone))),
            ("until", until.map { .string(TimeRange.secondText($0, zone: zone)) } ?? .null),
        ]
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

/// What is wrong with the days a calendar is asked to show.
enum CalendarRangeError: ValidationError {
    /// More days than a calendar shows.
    case tooManyDays(limit: Int)

    var description: String {
        switch self {
        case let .tooManyDays(limit):
            "Invalid range: more than \(limit) days to show in a calendar; give a later --since or an earlier --until."
        }
    }
}
