/// The ids a sync's intake checks the lines it reads against (see `FileIntake`): those the journal
/// holds, with what was handed on to it, asked of the caller (`inJournal`: the ledger's own index,
/// so that they are not held in a set of their own too), and those taken in and not handed on yet.
struct HeldIDs {
    /// Whether the journal, with what was handed on to it, holds an id.
    private let inJournal: (EventID) -> Bool
    /// The ids taken in and not handed on yet.
    private var pending: Set<EventID> = []

    /// The ids `inJournal` says are held, and none pending.
    init(inJournal: @escaping (EventID) -> Bool) {
        self.inJournal = inJournal
    }

    /// Whether `id` is held.
    func contains(_ id: EventID) -> Bool {
        pending.contains(id) || inJournal(id)
    }

    /// Notes `id` as taken in.
    mutating func insert(_ id: EventID) {
        pending.insert(id)
    }

    /// Forgets the ids pending, once they were handed on: `inJournal` answers for them from now on.
    mutating func handedOn() {
        pending.removeAll(keepingCapacity: true)
    }
}
