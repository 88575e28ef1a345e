import EmotionKit

/// `emotions undo`: take back the latest change not yet undone, whichever process made it.
struct Undo: Subcommand {
    static let name = "undo"

    static let spec = CommandSpec(
        name: name,
        abstract: "Take back the latest change not yet undone, whichever process made it.",
        discussion: "All the changes of one command are taken back as one; repeating it goes further back. Undo of a reset restores the counts. It is itself kept in the history. With nothing to undo, exits 1 and changes nothing.",
        options: ChangeOptions.specs,
        examples: ["emotions undo", "emotions undo --json"])

    let options: ChangeOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try ChangeOptions(arguments)
    }

    func run(in context: Context) throws {
        try Revert(direction: .undo, options: options).run(in: context)
    }
}
