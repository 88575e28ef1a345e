import EmotionKit

/// `--since TIME`, `--until TIME` and the shorthands `--today`, `--week`, `--month` and `--year`:
/// the range of placement times `stats` counts over. Parsed when the command line is, placed on
/// the clock when the command runs.
struct RangeOptions: Sendable {
    /// A shorthand for the current calendar day, ISO week, month or year, up to now.
    enum Shorthand: String, CaseIterable, Sendable {
        case today, week, month, year

        /// Its option's spec.
        var spec: OptionSpec {
            let what = switch self {
            case .today: "today"
            case .week: "this week (from Monday)"
            case .month: "this month"
            case .year: "this year"
            }
            return OptionSpec(long: rawValue, help: "Count \(what), up to now.")
        }
    }

    /// The options' specs, in help's order.
    static let specs: [OptionSpec] = [
        OptionSpec(long: "since", valueName: "time", help: "Count changes placed at or after TIME."),
        OptionSpec(long: "until", valueName: "time", help: "Count changes placed before TIME (a date: before its end); now if left out."),
    ] + Shorthand.allCases.map(\.spec)

    /// `--since` and `--until`, as typed and read.
    let times: TimeRangeOptions
    /// The shorthand given, if any.
    let shorthand: Shorthand?

    /// Whether any range was asked for.
    var isGiven: Bool { times.since != nil || times.until != nil || shorthand != nil }

    /// Reads the options; refuses two shorthands, or a shorthand with `--since` or `--until`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        times = try TimeRangeOptions(arguments)
        let given = Shorthand.allCases.filter { arguments.has($0.rawValue) }
        if given.count > 1 { throw .conflictingOptions("--\(given[0].rawValue)", "--\(given[1].rawValue)") }
        shorthand = given.first
        if let shorthand {
            if times.since != nil { throw .conflictingOptions("--\(shorthand.rawValue)", "--since") }
            if times.until != nil { throw .conflictingOptions("--\(shorthand.rawValue)", "--until") }
        }
    }

    /// The range these options name when the clock shows `now` in `zone`; `nil` if none was given.
    ///
    /// - Throws: `UsageError` for a TIME outside the years 1 to 9999, or a `--since` after `--until`.
    func range(now: Instant, zone: TimeZoneRules) throws(UsageError) -> TimeRange? {
        if let shorthand {
            return TimeRange(since: RangeOptions.start(of: shorthand, now: now, zone: zone), until: now)
        }
        guard times.since != nil || times.until != nil else { return nil }
        let (start, end) = try times.instants(now: now, zone: zone)
        return TimeRange(since: start, until: end ?? now)
    }

    /// The start of the current day, ISO week, month or year in `zone`.
    static func start(of shorthand: Shorthand, now: Instant, zone: TimeZoneRules) -> Instant {
        guard let today = zone.localDateTime(at: now)?.date else { return now }
        let first: LocalDate? = switch shorthand {
        case .today: today
        case .week: Period(containing: today, length: .week).start
        case .month: Period(containing: today, length: .month).start
        case .year: LocalDate(year: today.year, month: 1, day: 1)
        }
        return zone.instant(at: LocalDateTime(startOf: first ?? today))
    }
}
