import EmotionKit

/// The observer that prints each committed change on a line of its own.
struct ChangePrinter: Sendable {
    let format: ChangeFormat
    let terminal: Terminal

    /// Prints one change; meant to be handed to `TallyStore.observe` with options `[.old, .new]`.
    @Sendable func print(_ observed: ObservedChange) {
        guard let old = observed.oldValue, let new = observed.newValue else { return }
        if let line = ChangePrinter.line(for: Change(emotion: observed.emotion, old: old, new: new), format: format) {
            terminal.print(line)
        }
    }

    /// The line for `change` in `format`, or `nil` when quiet.
    static func line(for change: Change, format: ChangeFormat) -> String? {
        switch format {
        case .text:
            return change.description
        case .json:
            let object = JSONValue.object([
                ("emotion", .string(change.emotion.name)), ("old", .integer(change.old)), ("new", .integer(change.new)),
            ])
            return object.serialized(pretty: false)
        case .quiet:
            return nil
        }
    }
}
