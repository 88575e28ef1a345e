extension JournalFile {
    /// The ids of the events on the lines from `start` up to `end`: one forward read, keeping only
    /// the ids, so that `import` can tell the changes it holds already.
    ///
    /// A line in `jsonLine`'s form starts with its id, which is read from there; any other is read whole.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that is not an event.
    func ids(from start: Int64, to end: Int64) throws(StoreError) -> Set<EventID> {
        var ids: Set<EventID> = []
        let prefix = Array("{\"id\":\"".utf8)
        try forEachLine(from: start, to: end) { line, _ throws(StoreError) in
            if line.starts(with: prefix), line.count >= prefix.count + 27,
                line[line.startIndex + prefix.count + 26] == UInt8(ascii: "\""),
                let id = EventID(parsing: String(decoding: line.dropFirst(prefix.count).prefix(26), as: UTF8.self))
            {
                ids.insert(id)
                return true
            }
            do throws(JournalLineError) {
                ids.insert(try JournalEvent(journalLine: Array(line)).id)
            } catch {
                throw .unreadableJournal(path: file.path, .badLine(number: 0, reason: error.description))
            }
            return true
        }
        return ids
    }
}
