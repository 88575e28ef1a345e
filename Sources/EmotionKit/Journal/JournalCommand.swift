/// The command a journal event was made by, as the journal and `log` name it.
public enum JournalCommand: String, CaseIterable, Sendable {
    /// `emotions tap`: one more of each emotion named.
    case tap
    /// `emotions add`: an amount, which may be negative, added to one emotion.
    case add
    /// `emotions reset`: a count set back to zero.
    case reset
    /// `emotions undo`: a command's changes taken back, all as one.
    case undo
    /// `emotions redo`: an undone command's changes made again.
    case redo

    /// The name written in a journal line's `command`.
    public var name: String { rawValue }

    /// Whether this command reverses or replays another, and so names it in `reverts`.
    public var isReverting: Bool { self == .undo || self == .redo }
}
