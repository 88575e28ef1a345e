import EmotionKit

/// How `export --format csv` shows one change: a row of `at,date,time,offset,command,emotion,old,
/// new,delta,note,id,command_id,undone,tags`, for a spreadsheet.
///
/// `at` is the RFC 3339 text `log --json` shows, to the millisecond; `date`, `time` (to the second:
/// `at` keeps the milliseconds) and `offset` are the local date and time at the change's own
/// offset, where it was made, so that a change belongs to the day it was felt on. `id`, `command_id`
/// and `undone` came later, so they are last, where they move no column a sheet already reads:
/// with them a sheet finds what `stats` counts (the `delta` of each tap and add not undone). `tags`
/// came last of all: the change's tags separated by spaces (`friends gym`), which no tag holds.
enum ExportRow {
    /// The header row's names.
    static let header = [
        "at", "date", "time", "offset", "command", "emotion", "old", "new", "delta", "note", "id", "command_id", "undone", "tags",
    ]

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@"]

    /// The row's fields, unquoted: `CSVRecord` quotes them.
    static func fields(for entry: HistoryEntry) -> [String] {
        let event = entry.event
        let at = event.at.rfc3339
        let text = Array(at.utf8)  // `YYYY-MM-DDThh:mm:ss.sss±hh:mm`: a timestamp's 29 ASCII characters.
        /// The characters of `at` in `range`; empty were it ever shorter, rather than a crash.
        func part(_ range: Range<Int>) -> String {
            text.count == 29 ? String(decoding: text[range], as: UTF8.self) : ""
        }
        return [
            at, part(0..<10), part(11..<19), part(23..<29), event.command.name, event.emotion.name,
            String(event.old), String(event.new), String(event.delta), event.note.map(spreadsheetSafe) ?? "",
            event.id.description, event.group.description, entry.isUndone ? "true" : "false", spaced(event.tags),
        ]
    }

    /// The tags separated by single spaces.
    private static func spaced(_ tags: [Tag]) -> String {
        var text = ""
        for tag in tags { text += text.isEmpty ? tag.name : " " + tag.name }
        return text
    }

    /// `note`, with a `'` put before it if it begins with `=`, `+`, `-` or `@`, so that a
    /// spreadsheet shows it as text instead of running it as a formula (OWASP's advice on CSV
    /// injection). Only the note is free text: every other field is a name, a number or a time. The
    /// JSON Lines export keeps every note exactly.
    static func spreadsheetSafe(_ note: String) -> String {
        guard let first = note.unicodeScalars.first, formulaStarts.contains(first) else { return note }
        return "'" + note
    }
}
