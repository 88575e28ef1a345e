/// Where an event was made, as `export` writes it: the history, its place there, and what that
/// history had taken in from others since its previous event.
public struct EventAddress: Sendable, Equatable {
    /// The history's id.
    public let history: String
    /// The event's place in that history, from 1.
    public let sequence: UInt64
    /// Each other history's id and the last of its places taken in, since the previous event.
    public let after: [(history: String, sequence: UInt64)]

    /// Whether two addresses are the same.
    public static func == (lhs: EventAddress, rhs: EventAddress) -> Bool {
        lhs.history == rhs.history && lhs.sequence == rhs.sequence
            && lhs.after.map(\.history) == rhs.after.map(\.history) && lhs.after.map(\.sequence) == rhs.after.map(\.sequence)
    }

    init(history: HistoryID, sequence: UInt64, after: [HistoryMark]) {
        self.history = history.description
        self.sequence = sequence
        self.after = after.map { ($0.history.description, $0.seq) }
    }
}

extension TallyStore {
    /// The address of every event this history holds, by id: those it made (its identity and place,
    /// as it publishes them) and those taken in from elsewhere (where they were made).
    public func eventAddresses() throws -> [EventID: EventAddress] {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        return try withJournal(at: destination) { document, journal throws(StoreError) in
            guard let journal else { return [:] }
            let ledger = try JournalLedger(
                journal: journal.file, to: journal.state.position.bytes, identities: document?.sync?.identities ?? [])
            var addresses: [EventID: EventAddress] = [:]
            addresses.reserveCapacity(ledger.events.count)
            for event in ledger.events {
                addresses[event.id] = EventAddress(history: event.history, sequence: event.seq, after: event.after)
            }
            return addresses
        }
    }
}
