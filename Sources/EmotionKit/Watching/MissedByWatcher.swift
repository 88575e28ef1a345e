/// What observers have not been told of yet when a store commits a change while watching:
/// changes another process made since the watcher last looked, or, before it first read the
/// file whole, the counts as they were.
struct MissedByWatcher {
    var initial: Tally?
    var changes: [Change] = []
    /// The journal's record of each of `changes`, where the watcher had it.
    var events: [JournalEvent?] = []
    /// The commit's turn at telling observers, these and its own changes; `nil` until it commits.
    var turn: TellingTurns.Turn?

    init() {}

    /// Takes the watcher's place in telling of `before`, and makes `after`, at `position` in the
    /// journal, what observers know; they are told of it all in `turn`.
    init(_ state: inout WatchState, before: Tally, after: Tally, position: JournalPosition?, turn: TellingTurns.Turn) {
        self.turn = turn
        guard state.isWatching else { return }
        if let baseline = state.baseline {
            changes = baseline.changes(to: before)
            events = changes.map { _ in nil }
        } else {
            initial = before
        }
        state.baseline = after
        state.position = position
        state.lastProblem = nil
    }
}
