/// Where an event that arrived from another history was made: that history, the event's place in it,
/// and what that history had taken in from others since its previous event.
package struct EventOrigin: Equatable, Sendable {
    /// The history that made the event.
    package let history: HistoryID
    /// The event's place in that history, from 1, with no gaps.
    package let sequence: UInt64
    /// The other histories' events that history had taken in since its previous event, as the last
    /// sequence taken in of each: what the event was made after, besides its own history's past.
    package let after: [HistoryMark]

    /// An origin; `after` is kept sorted by history.
    package init(history: HistoryID, sequence: UInt64, after: [HistoryMark] = []) {
        self.history = history
        self.sequence = sequence
        self.after = after.sorted { $0.history < $1.history }
    }
}

