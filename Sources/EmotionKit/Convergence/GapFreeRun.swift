/// The seqs held of one history, as far as they run without a gap from 1, and the largest held.
///
/// What a version vector says of a history: "all of it up to here". Seqs past a gap wait in a
/// small list until the gap fills; histories deliver in order, so it is almost always empty.
struct GapFreeRun: Sendable {
    /// Every seq from 1 to this is held (0: not seq 1).
    private(set) var end: UInt64 = 0
    /// The largest seq held.
    private(set) var largest: UInt64 = 0
    /// Seqs held past `end + 1`, sorted.
    private var waiting: [UInt64] = []

    /// Notes seq `seq` as held (again is harmless).
    mutating func hold(_ seq: UInt64) {
        largest = max(largest, seq)
        if seq <= end { return }
        if seq == end + 1 {
            end = seq
            while let first = waiting.first, first <= end + 1 {
                end = max(end, first)
                waiting.removeFirst()
            }
        } else {
            let place = waiting.firstIndex { $0 >= seq } ?? waiting.endIndex
            if place == waiting.endIndex || waiting[place] != seq { waiting.insert(seq, at: place) }
        }
    }
}
