import EmotionKit

/// How `log` shows one change.
enum LogLine {
    /// `2026-11-23 21:04  sad: 3 → 4  "rough meeting"`: the local date and time where it was made,
    /// the change as `tap` prints it, what made it if not a tap or add (`(reset)`, `(undo)`,
    /// `(redo)`), when a backdated change was recorded, and the note.
    static func text(for event: JournalEvent, style: OutputStyle) -> String {
        var line = event.at.minuteText + "  " + event.change.description(labelled: style.label(for: event.emotion))
        switch event.command {
        case .tap, .add: break
        case .reset, .undo, .redo: line += "  (" + event.command.name + ")"
        }
        if let recorded = event.recorded { line += "  (recorded " + recorded.minuteText + ")" }
        if let note = event.note { line += "  \"" + ControlCharacters.escaped(in: note) + "\"" }
        return line
    }

    /// `{"id": "01K…", "at": "2026-11-23T21:04:05.123+09:00", "command": "tap", "emotion": "sad", "old": 3,
    /// "new": 4}`, then `note`, `group`, `events`, `reverts` and `recorded` where the event has them.
    ///
    /// `group` (the id of the command's first event) is on the second and later events of a command
    /// of several, and `events` (how many it has) on its first, as the journal keeps them: so that
    /// `import` can tell a whole command from part of one, and make it again as one.
    static func json(for event: JournalEvent) -> String {
        var members: [(String, JSONValue)] = [
            ("id", .string(event.id.description)), ("at", .string(event.at.rfc3339)),
            ("command", .string(event.command.name)), ("emotion", .string(event.emotion.name)),
            ("old", .integer(event.old)), ("new", .integer(event.new)),
        ]
        if let note = event.note { members.append(("note", .string(note))) }
        if event.group != event.id { members.append(("group", .string(event.group.description))) }
        if let events = event.eventsInCommand { members.append(("events", .integer(events))) }
        if let reverts = event.reverts { members.append(("reverts", .string(reverts.description))) }
        if let recorded = event.recorded { members.append(("recorded", .string(recorded.rfc3339))) }
        return ControlCharacters.escaped(inJSON: JSONValue.object(members).serialized(pretty: false))
    }
}
