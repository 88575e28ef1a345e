/// Which commands stand: a tap, add or reset group stands while the distinct undo commands naming it
/// are no more than the distinct redo commands naming it.
///
/// So when two histories undo the same command at once, it stays undone until both redo it. Kept as
/// the undos and redos arrive, in any order; a command nothing names stands.
struct CommandStanding: Sendable {
    /// Per reverted group, the groups of the undo and of the redo commands naming it.
    private var reverters: [EventID: Reverters] = [:]

    /// The undo and redo commands naming one group, each group once.
    private struct Reverters: Sendable {
        var undos: [EventID] = []
        var redos: [EventID] = []
    }

    /// Takes in an undo or redo event (others are ignored); returns whether standing may have changed.
    @discardableResult
    mutating func take(_ event: HistoryEvent) -> Bool {
        guard event.command.isReverting, let target = event.reverts else { return false }
        var entry = reverters[target] ?? Reverters()
        let isUndo = event.command == .undo
        guard !(isUndo ? entry.undos : entry.redos).contains(event.group) else { return false }
        if isUndo { entry.undos.append(event.group) } else { entry.redos.append(event.group) }
        reverters[target] = entry
        return true
    }

    /// Whether the command `group` stands.
    func stands(_ group: EventID) -> Bool {
        guard let entry = reverters[group] else { return true }
        return entry.undos.count <= entry.redos.count
    }

    /// Whether any command is undone now: when none is, the fold need not look.
    var anyUndone: Bool {
        reverters.values.contains { $0.undos.count > $0.redos.count }
    }
}
