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

    /// A tap of each emotion named, in order: kept as the actions the store applies, not as the
    /// emotions, whose array type would cost every tap its runtime metadata.
    let actions: [Action]
    let options: ChangeOptions
    let history: HistoryOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var actions: [Action] = []
        for name in arguments.values(of: "emotion") {
            actions.append(.tap(try Arguments.emotion(name)))
        }
        self.actions = actions
        options = try ChangeOptions(arguments)
        history = try HistoryOptions(arguments)
    }

    func run(in context: Context) throws {
        try ApplyChanges(actions: actions, options: options, history: history).run(in: context)
    }
}
