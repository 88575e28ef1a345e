import EmotionKit

/// The counts rendered for people (a table with bars) or for scripts (JSON).
struct StatsReport {
    /// How many character cells the longest bar fills.
    static let barWidth = 24
    /// Bars are drawn in eighths of a cell: these are one to seven eighths.
    private static let partialBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    let tally: Tally

    /// One line per emotion (emoji, name, count, bar, share) and a total line, without a final newline.
    func table() -> String {
        let largest = Emotion.allCases.map { tally[$0] }.max() ?? 0
        let total = tally.total
        let countWidth = String(total).count
        let nameWidth = Emotion.allCases.map(\.name.count).max() ?? 0
        var lines = Emotion.allCases.map { emotion in
            let count = tally[emotion]
            return "\(emotion.emoji) \(pad(emotion.name, nameWidth))  \(padLeft(String(count), countWidth))  "
                + "\(pad(bar(count, of: largest), StatsReport.barWidth))  \(padLeft(percent(count, of: total), 6))"
        }
        lines.append(
            "   \(pad("total", nameWidth))  \(padLeft(String(total), countWidth))  "
                + "\(pad("", StatsReport.barWidth))  \(padLeft(percent(total, of: total), 6))")
        return lines.joined(separator: "\n")
    }

    /// `{"counts": {"happy": N, …}, "total": N}`.
    func json() -> String {
        let counts = JSONValue.object(Emotion.allCases.map { ($0.name, .integer(tally[$0])) })
        return JSONValue.object([("counts", counts), ("total", .integer(tally.total))]).serialized(pretty: false)
    }

    /// `{"emotion": "happy", "count": N}`.
    func json(for emotion: Emotion) -> String {
        JSONValue.object([("emotion", .string(emotion.name)), ("count", .integer(tally[emotion]))])
            .serialized(pretty: false)
    }

    /// A bar as long as `count` is against `largest`; a count above zero always shows a sliver.
    func bar(_ count: Int, of largest: Int) -> String {
        guard count > 0, largest > 0 else { return "" }
        let eighths = max(1, Int((Double(count) / Double(largest) * Double(StatsReport.barWidth * 8)).rounded()))
        let full = String(repeating: "█", count: eighths / 8)
        return eighths % 8 == 0 ? full : full + String(StatsReport.partialBlocks[eighths % 8 - 1])
    }

    /// `40.0%`: the share to one decimal place; `0.0%` when the total is zero.
    func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0.0%" }
        let tenths = Int((Double(count) / Double(total) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
