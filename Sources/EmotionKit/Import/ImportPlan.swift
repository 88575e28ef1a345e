/// What importing a batch into a history does: the changes it takes in (`ImportUnion`, a union by
/// id with the same meaning as sync), how many of the file's changes are there already or left
/// out, and the counts before and after, which the event model gives. Nothing is written here.
package struct ImportPlan: Sendable {
    /// The file's changes, addressed as the union took them; `nil` once they are written.
    private var batch: ImportBatch?
    /// The changes taken in, as indices into `batch`'s changes, in the order they are appended.
    let chosen: [Int32]
    /// How many of the file's changes the journal holds already.
    package private(set) var alreadyThere = 0
    /// How many of the file's changes are left out (see `ImportUnion.leftOut`).
    package private(set) var leftOut = 0
    /// The counts before.
    package let before: Tally
    /// The counts once the new changes are taken in.
    package private(set) var after: Tally

    /// The plan of `union` of `batch` (as the union addressed it) on counts `before`; `after` is set
    /// once the model has counted them.
    init(union: ImportUnion, of batch: ImportBatch, before: Tally) {
        self.batch = batch
        self.before = before
        after = before
        chosen = union.chosen
        alreadyThere = union.alreadyThere
        leftOut = union.leftOut
    }

    /// The plan of a file that holds no changes: nothing to take in, counts `before`.
    init(nothingOn before: Tally) {
        batch = nil
        chosen = []
        self.before = before
        after = before
    }

    /// How many changes are taken in.
    package var changeCount: Int { chosen.count }

    /// The changes taken in, in the order they are appended (as the file holds them: read their
    /// lines again for the events); none once they are written (see `letGoOfChanges`).
    package var changes: [ImportBatch.Change] {
        guard let batch else { return [] }
        return chosen.map { batch.changes[Int($0)] }
    }

    /// Calls `body` with the events taken in, `chunk` changes at a time (more to end a command, fewer
    /// at the end), their lines read from the file again: so that they are never all held at once.
    ///
    /// - Throws: `ImportSourceError` or `ImportError` (see `ImportBatch.event(of:reader:)`), or what `body` throws.
    func forEachChunk(of chunk: Int, _ body: (inout [JournalEvent]) throws -> Void) throws {
        guard let batch else { return }
        var reader = ImportBatch.Reader(batch)
        var start = 0
        while start < chosen.count {
            var end = min(start + chunk, chosen.count)
            // A chunk ends where a command starts, so that it holds whole commands.
            while end < chosen.count, !batch.changes[Int(chosen[end])].isFirst { end += 1 }
            var events: [JournalEvent] = []
            events.reserveCapacity(end - start)
            for index in chosen[start..<end] { events.append(try batch.event(of: batch.changes[Int(index)], reader: &reader)) }
            try body(&events)
            start = end
        }
    }

    /// Lets go of the file's changes once they are written, so that the model counts without them in memory.
    mutating func letGoOfChanges() {
        batch = nil
    }

    /// Sets the counts after the changes, as the model gives them.
    mutating func setCountsAfter(_ tally: Tally) {
        after = tally
    }

    /// How much each emotion's count changes, in `Emotion.allCases` order, leaving out those that do not.
    package var netChanges: [(emotion: Emotion, delta: Int)] {
        // Cannot overflow: both counts are 0 or more.
        Emotion.allCases.compactMap { after[$0] != before[$0] ? ($0, after[$0] - before[$0]) : nil }
    }
}
