/// A place in a history: its events from 1 up to `seq`, and with them everything they had seen.
///
/// An event's `after` lists marks: what its history took in from others since its previous event.
/// Seq 0 means the history's header only (its base counts), no event of it.
package struct HistoryMark: Hashable, Sendable {
    /// The history.
    package let history: HistoryID
    /// The last of its events meant, or 0 for none.
    package let seq: UInt64

    /// History `history` up to `seq`.
    package init(_ history: HistoryID, _ seq: UInt64) {
        self.history = history
        self.seq = seq
    }
}
