extension JournalFile {
    /// What `import` needs of the history between `start` and `end` for `batch` (`ImportHistory`),
    /// in one forward read.
    ///
    /// A line in `jsonLine`'s form starts with its id, command and emotion, which are read from
    /// there; it is read whole only if it is an undo or redo, or the file names it or its command.
    /// Any other line is read whole.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that is not an event.
    func importHistory(for batch: ImportBatch, from start: Int64, to end: Int64) throws(StoreError) -> ImportHistory {
        var history = ImportHistory()
        let scope = ImportHistory.Scope(batch)
        var collecting: EventID?
        try forEachLine(from: start, to: end) { line, _ throws(StoreError) in
            if collecting == nil, let plain = JournalFile.plainChange(line), !scope.wants(plain.id) {
                history.ids.insert(plain.id)
                history.noteChange(of: plain.emotion, by: plain.id)
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

    /// The id and emotion of a tap, add or reset on a line in `jsonLine`'s form, read from where
    /// that form puts them; `nil` for an undo or redo, or a line in another form (such as a name
    /// written with escapes).
    private static func plainChange(_ line: ArraySlice<UInt8>) -> (id: EventID, emotion: Emotion)? {
        // {"id":"<26>","at":"<29>","command":"<name>","emotion":"<name>"…
        let base = line.startIndex
        guard line.count > 89, line[base..<(base + 7)].elementsEqual(idKey),
            line[(base + 33)..<(base + 41)].elementsEqual(atKey),
            line[(base + 70)..<(base + 83)].elementsEqual(commandKey),
            let name = plainNames.first(where: { line[(base + 83)...].starts(with: $0) })
        else { return nil }
        let emotionStart = base + 83 + name.count + emotionKey.count
        guard line[(base + 83 + name.count)...].starts(with: emotionKey),
            let emotion = Emotion.allCases.first(where: { line[emotionStart...].starts(with: Array(($0.name + "\"").utf8)) }),
            let id = EventID(utf8: line[(base + 7)..<(base + 33)])
        else { return nil }
        return (id, emotion)
    }

    private static let idKey = Array("{\"id\":\"".utf8)
    private static let atKey = Array("\",\"at\":\"".utf8)
    private static let commandKey = Array("\",\"command\":\"".utf8)
    private static let emotionKey = Array(",\"emotion\":\"".utf8)
    private static let plainNames = ["tap\"", "add\"", "reset\""].map { Array($0.utf8) }
}
