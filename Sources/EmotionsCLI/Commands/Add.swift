import EmotionKit

/// `emotions add EMOTION N`: adds a whole number, possibly negative, to one emotion.
struct Add: Subcommand {
    static let name = "add"

    static let spec = CommandSpec(
        name: name,
        abstract: "Add a whole number, possibly negative, to one emotion.",
        discussion: "A negative count corrects a mistake. A result below zero or past "
            + "\(Int.max) is refused and changes nothing.",
        arguments: [
            Arguments.emotion(),
            ArgumentSpec(name: "count", help: "A whole number such as 3 or -2."),
        ],
        options: [HistoryOptions.noteSpec, HistoryOptions.atSpec, TagOptions.recordedSpec] + ChangeOptions.specs,
        tagHelp: TagOptions.recordedHelp,
        examples: ["emotions add sad 3", "emotions add smile 2 +work", "emotions add happy -1", "emotions add smile 2 --at 2h --note lunch"])

    let emotion: Emotion
    let count: Int
    let options: ChangeOptions
    let history: HistoryOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        emotion = try Arguments.emotion(arguments.value(of: "emotion") ?? "")
        count = try Arguments.count(arguments.value(of: "count") ?? "")
        options = try ChangeOptions(arguments)
        history = try HistoryOptions(arguments)
    }

    func run(in context: Context) throws {
        try ApplyChanges(actions: [.add(count, to: emotion)], options: options, history: history).run(in: context)
    }
}
