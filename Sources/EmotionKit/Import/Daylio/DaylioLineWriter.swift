/// Writes Daylio's rows, oldest first, as the lines of an export (`DaylioExport`): `{"id": …, "at":
/// …, "command": "tap", "emotion": …, "old": …, "new": …, "note": …, "tags": [...]}`, in the layout
/// `export` writes (a space after each `:` and `,`), so `import` reads them as it reads an export.
struct DaylioLineWriter {
    /// The lines written.
    private(set) var bytes: [UInt8] = []
    /// Activities that made no tag, each with how many rows had it, by the activity as written.
    private(set) var leftOut: [String: Int] = [:]
    /// The lines of rows with more activities than a change carries tags.
    private(set) var crowded: [Int] = []
    /// The running count of each emotion in the file.
    private var counts: [Emotion: Int] = [:]
    /// How many rows that say the same were written before, by their hash (`RowID`).
    private var sameBefore: [RowID: Int] = [:]

    /// Writes `row`, placed at `time`, as a tap of its emotion.
    mutating func write(_ row: DaylioRow, at time: Timestamp) {
        guard let emotion = row.emotion else { return }  // Every row has one: the unmapped are refused first.
        let said = row.said
        let ordinal = sameBefore[said, default: 0]
        sameBefore[said] = ordinal + 1
        var id = said
        id.mix(String(ordinal))
        let old = counts[emotion, default: 0]
        counts[emotion] = old + 1
        var line = "{\"id\": \"" + id.id(at: time.millisecondsSinceEpoch).description + "\", \"at\": \"" + time.rfc3339
        line += "\", \"command\": \"tap\", \"emotion\": \"" + emotion.name + "\", \"old\": " + String(old)
        line += ", \"new\": " + String(old + 1)
        if let note = row.note { line += ", \"note\": " + JSONValue.string(note).serialized(pretty: false) }
        let tags = self.tags(of: row)
        if !tags.isEmpty { line += ", \"tags\": [" + tags.map { "\"" + $0.name + "\"" }.joined(separator: ", ") + "]" }
        line += "}\n"
        bytes += line.utf8
    }

    /// The tags of `row`'s activities, each once, sorted, the first `Tag.perCommandLimit` of the row;
    /// noting the activities that make none and a row with more.
    private mutating func tags(of row: DaylioRow) -> [Tag] {
        var tags: [Tag] = []
        for activity in row.activities {
            guard let tag = ActivityTag.tag(for: activity) else {
                leftOut[activity, default: 0] += 1
                continue
            }
            if tags.contains(tag) { continue }
            guard tags.count < Tag.perCommandLimit else {
                if crowded.last != row.line { crowded.append(row.line) }
                continue
            }
            tags.append(tag)
        }
        return tags.sorted()
    }
}

/// What `import --from daylio` left out or cut of a file it imports, said as a warning.
package enum DaylioWarning: Equatable, Sendable, CustomStringConvertible {
    /// Activities that have no letter or digit, so no tag, with how many rows had each.
    case activitiesLeftOut([String: Int])
    /// Rows (by line) with more than `Tag.perCommandLimit` activities: the later ones became no tag.
    case tooManyActivities(lines: [Int])
    /// Rows (by line) whose note was longer than `JournalEvent.noteLimit` and was cut.
    case notesCut(lines: [Int])

    /// The warnings for `rows`, with what the writer left out.
    static func all(rows: [DaylioRow], leftOut: [String: Int], crowded: [Int]) -> [DaylioWarning] {
        let cut = rows.filter(\.isNoteCut).map(\.line)
        return [
            leftOut.isEmpty ? nil : .activitiesLeftOut(leftOut),
            crowded.isEmpty ? nil : .tooManyActivities(lines: crowded.sorted()),
            cut.isEmpty ? nil : .notesCut(lines: cut.sorted()),
        ].compactMap(\.self)
    }

    /// What was left out or cut, and where.
    package var description: String {
        switch self {
        case let .activitiesLeftOut(counts):
            let listed = counts.sorted { $0.key < $1.key }.map { "'\($0.key)' (\($0.value) row\($0.value == 1 ? "" : "s"))" }
            return "the activit\(counts.count == 1 ? "y" : "ies") " + listed.joined(separator: ", ") + " became no tag: a tag "
                + "needs a letter or digit. Rename \(counts.count == 1 ? "it" : "them") in Daylio and export again to keep \(counts.count == 1 ? "it" : "them")."
        case let .tooManyActivities(lines):
            return "the rows on \(Self.list(lines)) have more than \(Tag.perCommandLimit) activities; only their first "
                + "\(Tag.perCommandLimit) became tags."
        case let .notesCut(lines):
            return "the notes of the rows on \(Self.list(lines)) are longer than \(JournalEvent.noteLimit) characters and were "
                + "cut, ending in …; the Daylio file keeps them whole."
        }
    }

    /// `line 4`, `lines 4, 9 and 12`, or the first ten and how many more.
    private static func list(_ lines: [Int]) -> String {
        let shown = lines.prefix(10).map(String.init)
        let more = lines.count - shown.count
        if lines.count == 1 { return "line " + shown[0] }
        if more > 0 { return "lines " + shown.joined(separator: ", ") + " and \(more) more" }
        return "lines " + shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
    }
}
