extension HistoryEvent {
    /// The history event a journal line is: its id, group, command, emotion and `reverts` as they
    /// are, its delta `new - old`, placed at `seq` of `history` after `after`.
    ///
    /// A v1 journal taken over in place gives every line its own journal's history and its
    /// `sequence` as the seq, with no `after`.
    ///
    /// - Throws: `HistoryEventError` if `seq` is 0 or `UInt64.max`, or a mark is at `UInt64.max`.
    package init(
        _ event: JournalEvent, history: HistoryID, seq: UInt64, after: [HistoryMark] = []
    ) throws(HistoryEventError) {
        try self.init(
            id: event.id, group: event.group, history: history, seq: seq, after: after,
            command: event.command, emotion: event.emotion, delta: event.delta, reverts: event.reverts)
    }
}
