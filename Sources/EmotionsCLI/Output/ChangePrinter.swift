import EmotionKit

/// The observer that prints each committed change on a line of its own.
struct ChangePrinter: Sendable {
    let format: ChangeFormat
    let terminal: Terminal

    /// Prints one change, or an initial count; meant to be handed to `TallyStore.observe` with
    /// options `[.old, .new]`, and `.initial` for the current counts first.
    @Sendable func print(_ observed: ObservedChange) {
        let line: String?
        if observed.isInitial, let count = observed.newValue {
            line = ChangePrinter.line(forInitial: count, of: observed.emotion, format: format)
        } else if let old = observed.oldValue, let new = observed.newValue {
            line = ChangePrinter.line(for: Change(emotion: observed.emotion, old: old, new: new), format: format)
        } else {
            line = nil
        }
        if let line { terminal.print(line) }
    }

    /// The line for an initial count in `format`: `happy: 3`, or `{"emotion": "happy", "new": 3}`, in
    /// which `new` is where a change line has it and the missing `old` tells it apart.
    static func line(forInitial count: Int, of emotion: Emotion, format: ChangeFormat) -> String? {
        switch format {
        case .text:
            return "\(emotion.name): \(count)"
        case .json:
            return JSONValue.object([("emotion", .string(emotion.name)), ("new", .integer(count))])
                .serialized(pretty: false)
        case .quiet:
            return nil
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
