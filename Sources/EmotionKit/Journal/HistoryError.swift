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
    /// The time, as RFC 3339 text, is outside what the history keeps (`OutsideYears`) where it is placed.
    case timeOutOfRange(String, OutsideYears)

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
        case let .timeOutOfRange(text, outside):
            "Cannot place a change at \(text): it falls \(outside)"
                + (outside.localOffset == nil ? "" : ", where TZ places it") + "; \(OutsideYears.rule). "
                + "Nothing was changed; \(outside.advice)."
        }
    }
}
