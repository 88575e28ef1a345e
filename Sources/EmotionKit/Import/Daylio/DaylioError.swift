/// Why `import --from daylio` refuses a file: the line of the file at fault (where its row starts),
/// what is wrong and what to do; nothing was imported (exit 65).
package enum DaylioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first line is not the header of Daylio's CSV export; `missing` names the columns it lacks.
    case notDaylio(missing: [String])
    /// The file holds no record at all.
    case empty
    /// The file is not comma-separated values where `line` says.
    case notCSV(CSVRecords.Problem)
    /// The row on `line` has `found` fields where the header has `expected`.
    case fieldCount(line: Int, found: Int, expected: Int)
    /// The row's date (`text`, in column `column`) is not one Daylio writes.
    case badDate(line: Int, column: String, text: String)
    /// The row's time is not one Daylio writes.
    case badTime(line: Int, text: String)
    /// The row's day and time fall outside what a history keeps.
    case timeNotKept(line: Int, OutsideYears)
    /// The row has no mood.
    case noMood(line: Int)
    /// Mood labels that are neither Daylio's defaults nor given by `--map`: each with the line of its
    /// first row and how many rows have it.
    case unmappedMoods([UnmappedMood])
    /// The row's note or title holds a control character other than a line break or tab.
    case noteControlCharacter(line: Int, UInt32)

    /// A mood label no mapping names.
    package struct UnmappedMood: Equatable, Sendable {
        /// The label as the first row with it writes it.
        package let label: String
        /// The line of that row.
        package let firstLine: Int
        /// How many rows have it.
        package let rows: Int
    }

    /// What is wrong, where, what to do, and that nothing was imported.
    package var description: String {
        let nothing = " Nothing was imported."
        switch self {
        case let .notDaylio(missing):
            return "Cannot import line 1 as Daylio's CSV export: its header lacks the column" + (missing.count == 1 ? " " : "s ")
                + missing.joined(separator: ", ") + "; Daylio writes full_date,date,weekday,time,mood,activities,note_title,note "
                + "(or year,date,weekday,time,mood,activities,note). Export again from Daylio (More, Export entries, CSV)." + nothing
        case .empty:
            return "Cannot import an empty file as Daylio's CSV export: it holds not even the header line. Export again "
                + "from Daylio (More, Export entries, CSV)." + nothing
        case let .notCSV(.unclosedQuote(line)):
            return "Cannot import line \(line): a field there opens a double quote the file never closes; the file is cut "
                + "short or was edited. Export again from Daylio." + nothing
        case let .notCSV(.textAfterQuote(line)):
            return "Cannot import line \(line): a quoted field there is followed by more than a comma; inside a quoted field a "
                + "double quote is written twice (\"\"). Fix that line, or export again from Daylio." + nothing
        case let .notCSV(.notUTF8(line)):
            return "Cannot import line \(line): its row is not UTF-8 text, as Daylio writes. Save the file as UTF-8, or export "
                + "again from Daylio." + nothing
        case let .notCSV(.tooManyFields(line)):
            return "Cannot import line \(line): its row has more than \(CSVRecords.fieldLimit) fields, where Daylio writes 8; "
                + "this is not Daylio's CSV export. Export again from Daylio." + nothing
        case let .fieldCount(line, found, expected):
            return "Cannot import line \(line): its row has \(found) field\(found == 1 ? "" : "s"), the header \(expected); a comma "
                + "inside a field needs the field in double quotes. Fix that row, or export again from Daylio." + nothing
        case let .badDate(line, column, text):
            return "Cannot import line \(line): its \(column) '\(text)' is not a date Daylio writes (2024-03-01, or 1 March "
                + "with the year apart). Fix that row, or export again from a recent Daylio, whose full_date is 2024-03-01." + nothing
        case let .badTime(line, text):
            return "Cannot import line \(line): its time '\(text)' is not a time Daylio writes (9:12 pm or 21:12). Fix that "
                + "row, or export again from Daylio." + nothing
        case let .timeNotKept(line, outside):
            return "Cannot import line \(line): its day and time fall \(outside); \(OutsideYears.rule). Fix or remove that row." + nothing
        case let .noMood(line):
            return "Cannot import line \(line): its row has no mood, and each row becomes a tap of its mood's emotion. Fix "
                + "or remove that row." + nothing
        case let .unmappedMoods(moods):
            // The first ten, each cut to 64 characters: a file of 600,000 labels of its own made a message of 26 MB.
            let listed = moods.prefix(10).map { "'\($0.label.count > 64 ? $0.label.prefix(64) + "…" : $0.label)' (\($0.rows) row\($0.rows == 1 ? "" : "s"), first on line \($0.firstLine))" }
            let more = moods.count > listed.count ? " and \(moods.count - listed.count) more labels" : ""
            return "Cannot import: the mood\(moods.count == 1 ? "" : "s") " + listed.joined(separator: ", ") + more
                + " \(moods.count == 1 ? "is" : "are") not one of Daylio's five (rad, good, meh, bad, awful); say which emotion "
                + "each is with " + DaylioMoods.syntax + "." + nothing
        case let .noteControlCharacter(line, value):
            let hex = String(value, radix: 16, uppercase: true)
            return "Cannot import line \(line): its note holds the control character U+"
                + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                + ", which a note cannot keep (line breaks it can). Remove it from that row." + nothing
        }
    }
}
