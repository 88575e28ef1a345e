import EmotionKit

/// `emotions calendar [RANGE] [--json]`: a year in pixels, each day in the colour of what was felt
/// most on it, over the days of a range as `RangeOptions` reads it.
struct Calendar: Subcommand {
    static let name = "calendar"

    static let spec = CommandSpec(
        name: name,
        abstract: "Show a year in pixels: each day's most-felt emotion.",
        discussion: "One column per week (Monday first), one row per weekday, month names above and a legend "
            + "below; a day whose emotions tie shows the one changed last. Without colour (a pipe, NO_COLOR, --color "
            + "never) each day is a letter: H happy, S smile, N neutral, U upset, D sad, and · where nothing was felt. "
            + "By default the twelve months through today; the most recent weeks that fit in COLUMNS, else the "
            + "terminal, else 80 columns. A change counts on its local day where it was made. The calendar shows "
            + "whole days: a shorthand's whole period (--month: all its days, those to come blank), every day "
            + "--since and --until touch (--since alone: through today; --until alone: the twelve months through "
            + "its last day). " + RangeOptions.discussion,
        options: RangeOptions.specs + [
            OptionSpec(
                long: "json",
                help: "Print JSON: {\"since\", \"until\", \"days\"}, each day something was felt with its \"emotion\" and \"counts\"."),
        ] + GlobalOptions.specs,
        examples: [
            "emotions calendar", "emotions calendar --year 2025", "emotions calendar --month",
            "emotions calendar --json | jq '.days | length'",
        ])

    /// The range asked for, if any.
    let range: RangeOptions
    /// Whether `--json` was given.
    let isJSON: Bool
    /// When to colour the days.
    let color: ColorChoice
    /// Which data file to read.
    let store: StoreOptions

    /// Reads the range, `--json`, `--color` and `--file`.
    ///
    /// - Throws: `UsageError` for a range `RangeOptions` refuses, such as a `--year` that is not 1 to 9999.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        range = try RangeOptions(arguments)
        isJSON = arguments.has("json")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    /// Reads what was felt by day over the range, from two days before it to two days after it in
    /// the current zone, and prints the grid or the JSON.
    func run(in context: Context) throws {
        let zone = TimeZoneRules.system
        let now = Instant.now
        let today = zone.localDateTime(at: now)?.date ?? .epoch
        let range = try CalendarRange.days(self.range, now: now, zone: zone)
        let (since, until) = range.instants(in: zone)
        let felt = try store.makeSyncedStore(context: context).felt(by: .day, since: since, until: until)
        let report = CalendarReport(range: range, today: today, felt: felt)
        if isJSON {
            context.terminal.print(report.json(zone: zone))
        } else {
            let width = OutputWidth.of(context.terminal, environment: context.environment)
            context.terminal.print(report.text(width: width, style: OutputStyle(color: color, context: context)))
        }
    }
}
