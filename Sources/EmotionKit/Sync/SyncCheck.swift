/// What `TallyStore.checkSync()` found before a command reads counts: what the sync folder brought
/// in, or, when nothing was taken in, the counts it read on the way, so they need not be read again.
public struct SyncCheck: Equatable, Sendable {
    /// The sync's report, when something was taken in or sent; `nil` otherwise.
    public let report: SyncReport?
    /// The counts as the check read them, the journal rolled forward (all zero with no data file),
    /// when nothing was taken in; `nil` when something was, or when the data file or journal could
    /// not be read: `TallyStore.read()` then reads them again, or says why it cannot.
    public let counts: Tally?
}
