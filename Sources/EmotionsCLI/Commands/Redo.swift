import EmotionKit

/// `emotions redo`: make again the latest change undone.
struct Redo: Subcommand {
    static let name = "redo"

    static let spec = CommandSpec(
        name: name,
        abstract: "Make again the latest change undone.",
        discussion: "Only while no other change was made since: a new change ends what can be redone, as in an editor. With nothing to redo, exits 1 and changes nothing.",
        options: ChangeOptions.specs,
        examples: ["emotions redo"])

    let options: ChangeOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try ChangeOptions(arguments)
    }

    func run(in context: Context) throws {
        try Revert(direction: .redo, options: options).run(in: context)
    }
}
