/// The histories a synced history holds changes of, by id, with their readable names: what `log`
/// shows to tell where each change was made.
public struct HistoryNames: Sendable {
    /// This history's name.
    public let ownName: String
    /// The other histories' names, by id, as their files' headers give them.
    public let others: [String: String]
    /// This history's ids, with the journal sequence each starts at.
    let identities: [SyncState.Identity]

    init(_ state: SyncState) {
        ownName = state.name
        others = Dictionary(uniqueKeysWithValues: state.names.entries.map { ($0.history.description, $0.name) })
        identities = state.identities
    }

    /// Whether changes of more than one history may be in it: another history has been read.
    public var hasOthers: Bool { !others.isEmpty }

    /// The id and name of the history that made `event`.
    public func history(of event: JournalEvent) -> (id: String?, name: String) {
        if let origin = event.origin {
            return (origin.history.description, others[origin.history.description] ?? origin.history.description)
        }
        let id = identities.last { $0.since <= event.sequence }?.history ?? identities.first?.history
        return (id?.description, ownName)
    }
}

extension TallyStore {
    /// The names of the histories this one holds changes of; `nil` if it does not sync.
    public func historyNames() throws(StoreError) -> HistoryNames? {
        try readIfPresent()?.sync.map(HistoryNames.init)
    }
}
