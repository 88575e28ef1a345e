import EmotionKit

/// `emotions reset EMOTION...` or `emotions reset --all`: sets counts back to zero.
struct Reset: Subcommand {
    static let name = "reset"

    static let spec = CommandSpec(
        name: name,
        abstract: "Set emotions back to zero.",
        discussion: "Name the emotions to reset, or use --all for all five. Resetting a zero changes nothing.",
        arguments: [Arguments.emotion(isOptional: true, isRepeating: true)],
        options: [OptionSpec(long: "all", help: "Reset all five emotions.")] + [HistoryOptions.noteSpec] + ChangeOptions.specs,
        examples: ["emotions reset sad", "emotions reset --all --note \"new year\""])

    let emotions: [Emotion]
    let options: ChangeOptions
    let history: HistoryOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let names = arguments.values(of: "emotion")
        switch (arguments.has("all"), names.isEmpty) {
        case (true, false): throw .resetAllWithEmotions
        case (false, true): throw .nothingToReset
        case (true, true): emotions = Array(Emotion.allCases)
        case (false, false):
            var emotions: [Emotion] = []
            for name in names {
                emotions.append(try Arguments.emotion(name))
            }
            self.emotions = emotions
        }
        options = try ChangeOptions(arguments)
        history = try HistoryOptions(arguments)
    }

    func run(in context: Context) throws {
        try ApplyChanges(actions: emotions.map(Action.reset), options: options, history: history).run(in: context)
    }
}
