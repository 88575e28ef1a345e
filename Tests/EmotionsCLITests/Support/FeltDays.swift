import EmotionKit
import Testing

/// The date `text` (`2025-03-08`) names; fails the test if it names none.
func date(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LocalDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return try #require(
        parts.count == 3 ? LocalDate(year: parts[0], month: parts[1], day: parts[2]) : nil, "no date \(text)",
        sourceLocation: sourceLocation)
}

/// What was felt by day, as `TallyStore.felt(by: .day, …)` gives it, from synthetic journal events:
/// each entry adds `amount` to `emotion` at noon UTC of `day` (a tap for 1, else an add, taking back
/// for a negative amount), in the order given, so that a later entry is a later change.
func feltByDay(_ entries: [(day: String, emotion: Emotion, amount: Int)]) throws -> [Period: Felt] {
    var periods: [Period: Felt] = [:]
    for (offset, entry) in entries.enumerated() {
        let day = try date(entry.day)
        let sequence = UInt64(offset + 1)
        let id = EventID(value: UInt128(sequence))
        let at = try Timestamp(
            millisecondsSinceEpoch: day.daysSinceEpoch * 86_400_000 + 43_200_000 + Int64(offset), offsetSeconds: 0)
        let (old, new) = entry.amount >= 0 ? (0, entry.amount) : (-entry.amount, 0)
        let event = try JournalEvent(
            sequence: sequence, id: id, at: at, command: entry.amount == 1 ? .tap : .add, emotion: entry.emotion,
            old: old, new: new, group: id)
        periods[Period(containing: day, length: .day), default: Felt()].count(event)
    }
    return periods
}
