/// What a history holds, as an import's union asks about it: whether it holds an id, the event it
/// holds under it, and where that was made. Asked of the journal's model one id at a time, so that
/// importing a file whose 100,000 changes are all held builds no table of them.
struct HeldChanges {
    /// The journal's changes, as the model holds them.
    let ledger: JournalLedger
    /// What sync took in just now, not in `ledger` yet, each where it was made.
    let arrived: [EventID: HistoryMark]

    /// What `ledger` holds, and `arrived`: `sync`'s events taken in by this update.
    init(_ ledger: JournalLedger, arrived: [JournalEvent] = []) {
        self.ledger = ledger
        var addresses: [EventID: HistoryMark] = [:]
        for event in arrived {
            addresses[event.id] = event.origin.map { HistoryMark($0.history, $0.sequence) } ?? HistoryMark(JournalLedger.unnamed, 0)
        }
        self.arrived = addresses
    }

    /// Whether the change `id` is held.
    func holds(_ id: EventID) -> Bool {
        arrived[id] != nil || ledger.holds(id)
    }

    /// The event the journal holds under `id`, if any.
    func event(_ id: EventID) -> HistoryEvent? {
        ledger.model.event(id: id)
    }

    /// Where the change `id` held here was made, if it is held.
    func address(of id: EventID) -> HistoryMark? {
        arrived[id] ?? event(id).map { HistoryMark($0.history, $0.seq) }
    }

    /// Each other history's last place held with none missing before it, with what sync took in.
    var taken: [HistoryID: UInt64] {
        var taken = ledger.taken
        for address in arrived.values where address.seq > 0 { taken[address.history] = max(taken[address.history] ?? 0, address.seq) }
        return taken
    }
}
