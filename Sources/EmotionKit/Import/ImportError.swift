/// Why `import` refuses a file: the line at fault, what is wrong with it, and that nothing was
/// imported. Thrown before anything is written, so the data file and the journal are as they were.
package enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line is not a change as `export` writes one.
    case badLine(line: Int, JournalLineError)
    /// The file's first line that is not empty is the header of `export --format csv` (it starts with
    /// `csvHeaderStart`): a CSV export, which import does not read.
    case csvExport(line: Int)
    /// The line's id is on an earlier line too.
    case duplicateID(line: Int, id: EventID, firstLine: Int)
    /// The line belongs to a command (its `group`) whose first change is not in the file.
    case missingFirstChange(line: Int, group: EventID)
    /// The command whose first change is on this line says it has `expected` changes; the file holds `found`.
    case commandIncomplete(line: Int, expected: Int, found: Int)
    /// The line belongs to the command whose first change is on `firstLine`, but its `key` differs from that one's.
    case unlikeItsCommand(line: Int, key: String, firstLine: Int)
    /// The line's undo or redo names a command that is neither in the file nor in the journal.
    case unknownReverts(line: Int, reverts: EventID)
    /// The line's undo or redo names its own command instead of a tap, add or reset.
    case revertsNoChange(line: Int, reverts: EventID)
    /// The line's id is in the journal already, for another change.
    case unlikeHistory(line: Int, id: EventID)
    /// The line names where its change was made in a way the journal cannot keep (see `FileIntake.unkeepable`).
    case unkeepable(line: Int, reason: String)
    /// The line names a history past the first `limit` the file names: more than a history's next
    /// own change can name in its `after`, and more than a sync folder's files are read of.
    case tooManyHistories(line: Int, limit: Int)
    /// The line's time `key` (`at` or `recorded`), as the line writes it, falls outside what the
    /// history keeps (`OutsideYears`): the years 1 to 9999 in UTC and at its own offset.
    case timeNotKept(line: Int, key: String, time: String, OutsideYears)
    /// The line, new to the history, was recorded (its `key`) more than `ImportBatch.clockAllowance` after `now`.
    case recordedAhead(line: Int, key: String, time: Timestamp, now: Instant)
    /// How the header of `export --format csv` starts (`ExportRow.header` writes it), so that a CSV
    /// export is told apart from any other file that is not JSON Lines.
    package static let csvHeaderStart = "at,date,time,offset,command,"

    /// What is wrong, where, and that nothing was imported.
    package var description: String {
        let advice = " Nothing was imported; fix or remove that line, or export the file again."
        switch self {
        case let .csvExport(line):
            return "Cannot import line \(line): it is the header of a CSV export (emotions export --format csv), and emotions "
                + "import reads the JSON Lines that 'emotions export' writes by default, one change per line. "
                + "Nothing was imported; export the history again without --format csv."
        case let .badLine(line, .invalidJSON(error)) where line == 1:
            // A file that is not an export at all, most often: say what import reads.
            return "Cannot import line 1: it is not valid JSON: \(error.reason) at byte \(error.column) of the line. emotions import "
                + "reads the JSON Lines that 'emotions export' writes, one change per line. Nothing was imported."
        case let .badLine(line, error):
            return "Cannot import line \(line): \(error)." + advice
        case let .duplicateID(line, id, firstLine):
            return "Cannot import line \(line): its id \(id) is also on line \(firstLine); a change is in a file once." + advice
        case let .missingFirstChange(line, group):
            return "Cannot import line \(line): it is part of the command whose first change is \(group) (its \"group\"), "
                + "which is not in the file; a command is imported whole or not at all." + advice
        case let .commandIncomplete(line, expected, found):
            return "Cannot import line \(line): it is the first change of a command of \(expected) (its \"events\"), "
                + "but the file holds \(found) of them; a command is imported whole or not at all." + advice
        case let .unlikeItsCommand(line, key, firstLine):
            return "Cannot import line \(line): its \"\(key)\" differs from that of its command's first change, "
                + "on line \(firstLine); the changes of one command share it." + advice
        case let .unknownReverts(line, reverts):
            return "Cannot import line \(line): it takes back or makes again the command \(reverts) (its \"reverts\"), "
                + "but no command in the file or the history starts with that change." + advice
        case let .unkeepable(line, reason):
            return "Cannot import line \(line): it \(reason)." + advice
        case let .unlikeHistory(line, id):
            return "Cannot import line \(line): its id \(id) is in the history already for another change (its command, "
                + "emotion, amount or the command it takes back differ); a change keeps its id wherever it goes." + advice
        case let .revertsNoChange(line, reverts):
            return "Cannot import line \(line): it takes back or makes again \(reverts) (its \"reverts\"), its own command; "
                + "an undo or redo names the tap, add or reset it acts on." + advice
        case let .tooManyHistories(line, limit):
            return "Cannot import line \(line): it names a history where it was made past the first \(limit) the file names, more "
                + "than one import takes in (an export names the histories its own synced with, at most \(limit))." + advice
        case let .timeNotKept(line, key, time, outside):
            return "Cannot import line \(line): its \"\(key)\", \(time), falls \(outside); \(OutsideYears.rule)." + advice
        case let .recordedAhead(line, key, time, now):
            return "Cannot import line \(line): it was recorded at \(time) (its \"\(key)\"), more than a day after now by "
                + "this machine's clock (\(now.rfc3339(offsetSeconds: 0))); no change is made in the future, so the clock "
                + "where it was made was wrong. Nothing was imported; correct or remove that line, or set this machine's "
                + "clock right if it is the one behind."
        }
    }
}
