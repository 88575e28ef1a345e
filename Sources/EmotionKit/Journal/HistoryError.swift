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
    /// No event's id starts with this (`undo ID`).
    case unknownCommand(String)
    /// The events whose ids start with this belong to several commands, each given as its id, how
    /// it was typed and when (`undo ID`).
    case ambiguousCommand(String, candidates: [String])
    /// `command`, made at `at`, with the short id `id`, stands undone already (`undo ID`).
    case alreadyUndone(command: String, at: String, id: String)
    /// The undo `undo` named took back `command`, made at `at`, which stands again already: a redo
    /// since made it again (`undo ID`).
    case undoneUndo(undo: String, command: String, at: String)
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
            "Nothing to undo: every change made in this history is undone, or there is none yet. A change that arrived "
                + "from another history is taken back with 'emotions undo ID', its id as 'emotions log' shows it. Nothing was changed."
        case .nothingToRedo:
            "Nothing to redo: nothing has been undone. Nothing was changed."
        case .everythingRedone:
            "Nothing to redo: every undo since the latest change has been redone. Nothing was changed."
        case let .redoChainEnded(command, at):
            "Nothing to redo: '\(command)' of \(at) is the latest change, and no undo since it is left to redo "
                + "(a new change ends what can be redone, as in an editor). Nothing was changed."
        case let .unknownCommand(id):
            "No change in the history has an id starting with '\(id)'. Nothing was changed; run 'emotions log' "
                + "to see each command's short id, or 'emotions log --json' for whole ids."
        case let .ambiguousCommand(id, candidates):
            "The id '\(id)' is ambiguous: \(candidates.count) commands have changes whose ids start with it: "
                + candidates.prefix(5).joined(separator: ", ")
                + (candidates.count > 5 ? " and \(candidates.count - 5) more" : "")
                + ". Nothing was changed; give more of the id."
        case let .alreadyUndone(command, at, id):
            "Cannot undo '\(command)' of \(at) (\(id)): it is undone already. Nothing was changed; undo that "
                + "undo to make it again."
        case let .undoneUndo(undo, command, at):
            "Cannot undo the undo \(undo): '\(command)' of \(at), which it took back, stands again already "
                + "(a redo made it again). Nothing was changed."
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
