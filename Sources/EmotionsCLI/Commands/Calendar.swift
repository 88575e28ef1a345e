import EmotionKit

/// `emotions calendar [--year YYYY] [--json]`: a year in pixels, each day in the colour of what was
/// felt most on it.
struct Calendar: Subcommand {
    static let name = "calendar"

    static let spec = CommandSpec(
        name: name,
        abstract: "Show a year in pixels: each day's most-felt emotion.",
        discussion: "One column per week (Monday first), one row per weekday, month names above and a legend "
            + "below; a day whose emotions tie shows the one changed last. Without colour (a pipe, NO_COLOR, --color "
            + "never) each day is a letter: H happy, S smile, N neutral, U upset, D sad, and · where nothing was felt. "
            + "By default the twelve months through today; the most recent weeks that fit in COLUMNS, else the "
            + "terminal, else 80 columns. A change counts on its local day where it was made.",
        options: [
            OptionSpec(long: "year", valueName: "year", help: "Show January 1 to December 31 of this year (1 to 9999)."),
            OptionSpec(
                long: "json",
                help: "Print JSON: {\"from\", \"through\", \"days\"}, each day something was felt with its \"emotion\" and \"counts\"."),
        ] + GlobalOptions.specs,
        examples: ["emotions calendar", "emotions calendar --year 2025", "emotions calendar --json | jq '.days | length'"])

    /// The year `--year` names, if given.
    let year: Int?
    /// Whether `--json` was given.
    let isJSON: Bool
    /// When to colour the days.
    let color: ColorChoice
    /// Which data file to read.
    let store: StoreOptions

    /// Reads `--year`, `--json`, `--color` and `--file`.
    ///
    /// - Throws: `UsageError.invalidValue` for a `--year` that is not 1 to 9999 in digits, naming it.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let text = arguments.value(ofOption: "year") {
            guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let year = Int(text), LocalDate.years.contains(year)
            else {
                throw .invalidValue(text, option: "--year", reason: "give a year of the calendar from 1 to 9999, such as 2025")
            }
            self.year = year
        } else {
            year = nil
        }
        isJSON = arguments.has("json")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    /// Reads what was felt by day over the range, from two days before it to two days after it in
    /// the current zone, and prints the grid or the JSON.
    func run(in context: Context) throws {
        let zone = TimeZoneRules.system
        let today = zone.localDateTime(at: .now)?.date ?? .epoch
        let range = year.flatMap(CalendarRange.year) ?? .twelveMonths(through: today)
        let (since, until) = range.instants(in: zone)
        let felt = try store.makeSyncedStore(context: context).felt(by: .day, since: since, until: until)
        let report = CalendarReport(range: range, today: today, felt: felt)
        if isJSON {
            context.terminal.print(report.json())
        } else {
            let width = OutputWidth.of(context.terminal, environment: context.environment)
            context.terminal.print(report.text(width: width, style: OutputStyle(color: color, context: context)))
        }
    }
}
