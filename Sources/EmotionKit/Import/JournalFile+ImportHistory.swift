extension JournalFile {
    /// What `import` needs of the history between `start` and `end` for `batch` (`ImportHistory`),
    /// in one forward read.
    ///
    /// A line in `jsonLine`'s form starts with its id and its command, which are read from there;
    /// it is read whole only if it is an undo or redo, or the file names it or its command. Any
    /// other line is read whole.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that is not an event.
    func importHistory(for batch: ImportBatch, from start: Int64, to end: Int64) throws(StoreError) -> ImportHistory {
        var history = ImportHistory()
        let scope = ImportHistory.Scope(batch)
        var collecting: EventID?
        try forEachLine(from: start, to: end) { line, _ throws(StoreError) in
            if collecting == nil, let id = JournalFile.idOfPlainChange(line), !scope.wants(id) {
                history.ids.insert(id)
                return true
            }
            do throws(JournalLineError) {
                history.note(try JournalEvent(journalLine: Array(line)), in: scope, collecting: &collecting)
            } catch {
                throw .unreadableJournal(path: file.path, .badLine(number: 0, reason: error.description))
            }
            return true
        }
        return history
    }

    /// The id of a tap, add or reset on a line in `jsonLine`'s form, read from where that form puts
    /// it; `nil` for an undo or redo, or a line in another form (such as a name written with escapes).
    private static func idOfPlainChange(_ line: ArraySlice<UInt8>) -> EventID? {
        // {"id":"<26>","at":"<29>","command":"<name>"…
        let base = line.startIndex
        guard line.count > 89, line[base..<(base + 7)].elementsEqual(idKey),
            line[(base + 33)..<(base + 41)].elementsEqual(atKey),
            line[(base + 70)..<(base + 83)].elementsEqual(commandKey)
        else { return nil }
        let rest = line[(base + 83)...]
        guard plainNames.contains(where: { rest.starts(with: $0) }) else { return nil }
        return EventID(utf8: line[(base + 7)..<(base + 33)])
    }

    private static let idKey = Array("{\"id\":\"".utf8)
    private static let atKey = Array("\",\"at\":\"".utf8)
    private static let commandKey = Array("\",\"command\":\"".utf8)
    private static let plainNames = ["tap\"", "add\"", "reset\""].map { Array($0.utf8) }
}
