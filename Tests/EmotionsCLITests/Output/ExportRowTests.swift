import EmotionKit
@testable import EmotionsCLI
import Testing

/// `export --format csv`'s rows: the change's own local date, time and offset, and notes a
/// spreadsheet cannot take for formulas.
@Suite struct ExportRowTests {
    private func event(
        command: JournalCommand = .add, old: Int = 5, new: Int = 2, note: String? = nil, tags: [String] = [], isUndone: Bool = false
    ) throws -> HistoryEntry {
        let id = try #require(EventID(parsing: "01KAT8FW5X6N3X9R2T4K7M1P0Z"))
        let at = try Timestamp(rfc3339: "2026-11-23T21:04:05.123+09:00")
        let event = try JournalEvent(
            sequence: 1, id: id, at: at, command: command, emotion: .sad, old: old, new: new, note: note,
            tags: try tags.map { try Tag($0) }, group: id)
        return HistoryEntry(event: event, isUndone: isUndone)
    }

    @Test func aRowHasTheTimeAtItsOwnOffsetAndTheDelta() throws {
        expect(ExportRow.fields(for: try event(note: "rough, \"long\" day")), equals: [
            "2026-11-23T21:04:05.123+09:00", "2026-11-23", "21:04:05", "+09:00", "add", "sad", "5", "2", "-3",
            "rough, \"long\" day", "01KAT8FW5X6N3X9R2T4K7M1P0Z", "01KAT8FW5X6N3X9R2T4K7M1P0Z", "false", "",
        ])
        #expect(CSVRecord.line(ExportRow.fields(for: try event(command: .tap, old: 0, new: 1, isUndone: true)))
            == "2026-11-23T21:04:05.123+09:00,2026-11-23,21:04:05,+09:00,tap,sad,0,1,1,,01KAT8FW5X6N3X9R2T4K7M1P0Z,01KAT8FW5X6N3X9R2T4K7M1P0Z,true,\r\n")
    }

    @Test func aRowEndsWithItsTagsSeparatedBySpaces() throws {
        expect(ExportRow.fields(for: try event(command: .tap, old: 0, new: 1, tags: ["gym", "Friends", "운동"])).last, equals: "friends gym 운동")
        expect(CSVRecord.line(ExportRow.header), equals: "at,date,time,offset,command,emotion,old,new,delta,note,id,command_id,undone,tags\r\n")
    }

    /// `import` tells a CSV export from other files that are not JSON Lines by how its header starts.
    @Test func theHeaderStartsAsImportRecognisesACSVExport() {
        #expect(CSVRecord.line(ExportRow.header).hasPrefix(ImportError.csvHeaderStart))
    }

    @Test(arguments: ["=1+2", "+cmd", "-2+3", "@SUM(A1)"])
    func aNoteThatCouldStartAFormulaGetsAnApostrophe(note: String) throws {
        expect(ExportRow.fields(for: try event(note: note))[9], equals: "'" + note)
    }

    @Test(arguments: ["ok = fine", " =1", "'quoted", "😄"])
    func otherNotesAreKeptAsTheyAre(note: String) throws {
        expect(ExportRow.fields(for: try event(note: note))[9], equals: note)
    }
}
