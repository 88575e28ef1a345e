extension JournalEvent {
    /// The event as one journal line, compact JSON without the line's `\n`:
    ///
    /// ```
    /// {"id":"01KAT8FW5X6N3X9R2T4K7M1P0Z","at":"2026-11-23T21:04:05.123+09:00","command":"tap","emotion":"sad","old":3,"new":4,"note":"rough meeting","seq":12,"group":"01KAT8FW5X6N3X9R2T4K7M1P0Z"}
    /// ```
    ///
    /// The keys come in this order, those without a value left out: `id`, `at`, `command`,
    /// `emotion`, `old`, `new`, `note`, `tags`, then the journal's own `seq`, `group`, `events`, `reverts`,
    /// `recorded`, `latest` and `block`. `log --json` and `export` show the same keys but `seq`, `latest` and `block`
    /// (and `group` only where it is not the id), spaced as the command line's JSON is; `import` reads
    /// those lines back (`init(exportLine:)`). A note is escaped as JSON
    /// (it holds no control character); a tag is written as it is (letters, digits, `-` and `_`
    /// need no escape); everything else is ASCII, so a line never holds a raw
    /// newline and can be grepped, by date among other things.
    ///
    /// Written by appending, not through a `Dictionary` or `JSONValue`: the order is the format, and
    /// the tap path avoids hashed collections and generic closures (see `TallyDocument.serialized`).
    package var jsonLine: String {
        var line = commonLine(sequence: sequence)
        if let latest {
            line += ",\"latest\":\""
            line += latest.rfc3339
            line += "\""
        }
        if let block {
            line += ",\"block\":"
            line += String(decimal: Int(block))
        }
        if let origin {
            line += ",\"version\":2,\"from\":\""
            line += origin.history.description
            line += "\",\"hseq\":"
            line += String(decimal: origin.sequence)
            JournalEvent.appendAfter(origin.after, to: &line)
        }
        line += "}"
        return line
    }

    /// The event as its history publishes it in a sync folder: its journal line with `seq` its place in
    /// that history (`sequence`), no `latest`, `block` or `origin` (which belong to one journal), and
    /// `after`, what its history took in from others since its previous event.
    package func publishedLine(sequence: UInt64, after: [HistoryMark]) -> String {
        var line = commonLine(sequence: sequence)
        JournalEvent.appendAfter(after, to: &line)
        line += "}"
        return line
    }

    /// The keys a journal line and a published line share, in their order, up to `recorded`, with
    /// `sequence` as `seq`.
    private func commonLine(sequence: UInt64) -> String {
        var line = "{\"id\":\""
        line += id.description
        line += "\",\"at\":\""
        line += at.rfc3339
        line += "\",\"command\":\""
        line += command.name
        line += "\",\"emotion\":\""
        line += emotion.name
        line += "\",\"old\":"
        line += String(decimal: old)
        line += ",\"new\":"
        line += String(decimal: new)
        if let note {
            line += ",\"note\":"
            line += JSONValue.string(note).minimalText
        }
        if !tags.isEmpty {
            line += ",\"tags\":["
            for (index, tag) in tags.enumerated() {
                line += index == 0 ? "\"" : ",\""
                line += tag.name
                line += "\""
            }
            line += "]"
        }
        line += ",\"seq\":"
        line += String(decimal: sequence)
        line += ",\"group\":\""
        line += group.description
        line += "\""
        if let eventsInCommand {
            line += ",\"events\":"
            line += String(decimal: eventsInCommand)
        }
        if let reverts {
            line += ",\"reverts\":\""
            line += reverts.description
            line += "\""
        }
        if let recorded {
            line += ",\"recorded\":\""
            line += recorded.rfc3339
            line += "\""
        }
        return line
    }

    /// Appends `,"after":{"<history>":<seq>,…}` for a non-empty `after`, histories in order.
    private static func appendAfter(_ after: [HistoryMark], to line: inout String) {
        guard !after.isEmpty else { return }
        line += ",\"after\":{"
        for (index, mark) in after.sorted(by: { $0.history < $1.history }).enumerated() {
            if index > 0 { line += "," }
            line += "\""
            line += mark.history.description
            line += "\":"
            line += String(decimal: mark.seq)
        }
        line += "}"
    }
}

extension JournalEvent {
    /// What the history adds to a change's JSON object: `at`, `command`, and `note` and `tags` if
    /// there are, as `watch --json` lines and a hook's standard input carry them after the change.
    package var historyMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("at", .string(at.rfc3339)), ("command", .string(command.name))]
        if let note { members.append(("note", .string(note))) }
        if !tags.isEmpty { members.append(("tags", .array(tags.map { .string($0.name) }))) }
        return members
    }
}
