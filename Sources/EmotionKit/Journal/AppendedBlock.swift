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
