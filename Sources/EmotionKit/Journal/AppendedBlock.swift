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
    /// How many of the import's lines are measured, and where they end: measured only when a
    /// block must start after them, which an import that reverts nothing before it never needs.
    private var measured = 0
    private var measuredEnd: Int64

    init(start: Int64) {
        self.start = start
        measuredEnd = start
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

    /// Takes in the last of `events`, the lines so far.
    mutating func append(_ events: [JournalEvent]) {
        guard let event = events.last else { return }
        guard let reverts = event.reverts else {
            groups.insert(event.group)
            return
        }
        guard !groups.contains(reverts) else { return }
        // Past an undo or redo of a command before the block, a new block starts.
        for line in events[measured...] { measuredEnd += Int64(line.jsonLine.utf8.count + 1) }
        measured = events.count
        start = measuredEnd
        latest = .min
        groups = []
    }
}
