/// The block a line brought from elsewhere (by `import` or `sync`) names in `block`, as those lines are appended: it starts at the
/// import's first line, or just after an undo or redo of a command before the block, so that no line
/// in it reverts a command before it.
struct AppendedBlock {
    /// Where the block starts in the journal.
    private var start: Int64
    /// The latest recording time among its lines so far.
    private var latest = Int64.min
    /// The taps, adds and resets among its lines, by group.
    private var groups: Set<EventID> = []

    /// A block that starts at byte `start`.
    init(start: Int64) {
        self.start = start
    }

    /// The block's start for the line of `change`, or `nil` where the block's promise would not
    /// hold for it: it undoes or redoes a command before the block, or a line in the block before
    /// it was recorded later.
    mutating func start(forLineOf change: JournalEvent) -> Int64? {
        let recorded = change.recordedAt.millisecondsSinceEpoch
        defer { latest = max(latest, recorded) }
        if let reverts = change.reverts, !groups.contains(reverts) { return nil }
        return recorded >= latest ? start : nil
    }

    /// The most commands a block remembers: past them, a new block starts with the next command
    /// (any line that starts one may start a block), so that an import of 100,000 changes does not
    /// hold a set of all of them, and a reader going back passes over a block of them at a time all the same.
    static let groupLimit = 4096

    /// Notes that the line of `change` is next, at byte `offset` of the journal: a new block starts
    /// there when this one remembers `groupLimit` commands and `change` starts a command.
    mutating func beginLine(of change: JournalEvent, at offset: Int64) {
        guard groups.count >= AppendedBlock.groupLimit, change.id == change.group else { return }
        start = offset
        latest = .min
        groups = []
    }

    /// Takes in `event`, the line just placed, which ends at byte `end` of the journal.
    mutating func append(_ event: JournalEvent, endingAt end: Int64) {
        guard let reverts = event.reverts else {
            groups.insert(event.group)
            return
        }
        guard !groups.contains(reverts) else { return }
        // Past an undo or redo of a command before the block, a new block starts.
        start = end
        latest = .min
        groups = []
    }
}
