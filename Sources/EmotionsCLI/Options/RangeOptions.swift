import EmotionKit

/// `--since TIME`, `--until TIME` and the shorthands `--today`, `--yesterday`, `--week`,
/// `--last-week`, `--month`, `--last-month` and `--year [YYYY]`: the one vocabulary of a range that
/// `stats`, `log`, `export` and `calendar` share. Parsed when the command line is, placed on the
/// clock when the command runs.
///
/// A shorthand for the current day, week, month or year runs from its start up to now, as
/// `--since` its start would; `--yesterday`, `--last-week`, `--last-month` and `--year` with a year
/// other than this one are whole periods, from their first day's start to the next one's.
struct RangeOptions: Sendable {
    /// A shorthand for a calendar period of the local clock.
    enum Shorthand: String, CaseIterable, Sendable {
        case today, yesterday, week
        case lastWeek = "last-week"
        case month
        case lastMonth = "last-month"
        case year

        /// Its option's spec.
        var spec: OptionSpec {
            switch self {
            case .today: OptionSpec(long: rawValue, help: "Today, up to now.")
            case .yesterday: OptionSpec(long: rawValue, help: "Yesterday, the whole day.")
            case .week: OptionSpec(long: rawValue, help: "This ISO week (from Monday), up to now.")
            case .lastWeek: OptionSpec(long: rawValue, help: "Last ISO week, Monday to Sunday.")
            case .month: OptionSpec(long: rawValue, help: "This month, up to now.")
            case .lastMonth: OptionSpec(long: rawValue, help: "Last month, the whole month.")
            case .year:
                OptionSpec(
                    long: rawValue, valueName: "year", valueIsOptional: true,
                    help: "This year up to now, or the whole of YEAR (1 to 9999: --year 2025).")
            }
        }
    }

    /// The options' specs, in help's order.
    static let specs: [OptionSpec] = [
        OptionSpec(long: "since", valueName: "time", help: "From TIME, included."),
        OptionSpec(long: "until", valueName: "time", help: "Up to TIME, not included (a date: through its end)."),
    ] + Shorthand.allCases.map(\.spec)

    /// What help says of TIME and the range options, once for every command that has them: a
    /// paragraph of its own, after the command's.
    static let discussion = "\n\nA range is --since TIME, --until TIME (or both), or one of --today, --yesterday, "
        + "--week, --last-week, --month, --last-month, --year [YYYY]: the current day, ISO week (Monday first), month "
        + "or year runs up to now; yesterday, last week, last month and a past year are whole. TIME: "
        + "2026-11-23, 2026-11-23T21:30 (with Z or +09:00 if you like), 21:30, 9pm, 9:30am, noon, midnight, now, "
        + "today, yesterday, a weekday (monday, also last monday: the most recent past one), a day and a time "
        + "(yesterday 9pm, monday 21:30), or an amount ago: 90min, 12h, 7d, 2w, 3mo, 1y. --since includes its time, "
        + "--until does not, and a date alone means the start of that day for --since and its end for --until."

    /// `--since` and `--until`, as typed and read.
    let times: TimeRangeOptions
    /// The shorthand given, if any.
    let shorthand: Shorthand?
    /// The year `--year` named, if it was given one.
    let year: Int?

    /// Whether any range was asked for.
    var isGiven: Bool { times.since != nil || times.until != nil || shorthand != nil }

    /// Reads the options; refuses two shorthands, a shorthand with `--since` or `--until`, or a
    /// `--year` that is not 1 to 9999 in digits.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        times = try TimeRangeOptions(arguments)
        let given = Shorthand.allCases.filter { arguments.isGiven($0.rawValue) }
        if given.count > 1 { throw .conflictingOptions("--\(given[0].rawValue)", "--\(given[1].rawValue)") }
        shorthand = given.first
        if let shorthand {
            if times.since != nil { throw .conflictingOptions("--\(shorthand.rawValue)", "--since") }
            if times.until != nil { throw .conflictingOptions("--\(shorthand.rawValue)", "--until") }
        }
        year = try arguments.value(ofOption: "year").map(RangeOptions.year)
    }

    /// The year `text` names: 1 to 9999, in at most four digits.
    private static func year(_ text: String) throws(UsageError) -> Int {
        guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let year = Int(text), LocalDate.years.contains(year)
        else {
            throw .invalidValue(text, option: "--year", reason: "give a year of the calendar from 1 to 9999, such as 2025")
        }
        return year
    }

    /// The days the shorthand names when it is `today`, first and last, and whether the range runs
    /// up to now rather than to the end of the last day; `nil` without a shorthand, or where a day
    /// would fall outside the years 1 to 9999.
    func days(today: LocalDate) -> (first: LocalDate, last: LocalDate, upToNow: Bool)? {
        guard let shorthand else { return nil }
        let thisWeek = Period(containing: today, length: .week)
        let thisMonth = Period(containing: today, length: .month)
        switch shorthand {
        case .today:
            return (today, today, true)
        case .yesterday:
            return today.adding(days: -1).map { ($0, $0, false) }
        case .week:
            return (thisWeek.start, thisWeek.lastDay, true)
        case .lastWeek:
            return thisWeek.start.adding(days: -7).map { ($0, $0.adding(days: 6) ?? $0, false) }
        case .month:
            return (thisMonth.start, thisMonth.lastDay, true)
        case .lastMonth:
            let last = thisMonth.start.adding(days: -1).map { Period(containing: $0, length: .month) }
            return last.map { ($0.start, $0.lastDay, false) }
        case .year:
            let named = year ?? today.year
            return CalendarRange.year(named).map { ($0.from, $0.through, named == today.year) }
        }
    }

    /// Where the range starts and ends as read at `now` in `zone`, each `nil` if open: a shorthand
    /// for the current period ends `nil`, as `--since` alone does (`log` and `export` then show a
    /// change from a clock ahead; `stats` counts up to now).
    ///
    /// - Throws: `UsageError` for a TIME, or a period, outside the years the history keeps, or a
    ///   `--since` after `--until` (or after now, without `--until`).
    func instants(now: Instant, zone: TimeZoneRules) throws(UsageError) -> (since: Instant?, until: Instant?) {
        guard let shorthand else { return try times.instants(now: now, zone: zone) }
        let today = zone.localDateTime(at: now)?.date ?? .epoch
        let option = "--\(shorthand.rawValue)" + (year.map { " \($0)" } ?? "")
        guard let days = days(today: today), let after = days.last.adding(days: 1) else {
            throw .invalid(ValidationFailure(RangeOptionError.outsideYears(option: option)))
        }
        let start = zone.instant(at: LocalDateTime(startOf: days.first))
        let end = days.upToNow ? nil : zone.instant(at: LocalDateTime(startOf: after))
        let ends = [start] + (end.map { [$0] } ?? [])
        if ends.contains(where: { OutsideYears($0, offsetSeconds: zone.offset(at: $0)) != nil }) {
            throw .invalid(ValidationFailure(RangeOptionError.outsideYears(option: option)))
        }
        return (start, end)
    }

    /// Sets `query`'s range, as `instants(now:zone:)` reads it.
    func narrow(_ query: inout EventQuery, now: Instant, zone: TimeZoneRules) throws(UsageError) {
        (query.since, query.until) = try instants(now: now, zone: zone)
    }

    /// The range these options name when the clock shows `now` in `zone`, ending now if open; `nil`
    /// if none was given.
    ///
    /// - Throws: as `instants(now:zone:)`.
    func range(now: Instant, zone: TimeZoneRules) throws(UsageError) -> TimeRange? {
        guard isGiven else { return nil }
        let (start, end) = try instants(now: now, zone: zone)
        return TimeRange(since: start, until: end ?? now)
    }
}
