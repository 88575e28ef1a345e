/// Daylio's CSV export, read as the lines of an export that `import` takes in (`export`'s JSON
/// Lines, without where each change was made, as the previous release wrote them): so the union by
/// id, `--dry-run`, the lock, hooks, summary and all-or-nothing of `import` are those of any export.
///
/// Each row becomes one tap of its mood's emotion, oldest row first (Daylio writes the newest
/// first; rows at the same minute in the order they were made, the lower first): `at` the row's
/// wall clock time in `zone` (the earlier instant in a repeated hour, after a skipped one by its
/// length, as `--at` reads a time), with its offset; `old` and `new` the running count of that
/// emotion in the file (only shown: the history gives its own); the note (`DaylioNote`); and its
/// activities as `tags` (`ActivityTag`), at most `Tag.perCommandLimit`, the first ones in the row.
/// Its id is the row's own (`RowID`), so a row imported again is already there.
package struct DaylioExport: Sendable {
    /// The export's lines, each ended by `\n`.
    package let lines: [UInt8]
    /// For each line of `lines` (from 0), the line of the Daylio file its row starts on.
    private let fileLines: [Int32]
    /// What was left out or cut, to be said.
    package let warnings: [DaylioWarning]

    /// How many rows the file holds.
    package var rowCount: Int { fileLines.count }

    /// Reads the Daylio file `bytes`, mapping moods by `moods`, times local to `zone`.
    ///
    /// - Throws: `DaylioError` for the first row (by line) that cannot be read, or for every mood
    ///   label no mapping names, once all rows are read.
    package init(reading bytes: [UInt8], moods: DaylioMoods, zone: TimeZoneRules) throws(DaylioError) {
        let rows = try Self.rows(of: bytes, moods: moods)
        var placed: [(row: DaylioRow, time: Timestamp)] = []
        placed.reserveCapacity(rows.count)
        for row in rows {
            let instant = zone.instant(at: row.local)
            let offset = zone.offset(at: instant)
            if let outside = OutsideYears(instant, offsetSeconds: offset) { throw .timeNotKept(line: row.line, outside) }
            guard let time = try? Timestamp(millisecondsSinceEpoch: instant.millisecondsSinceEpoch, offsetSeconds: Int32(offset))
            else { throw .timeNotKept(line: row.line, OutsideYears(isBefore: instant.millisecondsSinceEpoch < 0)) }
            placed.append((row, time))
        }
        placed.sort { $0.time.millisecondsSinceEpoch != $1.time.millisecondsSinceEpoch
            ? $0.time.millisecondsSinceEpoch < $1.time.millisecondsSinceEpoch : $0.row.line > $1.row.line }
        var writer = DaylioLineWriter()
        for (row, time) in placed { writer.write(row, at: time) }
        lines = writer.bytes
        fileLines = placed.map { Int32(truncatingIfNeeded: $0.row.line) }
        warnings = DaylioWarning.all(rows: rows, leftOut: writer.leftOut, crowded: writer.crowded)
    }

    /// The line of the Daylio file whose row is on line `number` (from 1) of `lines`; `number` itself
    /// if there is no such line.
    package func fileLine(ofExportLine number: Int) -> Int {
        fileLines.indices.contains(number - 1) ? Int(fileLines[number - 1]) : number
    }

    /// The rows of `bytes`, in the file's order, each with its emotion.
    ///
    /// - Throws: `DaylioError` for the first row that cannot be read, then for the labels no mapping names.
    private static func rows(of bytes: [UInt8], moods: DaylioMoods) throws(DaylioError) -> [DaylioRow] {
        var records = CSVRecords(bytes)
        var rows: [DaylioRow] = []
        var unmapped: [String: (label: String, line: Int, rows: Int)] = [:]
        guard let header = try next(&records) else { throw .empty }
        let layout = try DaylioRow.Layout(header: header.fields)
        while let record = try next(&records) {
            let row = try DaylioRow(record.fields, line: record.line, layout: layout, moods: moods)
            if row.emotion == nil {
                let key = DaylioMoods.key(of: row.mood)
                let seen = unmapped[key]
                unmapped[key] = (seen?.label ?? row.mood, seen?.line ?? row.line, (seen?.rows ?? 0) + 1)
            }
            rows.append(row)
        }
        guard unmapped.isEmpty else {
            let moods = unmapped.values.sorted { $0.line < $1.line }
            throw .unmappedMoods(moods.map { DaylioError.UnmappedMood(label: $0.label, firstLine: $0.line, rows: $0.rows) })
        }
        return rows
    }

    /// The next record of `records`, or `nil` at the end.
    ///
    /// - Throws: `DaylioError.notCSV`.
    private static func next(_ records: inout CSVRecords) throws(DaylioError) -> CSVRecords.Record? {
        do {
            return try records.next()
        } catch {
            throw .notCSV(error)
        }
    }
}
