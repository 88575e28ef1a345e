/// An event as `log` and `export` show it: the event, and whether the command it belongs to stands
/// undone now.
public struct HistoryEntry: Equatable, Sendable {
    /// The event, as the journal keeps it.
    public let event: JournalEvent
    /// Whether its command (a tap, add or reset) was undone and not redone since; always `false`
    /// for an undo or redo, which is never itself taken back: a redo makes its command again.
    public let isUndone: Bool

    /// An entry for `event`.
    public init(event: JournalEvent, isUndone: Bool) {
        self.event = event
        self.isUndone = isUndone
    }
}
