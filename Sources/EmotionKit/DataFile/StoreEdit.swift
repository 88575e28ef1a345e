/// What one update of the store does, under its lock.
package enum StoreEdit: Sendable {
    /// Applies actions in order, all or none, as one command, with a note and tags (on its taps and
    /// adds) and placed at a time (`nil`: now) in the history.
    case apply([Action], note: String?, placedAt: Instant?, tags: [Tag] = [])
    /// Takes back the latest command not yet undone.
    case undo
    /// Takes back the command one of whose events' ids starts with this, or makes it again if
    /// that command is an undo (see `RevertSearch.forCommand`).
    case undoCommand(EventIDPrefix)
    /// Makes again the latest command undone, if no change was made since.
    case redo
    /// Adds the changes another history exported that this one does not hold yet (see `ImportPlan`),
    /// keeping the events recorded in the commit if asked (an import of 100,000 changes need not hold them).
    case `import`(ImportHandOver, keepingEvents: Bool)
    /// Sets, moves or stops the sync folder, and syncs (see `SyncRequest`).
    case sync(SyncRequest)
}

extension StoreEdit {
    /// Whether it is an undo or redo.
    var isRevert: Bool {
        switch self {
        case .undo, .redo, .undoCommand: true
        default: false
        }
    }
}

/// What one update did.
package struct StoreCommit: Sendable {
    /// The events it recorded, in order: one per change.
    package var events: [JournalEvent] = []
    /// For an undo or redo, the command it took back or made again, as first recorded.
    package var reverted: [JournalEvent] = []
    /// For an import, what it found and did.
    package var importPlan: ImportPlan?

    /// The events taken in from other histories' files, as the journal keeps them.
    package var arrived: [JournalEvent] = []
    /// The changes the counts went through from what arrived: each emotion's count before and after.
    package var arrivedChanges: [Change] = []
    /// What the sync did, if the history syncs with a folder.
    package var sync: SyncReport?

    /// For an undo or redo, what the counts went through by the model: they may differ from what
    /// its events record (an undo of a tap that a later reset cleared changes no count).
    package var countedChanges: [Change]?

    /// The changes it made, in order: what the counts went through.
    package var changes: [Change] { countedChanges ?? events.map(\.change) }
}
