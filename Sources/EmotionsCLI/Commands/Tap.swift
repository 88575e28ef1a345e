import EmotionKit

/// `emotions tap EMOTION...`: adds one to each named emotion.
struct Tap: Subcommand {
    static let name = "tap"

    static let spec = CommandSpec(
        name: name,
        abstract: "Add one to each named emotion.",
        discussion: "A name may repeat to add more than one. Each change is printed as it is saved.",
        arguments: [Arguments.emotion(isRepeating: true)],
        options: [HistoryOptions.noteSpec, HistoryOptions.atSpec, TagOptions.recordedSpec] + ChangeOptions.specs,
        tagHelp: TagOptions.recordedHelp,
        examples: [
            "emotions tap happy", "emotions tap happy +gym +friends", "emotions tap smile smile sad", "emotions tap sad --note \"rough meeting\"",
            "emotions tap happy --at \"yesterday 21:30\"", "emotions tap very-happy --json",
        ])

    let emotions: [Emotion]
    let options: ChangeOptions
    let history: HistoryOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var emotions: [Emotion] = []
        for name in arguments.values(of: "emotion") {
            emotions.append(try Arguments.emotion(name))
        }
        self.emotions = emotions
        options = try ChangeOptions(arguments)
        history = try HistoryOptions(arguments)
    }

    func run(in context: Context) throws {
        try ApplyChanges(actions: emotions.map(Action.tap), options: options, history: history).run(in: context)
    }
}
