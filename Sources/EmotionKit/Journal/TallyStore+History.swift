/// The history: changes recorded with their time and note, read back in ranges, undone and redone.
extension TallyStore {
    /// What an undo or redo did.
    public struct Reversal: Sendable {
        /// The command taken back or made again, its events as first recorded.
        public let original: [JournalEvent]
        /// The events the undo or redo recorded, one per change.
        public let events: [JournalEvent]

        /// What the counts went through, by emotion: by the model, so an undo of a tap that a later
        /// reset cleared changes nothing, though its event records the tap taken back.
        public let changes: [Change]
        /// Whether it took the command back (`.undo`) or made it again (`.redo`).
        public var command: JournalCommand { events.first?.command ?? .undo }
        /// How the command was typed, near enough: `tap happy smile`, `add sad 3`, `reset happy`.
        public var commandLine: String { RevertSearch.commandLine(of: original) }
    }

    /// Applies `actions` as `apply(_:)` does, recording `note` on each event and `tags` on each tap
    /// and add, and placing them at `placedAt` (`nil`: now) in the history; returns the events recorded.
    ///
    /// - Throws: `HistoryError` for a refused note or a time after now; otherwise as `apply(_:)`.
    @discardableResult
    public func apply(_ actions: [Action], note: String?, placedAt: Instant? = nil, tags: [Tag] = []) throws -> [JournalEvent] {
        try commit(.apply(actions, note: note, placedAt: placedAt, tags: tags)).events
    }

    /// Takes back the latest command not yet undone, whichever process made it, all its changes as
    /// one; repeating it goes further back. Observers hear of the changes as of any other.
    ///
    /// - Throws: `HistoryError.nothingToUndo`; `TallyError` if the counts were changed by hand so
    ///   that it would take one below zero; or `StoreError`. Nothing is changed.
    @discardableResult
    public func undo() throws -> Reversal {
        let commit = try commit(.undo)
        return Reversal(original: commit.reverted, events: commit.events, changes: commit.changes)
    }

    /// Takes back the command, from this history or another, one of whose changes' ids starts with
    /// `id` (its short id, as `log` shows it, or more): all its changes as one. If that command is an
    /// undo, its command is made again instead; if a redo, its command is taken back.
    ///
    /// - Throws: `HistoryError.unknownCommand`, `.ambiguousCommand` (more of the id is needed),
    ///   `.alreadyUndone` or `.undoneUndo`; `TallyError` if it would take a count below zero; or
    ///   `StoreError`. Nothing is changed.
    @discardableResult
    public func undo(_ id: EventIDPrefix) throws -> Reversal {
        let commit = try commit(.undoCommand(id))
        return Reversal(original: commit.reverted, events: commit.events, changes: commit.changes)
    }

    /// Makes again the latest command undone, while no other change was made since.
    ///
    /// - Throws: `HistoryError.nothingToRedo` or `.redoChainEnded`; `TallyError`; `StoreError`.
    @discardableResult
    public func redo() throws -> Reversal {
        let commit = try commit(.redo)
        return Reversal(original: commit.reverted, events: commit.events, changes: commit.changes)
    }

    /// Hands `body` each event `query` asks for, by the time it is placed at (ties by sequence),
    /// without holding the whole history in memory. Takes no lock: it reads the history as it is.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read, or what `body` throws.
    public func forEachEvent(_ query: EventQuery = EventQuery(), _ body: (JournalEvent) throws -> Void) throws {
        try forEachEntry(query) { try body($0.event) }
    }

    /// Hands `body` each event `query` asks for, as `forEachEvent(_:_:)` does, with whether its
    /// command stands undone now: what `log` shows.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read, or what `body` throws.
    public func forEachEntry(_ query: EventQuery = EventQuery(), _ body: (HistoryEntry) throws -> Void) throws {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        var failure: (any Error)?
        try withJournal(at: destination) { _, journal throws(StoreError) in
            guard let journal else { return }
            let reader = EventReader(journal: journal.file, floor: try journal.file.header().end, end: journal.state.position.bytes)
            do {
                try reader.forEach(query, body)
            } catch let error as StoreError {
                throw error
            } catch {
                failure = error  // The caller's own, handed back as it was.
            }
        }
        if let failure { throw failure }
    }

    /// The events `query` asks for, by the time they are placed at (ties by sequence).
    public func events(_ query: EventQuery = EventQuery()) throws -> [JournalEvent] {
        var events: [JournalEvent] = []
        try forEachEvent(query) { events.append($0) }
        return events
    }
}
