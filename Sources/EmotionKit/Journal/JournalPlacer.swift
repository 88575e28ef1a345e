/// Places events made elsewhere (an import's, or taken in by sync) in this journal after a position,
/// one at a time, so that a long run of them can be written a chunk at a time: each is numbered on,
/// keeps its counts, group, reverts and origin as it comes, and gets `latest` where an earlier line
/// was recorded later, and then the start of its `block`, so that backward readers can pass over them
/// (see `SkippableBlocks`).
struct JournalPlacer {
    /// Where the journal ends after the lines placed so far.
    private(set) var position: JournalPosition
    /// The block the next line belongs to.
    private var block: AppendedBlock

    /// A placer for lines that follow `start`.
    init(after start: JournalPosition) {
        position = start
        block = AppendedBlock(start: start.bytes)
    }

    /// `change` as this journal keeps it next, and its line (without the line break).
    ///
    /// - Throws: `JournalProblem.sequenceAtLimit` if its number would reach the journal's limit.
    mutating func place(_ change: JournalEvent) throws(JournalProblem) -> (event: JournalEvent, line: String) {
        guard position.sequence < JournalPosition.sequenceLimit - 1 else { throw .sequenceAtLimit }
        let recorded = change.recordedAt.millisecondsSinceEpoch
        let later = position.latest > recorded ? try? Timestamp(millisecondsSinceEpoch: position.latest, offsetSeconds: 0) : nil
        block.beginLine(of: change, at: position.bytes)
        let event: JournalEvent
        do throws(JournalEventError) {
            event = try change.placed(
                sequence: position.sequence + 1, old: change.old, new: change.new, group: change.group,
                eventsInCommand: change.eventsInCommand, reverts: change.reverts, latest: later,
                block: later == nil ? nil : block.start(forLineOf: change), origin: change.origin)
        } catch {
            throw .sequenceAtLimit  // Cannot happen: `change` is an event, and `later` is later than its recording.
        }
        let line = event.jsonLine
        position = JournalPosition(
            sequence: position.sequence + 1, bytes: position.bytes + Int64(line.utf8.count + 1),
            latest: max(position.latest, recorded))
        block.append(event, endingAt: position.bytes)
        return (event, line)
    }
}
