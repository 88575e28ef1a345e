import EmotionKit

/// The observer that prints each committed change on a line of its own.
struct ChangePrinter: Sendable {
    let format: ChangeFormat
    /// How text lines look; JSON lines ignore it.
    var style = OutputStyle.plain
    let terminal: Terminal
    /// Whether JSON lines carry what the history recorded of a change, where it is known: `at`,
    /// `command` and `note`, as `watch --json` prints them.
    var showsHistory = false

    /// Prints one change, or an initial count; meant to be handed to `TallyStore.observe` with
    /// options `[.old, .new]`, and `.initial` for the current counts first.
    @Sendable func print(_ observed: ObservedChange) {
        let line: String?
        if observed.isInitial, let count = observed.newValue {
            line = ChangePrinter.line(forInitial: count, of: observed.emotion, format: format, style: style)
        } else if let old = observed.oldValue, let new = observed.newValue {
            let change = Change(emotion: observed.emotion, old: old, new: new)
            if showsHistory, format == .json, let event = observed.event {
                line = change.json(adding: event.historyMembers).serialized(pretty: false)
            } else if observed.isFromElsewhere, format == .json {
                line = change.json(adding: [("synced", .bool(true))]).serialized(pretty: false)
            } else if observed.isFromElsewhere, format == .text {
                line = ChangePrinter.line(for: change, format: format, style: style).map { $0 + "  (synced)" }
            } else {
                line = ChangePrinter.line(for: change, format: format, style: style)
            }
        } else {
            line = nil
        }
        if let line { terminal.print(line) }
    }

    /// The line for an initial count in `format`: `happy: 3`, or `{"emotion": "happy", "new": 3}`, in
    /// which `new` is where a change line has it and the missing `old` tells it apart.
    static func line(forInitial count: Int, of emotion: Emotion, format: ChangeFormat, style: OutputStyle = .plain)
        -> String?
    {
        switch format {
        case .text:
            return "\(style.label(for: emotion)): \(count)"
        case .json:
            return JSONValue.object([("emotion", .string(emotion.name)), ("new", .integer(count))])
                .serialized(pretty: false)
        case .quiet:
            return nil
        }
    }

    /// The line for `change` in `format`, or `nil` when quiet: `happy: 3 → 4`, its label in the
    /// style's language and colour; JSON always plain, with the canonical name.
    static func line(for change: Change, format: ChangeFormat, style: OutputStyle = .plain) -> String? {
        switch format {
        case .text:
            return change.description(labelled: style.label(for: change.emotion))
        case .json:
            return change.json().serialized(pretty: false)
        case .quiet:
            return nil
        }
    }
}
