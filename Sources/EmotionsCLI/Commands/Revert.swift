import EmotionKit

/// The use case `undo` and `redo` share: take back or make again a command, say which, print each
/// change as it is committed, then run the hooks for them.
struct Revert {
    /// Which way.
    enum Direction: Sendable {
        /// The latest command not yet undone.
        case undo
        /// The latest undone.
        case redo
        /// The command with this id, taken back, or made again if it is an undo.
        case undoCommand(EventIDPrefix)
    }

    let direction: Direction
    /// Where the file is, how to print changes, whether to run hooks.
    let options: ChangeOptions

    /// Undoes or redoes, printing `Undid 'tap happy' of 2026-11-23 21:04.` before the change lines.
    func run(in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        // What arrived is taken in first: `undo ID` may name it, and an undo of ours that arrived
        // decides which command of ours stands latest.
        let store = try options.store.makeSyncedStore(context: context)
        let runner = try options.hooks.makeRunner(for: store, environment: context.environment)
        let style = options.format == .text ? OutputStyle(color: options.color, context: context) : .plain
        let reversal: TallyStore.Reversal
        switch direction {
        case .undo: reversal = try store.undo()
        case .redo: reversal = try store.redo()
        case let .undoCommand(id): reversal = try store.undo(id)
        }
        if options.format == .text, let first = reversal.original.first {
            let verb = reversal.command == .redo ? "Redid" : "Undid"
            context.terminal.print(
                verb + " '" + ControlCharacters.escaped(in: reversal.commandLine) + "' of " + first.at.minuteText + ".")
        }
        if options.format == .text, reversal.changes.isEmpty, !reversal.events.isEmpty {
            // The command stands undone (or again), yet no count moved: a later reset had cleared it.
            context.terminal.print("No count changed: a reset made after it had already cleared it.")
        }
        for change in reversal.changes {
            if let line = ChangePrinter.line(for: change, format: options.format, style: style) {
                context.terminal.print(line)
            }
        }
        runner?.run(for: reversal.events) { problem in
            context.terminal.printError("Warning: \(problem)")
        }
    }
}
