import EmotionKit

/// How `log` shows one change.
enum LogLine {
    /// `2026-11-23 21:04  01KAT8FW5X  sad +1  "rough meeting"`: the local date and time where it was
    /// made; its command's short id (`EventID.short`); where the history holds changes of others (it
    /// syncs), the name of the history that made it, `desktop: sad +1`; the emotion and what the change did to it, a
    /// reset's as `happy reset -3`; for an undo or redo, the command it took back or made again,
    /// `(undo of 01KAT8FW5X)`; when a backdated change was recorded; its tags, `#friends #gym`; the
    /// note; and `(undone)` last if its command stands undone.
    ///
    /// The amount has a sign, ASCII `+` or `-`, so that `grep 'sad -'` finds the decreases and
    /// scripts read it as a number. A note of several lines goes on over as many lines, each later
    /// one indented under the id (`noteLineBreak`), so that only a change's first line starts with a date.
    static func text(for entry: HistoryEntry, style: OutputStyle, names: HistoryNames? = nil) -> String {
        let event = entry.event
        var line = event.at.minuteText + "  " + event.group.short + "  "
        if let names, names.hasOthers { line += ControlCharacters.escaped(in: names.history(of: event).name) + ": " }
        line += style.label(for: event.emotion)
        if event.command == .reset { line += " reset" }
        line += event.delta > 0 ? " +" + String(event.delta) : " " + String(event.delta)
        if let reverts = event.reverts { line += "  (" + event.command.name + " of " + reverts.short + ")" }
        if let recorded = event.recorded { line += "  (recorded " + recorded.minuteText + ")" }
        for (index, tag) in event.tags.enumerated() { line += (index == 0 ? "  #" : " #") + tag.name }
        if let note = event.note { line += "  " + ControlCharacters.quoted(note, lineBreak: noteLineBreak) }
        if entry.isUndone { line += "  (undone)" }
        return line
    }

    /// How a line feed in a note is shown: a line break, then spaces as wide as the date and time
    /// and the two spaces after them (`2026-11-23 21:04  `), so the note's later lines start under the id.
    static let noteLineBreak = "\n" + String(repeating: " ", count: 18)

    /// `json(for:)` of the entry's event, then, where the history syncs, `history` (the id of the one
    /// that made it) and `history_name`, then `command_id` (the group, on every event), `delta`
    /// (`new - old`) and `undone` (whether its command stands undone; `false` for an undo or redo).
    static func json(for entry: HistoryEntry, names: HistoryNames? = nil) -> String {
        var line = json(for: entry.event)
        line.removeLast()  // The closing brace.
        if let names {
            let history = names.history(of: entry.event)
            if let id = history.id { line += ", \"history\": \"" + id + "\"" }
            line += ", \"history_name\": " + ControlCharacters.escaped(inJSON: JSONValue.string(history.name).serialized(pretty: false))
        }
        line += ", \"command_id\": \""
        line += entry.event.group.description
        line += "\", \"delta\": "
        line += String(entry.event.delta)
        line += entry.isUndone ? ", \"undone\": true}" : ", \"undone\": false}"
        return line
    }

    /// `json(for:)` of an exported event, then where it was made: `history` (the id of the history
    /// that made it), `hseq` (its place there) and, where there was any, `after` (what that history
    /// had taken in from others since its previous event): what `import` needs to take it in as sync
    /// does, as a union by id.
    static func json(for event: JournalEvent, address: EventAddress?) -> String {
        var line = json(for: event)
        guard let address else { return line }
        line.removeLast()  // The closing brace.
        line += ", \"history\": \"" + address.history + "\", \"hseq\": " + String(address.sequence)
        if !address.after.isEmpty {
            line += ", \"after\": {" + address.after.map { "\"" + $0.history + "\": " + String($0.sequence) }.joined(separator: ", ") + "}"
        }
        return line + "}"
    }

    /// `{"id": "01K…", "at": "2026-11-23T21:04:05.123+09:00", "command": "tap", "emotion": "sad", "old": 3,
    /// "new": 4}`, then `note`, `tags` (`["friends", "gym"]`), `group`, `events`, `reverts` and
    /// `recorded` where the event has them.
    ///
    /// `group` (the id of the command's first event) is on the second and later events of a command
    /// of several, and `events` (how many it has) on its first, as the journal keeps them: so that
    /// `import` can tell a whole command from part of one, and make it again as one.
    ///
    /// Written by appending, as `JournalEvent.jsonLine` is, in `JSONValue`'s one-line layout (a space
    /// after each `:` and `,`): `export` writes one for each of 100,000 changes. Every value but the
    /// note is ASCII with nothing to escape, so only the note goes through the JSON writer and
    /// `ControlCharacters`.
    static func json(for event: JournalEvent) -> String {
        var line = "{\"id\": \""
        line += event.id.description
        line += "\", \"at\": \""
        line += event.at.rfc3339
        line += "\", \"command\": \""
        line += event.command.name
        line += "\", \"emotion\": \""
        line += event.emotion.name
        line += "\", \"old\": "
        line += String(event.old)
        line += ", \"new\": "
        line += String(event.new)
        if let note = event.note {
            line += ", \"note\": "
            line += ControlCharacters.escaped(inJSON: JSONValue.string(note).serialized(pretty: false))
        }
        if !event.tags.isEmpty {
            line += ", \"tags\": ["
            for (index, tag) in event.tags.enumerated() {
                line += index == 0 ? "\"" : ", \""
                line += tag.name
                line += "\""
            }
            line += "]"
        }
        if event.group != event.id {
            line += ", \"group\": \""
            line += event.group.description
            line += "\""
        }
        if let events = event.eventsInCommand {
            line += ", \"events\": "
            line += String(events)
        }
        if let reverts = event.reverts {
            line += ", \"reverts\": \""
            line += reverts.description
            line += "\""
        }
        if let recorded = event.recorded {
            line += ", \"recorded\": \""
            line += recorded.rfc3339
            line += "\""
        }
        line += "}"
        return line
    }
}
