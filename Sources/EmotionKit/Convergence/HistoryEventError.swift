/// Why values cannot make a `HistoryEvent`.
package enum HistoryEventError: Error, Equatable, Sendable {
    /// The seq is 0: a history's events count from 1 (0 is its header, its base counts).
    case zeroSeq
    /// The seq is the largest a `UInt64` holds, kept free so that "up to and including" always fits.
    case seqTooLarge(UInt64)
    /// An `after` mark is at or past the largest seq an event may have.
    case markTooLarge(HistoryMark)
}
