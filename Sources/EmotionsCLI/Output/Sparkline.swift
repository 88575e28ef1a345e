/// A row of block characters (`▁▂▃▄▅▆▇█`) whose heights follow numbers: a picture of a series in
/// one line, as `spark` and `harsh` draw them.
enum Sparkline {
    /// The eight heights, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block per count, a count of `largest` drawing the full block and any count above zero
    /// at least the lowest; a space for zero, where nothing was felt.
    static func counts<Count: BinaryInteger>(_ counts: [Count], largest: Count) -> String {
        var line = ""
        line.reserveCapacity(counts.count * 3)
        for count in counts {
            guard count > 0, largest > 0 else {
                line.append(" ")
                continue
            }
            // In eighths, rounded up, so that a count above zero never looks like nothing.
            let height = Int((Double(count) / Double(largest) * 8).rounded(.up))
            line.append(blocks[min(max(height, 1), 8) - 1])
        }
        return line
    }

    /// One block per score, 1 the lowest block and 5 the full one; a space for a period with no score.
    static func scores(_ scores: [Double?]) -> String {
        var line = ""
        line.reserveCapacity(scores.count * 3)
        for score in scores {
            guard let score else {
                line.append(" ")
                continue
            }
            let height = Int(((score - 1) / 4 * 7).rounded())
            line.append(blocks[min(max(height, 0), 7)])
        }
        return line
    }
}
