import EmotionKit

/// `emotions undo [ID]`: take back the latest change not yet undone, whichever process made it, or
/// the command `log` shows with that id.
struct Undo: Subcommand {
    static let name = "undo"

    static let spec = CommandSpec(
        name: name,
        abstract: "Take back the latest change not yet undone, whichever process made it.",
        discussion: "All the changes of one command are taken back as one; repeating it goes further back. Undo of a reset restores the counts. It is itself kept in the history. With nothing to undo, exits 1 and changes nothing. "
            + "ID is a command's short id as log shows it (or more of an id from log --json, at least 4 characters, "
            + "in either case): that command is taken back, however long ago, if no count goes below zero. The id of an "
            + "undo makes its command again; the id of a redo takes its command back. An id that names no command, or "
            + "more than one, or a command undone already, exits 64 and changes nothing.",
        arguments: [
            ArgumentSpec(name: "id", help: "The command to take back: its id, or the start of it, as log shows it.", isOptional: true),
        ],
        options: ChangeOptions.specs,
        examples: ["emotions undo", "emotions undo --json", "emotions undo 01KAT8FW5X"])

    /// The command named, if any.
    let id: EventIDPrefix?
    let options: ChangeOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let text = arguments.value(of: "id") {
            guard let id = EventIDPrefix(parsing: text) else {
                throw .invalidValue(
                    text, option: "<id>",
                    reason: "give a command's id as 'emotions log' shows it, such as 01KAT8FW5X: 4 to 26 letters and digits "
                        + "of Crockford's base 32 (no I, L, O or U), the first from 0 to 7")
            }
            self.id = id
        } else {
            id = nil
        }
        options = try ChangeOptions(arguments)
    }

    func run(in context: Context) throws {
        try Revert(direction: id.map { .undoCommand($0) } ?? .undo, options: options).run(in: context)
    }
}
