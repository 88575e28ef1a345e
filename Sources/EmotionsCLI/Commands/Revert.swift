import EmotionKit

/// The use case `undo` and `redo` share: take back or make again a command, say which, print each
/// change as it is committed, then run the hooks for them.
struct Revert {
    /// Which way.
    enum Direction: Sendable {
        case undo, redo
    }

    let direction: Direction
    /// Where the file is, how to print changes, whether to run hooks.
    let options: ChangeOptions

    /// Undoes or redoes, printing `Undid 'tap happy' of 2026-11-23 21:04.` before the change lines.
    func run(in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        let store = try options.store.makeStore(environment: context.environment)
        let runner = try options.hooks.makeRunner(for: store, environment: context.environment)
        let style = options.format == .text ? OutputStyle(color: options.color, context: context) : .plain
        let reversal = direction == .undo ? try store.undo() : try store.redo()
        if options.format == .text, let first = reversal.original.first {
            let verb = direction == .undo ? "Undid" : "Redid"
            context.terminal.print(
                verb + " '" + ControlCharacters.escaped(in: reversal.commandLine) + "' of " + first.at.minuteText + ".")
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
