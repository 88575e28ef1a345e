/// Why `undo`, `redo` or a change placed in time cannot be made; nothing is changed when one is thrown.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every command in the journal is undone, or there is none.
    case nothingToUndo
    /// Nothing was undone, so there is nothing to redo.
    case nothingToRedo
    /// Every undo since the latest change has been redone.
    case everythingRedone
    /// `command`, made at `at`, is the latest change, and no undo since is left to redo.
    case redoChainEnded(command: String, at: String)
    /// A change may not be placed after the time it is recorded.
    case placedInFuture(at: String, now: String)
    /// The note is refused: empty, too long, or holding a control character.
    case badNote(String)
    /// The time (in UTC) is outside the years 1 to 9999 at the local offset where it is placed, before or after them.
    case timeOutOfRange(String, offset: String, isBefore: Bool)

    /// What is wrong, and that nothing was changed.
    public var description: String {
        switch self {
        case .nothingToUndo:
            "Nothing to undo: every change in the history is undone, or there is none yet. Nothing was changed."
        case .nothingToRedo:
            "Nothing to redo: nothing has been undone. Nothing was changed."
        case .everythingRedone:
            "Nothing to redo: every undo since the latest change has been redone. Nothing was changed."
        case let .redoChainEnded(command, at):
            "Nothing to redo: '\(command)' of \(at) is the latest change, and no undo since it is left to redo "
                + "(a new change ends what can be redone, as in an editor). Nothing was changed."
        case let .placedInFuture(at, now):
            "Cannot place a change at \(at): that is after now (\(now)). Nothing was changed; use --at with a past time."
        case let .badNote(why):
            "The note is refused: \(why). Nothing was changed."
        case let .timeOutOfRange(text, offset, isBefore):
            "The time \(text) falls \(isBefore ? "before the year 1" : "after the year 9999") at the local offset "
                + "\(offset) where it is placed (from TZ), and a change is kept on its local day in the years 1 to 9999. "
                + "Nothing was changed; give a \(isBefore ? "later" : "earlier") time."
        }
    }
}
