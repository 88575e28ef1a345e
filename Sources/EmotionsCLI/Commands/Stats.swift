import EmotionKit

/// `emotions stats [EMOTION] [+TAG...] [RANGE] [--by day|week|month|weekday|tag] [--json]`, RANGE as `RangeOptions` reads it:
/// shows the counts, or what was felt in a range, or by period.
struct Stats: Subcommand {
    static let name = "stats"

    static let spec = CommandSpec(
        name: name,
        abstract: "Show the counts, or what was felt in a range, with tags, or by period.",
        discussion: "Without an emotion, a table of all five with bars and shares, as wide as COLUMNS, else "
            + "the terminal, else 80 columns. With one, just its count, for scripts. Reading never creates the "
            + "data file. With a range (below), the counts are what "
            + "was felt in it: the taps and adds placed in it, negative adds included, leaving out resets, undone "
            + "changes and undo and redo themselves; nothing from before the history began. --by day|week|month "
            + "shows one row per period (unless a range is given, the last 14 days, 8 weeks or 12 months, from the "
            + "history's first change if later) with a mood score (happy 5 … sad 1, the mean over the counts), then "
            + "a sparkline per emotion; --by weekday one row per weekday, Monday first; --by tag one row per tag, the "
            + "most felt first (a change with two tags counts in both), then (untagged). With +TAG, only changes "
            + "recorded with every tag given count, over all time unless a range is given. With a range, under the table, "
            + "the days something was felt on and the current and longest run of them, the current one ending on "
            + "the range's last day, or the day before if that has nothing yet (all time: --until now). A change "
            + "belongs to the day, ISO week (Monday first) and month where it was made, at its own UTC offset. "
            + RangeOptions.discussion,
        arguments: [Arguments.emotion(isOptional: true, help: "Print only this emotion's count.")],
        options: [
            OptionSpec(
                long: "by", valueName: "period", values: StatsGrouping.names,
                help: "Show one row per day, ISO week or month, with sparklines; or per weekday, Monday first; or per tag."),
        ] + RangeOptions.specs + [
            OptionSpec(
                long: "json",
                help: "Print JSON: {\"counts\": {…}, \"total\": N}; with a range, it and its \"days\" and \"streak\"; {\"by\": …} by period, weekday or tag."),
            TagOptions.filterSpec,
        ] + GlobalOptions.specs,
        tagHelp: "Count only what was felt in changes recorded with every tag given (+work): all time unless a range is given.",
        examples: [
            "emotions stats +work", 
            "emotions stats", "emotions stats sad", "emotions stats --json", "emotions stats --week",
            "emotions stats --since 2026-11-01 --until 2026-11-15", "emotions stats --by day", "emotions stats --by month --year",
            "emotions stats --year 2025", "emotions stats --by weekday", "emotions stats --by tag --month",
        ])

    let emotion: Emotion?
    let range: RangeOptions
    let by: StatsGrouping?
    let tags: [Tag]
    let isJSON: Bool
    let color: ColorChoice
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        emotion = try arguments.value(of: "emotion").map { name throws(UsageError) in try Arguments.emotion(name) }
        range = try RangeOptions(arguments)
        by = arguments.value(ofOption: "by").flatMap(StatsGrouping.init(name:))
        if let emotion, by != nil { throw .conflictingOptions(emotion.name, "--by") }
        tags = try TagOptions.tags(arguments)
        isJSON = arguments.has("json")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    func run(in context: Context) throws {
        let (store, counts) = try self.store.makeSyncedStoreReading(context: context)
        let now = Instant.now
        let zone = TimeZoneRules.system
        switch by {
        case let .period(length)?:
            try showPeriods(of: length, from: store, now: now, zone: zone, in: context)
            return
        case let grouping?:
            try showCategories(grouping, from: store, now: now, zone: zone, in: context)
            return
        case nil: break
        }
        var range = try self.range.range(now: now, zone: zone)
        if range == nil, !tags.isEmpty { range = TimeRange(since: nil, until: now) }
        let report: StatsReport
        var streak: Streak?
        if let range {
            // By day, for the streak; their sum is what was felt in the range.
            let days = try store.felt(by: .day, since: range.since, until: range.until, withTags: tags)
            report = StatsReport(felt: days.values.reduce(into: Felt()) { $0.merge($1) })
            streak = Streak(felt: days, through: Stats.lastDay(of: range, now: now, zone: zone))
        } else {
            report = StatsReport(tally: try counts ?? store.read())
        }
        switch (emotion, isJSON) {
        case let (emotion?, false): context.terminal.print("\(report[emotion])")
        case let (emotion?, true): context.terminal.print(report.json(for: emotion, range: range, zone: zone))
        case (nil, false):
            let width = OutputWidth.of(context.terminal, environment: context.environment)
            var table = report.table(width: width, style: OutputStyle(color: color, context: context))
            if let streak { table += "\n" + streak.lines(width: width).joined(separator: "\n") }
            context.terminal.print(range.map { $0.header(now: now, zone: zone) + "\n" + table } ?? table)
        case (nil, true): context.terminal.print(report.json(range: range, streak: streak, zone: zone))
        }
    }

    /// `--by`: the periods of the range asked for, or of the default range.
    private func showPeriods(of length: PeriodLength, from store: TallyStore, now: Instant, zone: TimeZoneRules, in context: Context) throws {
        let today = zone.localDateTime(at: now)?.date ?? .epoch
        let current = Period(containing: today, length: length)
        let range: TimeRange
        let first: Period?
        let last: Period
        if let given = try self.range.range(now: now, zone: zone) {
            range = given
            first = given.since.flatMap { zone.localDateTime(at: $0) }.map { Period(containing: $0.date, length: length) }
            let lastInstant = given.until.advanced(byMilliseconds: -1) ?? given.until
            last = Period(containing: zone.localDateTime(at: lastInstant)?.date ?? today, length: length)
        } else {
            let start: LocalDate? = switch length {
            case .day: today.adding(days: -13)
            case .week: today.adding(days: -7 * 7)
            case .month: today.adding(months: -11)
            }
            // From the history's first change if that is later: no empty periods before it.
            let usual = Period(containing: start ?? today, length: length)
            let began = try Stats.firstPeriod(of: length, in: store, now: now).map { min($0, current) }
            let firstPeriod = max(usual, began ?? current)
            first = firstPeriod
            last = current
            range = TimeRange(since: zone.instant(at: LocalDateTime(startOf: firstPeriod.start)), until: now)
        }
        let felt = try store.felt(by: length, since: range.since, until: range.until, withTags: tags)
        guard let report = PeriodReport(felt: felt, length: length, first: first, last: last) else {
            throw UsageError.invalid(ValidationFailure(StatsError.tooManyPeriods(length, limit: PeriodReport.periodLimit)))
        }
        if isJSON {
            context.terminal.print(report.json(range: range, zone: zone))
        } else {
            let width = OutputWidth.of(context.terminal, environment: context.environment)
            let style = OutputStyle(color: color, context: context)
            context.terminal.print(range.header(now: now, zone: zone) + "\n" + report.text(width: width, style: style))
        }
    }

}

/// What is wrong with a `stats` request.
enum StatsError: ValidationError {
    /// `--by` over more periods than a report lists.
    case tooManyPeriods(PeriodLength, limit: Int)

    var description: String {
        switch self {
        case let .tooManyPeriods(length, limit):
            "Invalid range: more than \(limit) \(length.name)s to show by \(length.name); give a later --since, or --by a longer period."
        }
    }
}
