extension JournalEvent {
    /// Events made elsewhere (an import's, or taken in by sync) as this journal keeps them after
    /// `start`: numbered on, each with its counts, group, reverts and origin as it comes, `latest`
    /// where an earlier line was recorded later, and then the start of its `block`, so that backward
    /// readers can pass over them (see `SkippableBlocks`).
    ///
    /// - Throws: `JournalProblem.sequenceAtLimit` if the numbers would pass the journal's limit.
    static func placing(_ changes: [JournalEvent], after start: JournalPosition) throws(JournalProblem) -> [JournalEvent] {
        guard start.sequence < JournalPosition.sequenceLimit - UInt64(changes.count) else { throw .sequenceAtLimit }
        var latest = start.latest
        var block = AppendedBlock(start: start.bytes)
        var events: [JournalEvent] = []
        events.reserveCapacity(changes.count)
        for (index, change) in changes.enumerated() {
            let recorded = change.recordedAt.millisecondsSinceEpoch
            let later = latest > recorded ? try? Timestamp(millisecondsSinceEpoch: latest, offsetSeconds: 0) : nil
            latest = max(latest, recorded)
            do throws(JournalEventError) {
                events.append(
                    try change.placed(
                        sequence: start.sequence + UInt64(index) + 1, old: change.old, new: change.new, group: change.group,
                        eventsInCommand: change.eventsInCommand, reverts: change.reverts, latest: later,
                        block: later == nil ? nil : block.start(forLineOf: change), origin: change.origin))
            } catch {
                throw .sequenceAtLimit  // Cannot happen: `change` is an event, and `later` is later than its recording.
            }
            block.append(events)
        }
        return events
    }
}
