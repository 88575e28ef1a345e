extension JournalEvent {
    /// Events made elsewhere (an import's, or taken in by sync) as this journal keeps them after
    /// `start`: numbered on, each with its counts, group, reverts and origin as it comes, `latest`
    /// where an earlier line was recorded later, and then the start of its `block`, so that backward
    /// readers can pass over them (see `SkippableBlocks`).
    ///
    /// - Throws: `JournalProblem.sequenceAtLimit` if the numbers would pass the journal's limit.
    static func placing(_ changes: [JournalEvent], after start: JournalPosition) throws(JournalProblem) -> [JournalEvent] {
        guard start.sequence < JournalPosition.sequenceLimit - UInt64(changes.count) else { throw .sequenceAtLimit }
        var placer = JournalPlacer(after: start)
        var events: [JournalEvent] = []
        events.reserveCapacity(changes.count)
        for change in changes { events.append(try placer.place(change).event) }
        return events
    }
}
