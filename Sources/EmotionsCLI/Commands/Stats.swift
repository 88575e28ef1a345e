import EmotionKit

/// `emotions stats [EMOTION] [--json]`: shows the counts.
struct Stats: Subcommand {
    static let name = "stats"

    static let spec = CommandSpec(
        name: name,
        abstract: "Show the counts.",
        discussion: "Without an emotion, a table of all five with bars and shares, as wide as COLUMNS, else "
            + "the terminal, else 80 columns. With one, just its count, for scripts. Reading never creates the "
            + "data file.",
        arguments: [Arguments.emotion(isOptional: true, help: "Print only this emotion's count.")],
        options: [OptionSpec(long: "json", help: "Print JSON: {\"counts\": {…}, \"total\": N}.")] + GlobalOptions.specs,
        examples: ["emotions stats", "emotions stats sad", "emotions stats --json"])

    let emotion: Emotion?
    let isJSON: Bool
    let color: ColorChoice
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        emotion = try arguments.value(of: "emotion").map { name throws(UsageError) in try Arguments.emotion(name) }
        isJSON = arguments.has("json")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    func run(in context: Context) throws {
        let tally = try store.makeStore(environment: context.environment).read()
        let report = StatsReport(tally: tally)
        switch (emotion, isJSON) {
        case let (emotion?, false): context.terminal.print("\(tally[emotion])")
        case let (emotion?, true): context.terminal.print(report.json(for: emotion))
        case (nil, false):
            let width = OutputWidth.of(context.terminal, environment: context.environment)
            context.terminal.print(report.table(width: width, style: OutputStyle(color: color, context: context)))
        case (nil, true): context.terminal.print(report.json())
        }
    }
}
