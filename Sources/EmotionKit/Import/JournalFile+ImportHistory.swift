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

    /// The events among the lines from `start` up to `end` whose ids are in `wanted`, read whole: so
    /// that `import` can tell a change the journal holds from another change given its id. Reads
    /// nothing when `wanted` is empty, as it is for a file of new changes.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that is not an event.
    func events(withIDs wanted: Set<EventID>, from start: Int64, to end: Int64) throws(StoreError) -> [EventID: JournalEvent] {
        var found: [EventID: JournalEvent] = [:]
        guard !wanted.isEmpty else { return found }
        try forEachLine(from: start, to: end) { line, _ throws(StoreError) in
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(line))
            } catch {
                throw .unreadableJournal(path: file.path, .badLine(number: 0, reason: error.description))
            }
            if wanted.contains(event.id) { found[event.id] = event }
            return found.count < wanted.count
        }
        return found
    }

    /// What `import` needs of the history between `start` and `end` for `batch`: every id it holds,
    /// and the events it holds of those the batch names.
    func known(for batch: ImportBatch, from start: Int64, to end: Int64) throws(StoreError) -> (ids: Set<EventID>, held: [EventID: JournalEvent]) {
        let ids = try ids(from: start, to: end)
        let wanted = Set(batch.commands.flatMap { $0.events.map(\.id) }).intersection(ids)
        return (ids, try events(withIDs: wanted, from: start, to: end))
    }
}
