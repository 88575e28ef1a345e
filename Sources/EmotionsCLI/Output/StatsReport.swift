import EmotionKit

/// The counts rendered for people (a table with bars) or for scripts (JSON).
struct StatsReport {
    /// Bars are drawn in eighths of a cell: these are one to seven eighths.
    private static let partialBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Each emotion's count, whole: a range can hold more than a tally, as counts reset in it go on
    /// counting, and bars and shares weigh what it holds.
    private let counts: WholeCounts
    /// The counts added up, whole.
    private let wholeTotal: Int128

    /// The report of the counts now.
    init(tally: Tally) {
        counts = WholeCounts { Int128(tally[$0]) }
        wholeTotal = Int128(tally.total)
    }

    /// The report of what was felt in a range.
    init(felt: Felt) {
        counts = WholeCounts { felt.wholeCount(of: $0) }
        wholeTotal = felt.wholeTotal
    }

    /// The counts added up as shown: a tally's total, or a range's held at `Int.max`.
    var total: Int { Int(clamping: wholeTotal) }

    /// The count of `emotion` as shown, held at `Int.max`.
    subscript(emotion: Emotion) -> Int { Int(clamping: wholeCount(of: emotion)) }

    /// The count of `emotion`, whole.
    private func wholeCount(of emotion: Emotion) -> Int128 { counts[emotion] }

    /// One line per emotion (emoji, label, count, bar, share) and a total line, without a final
    /// newline, each at most `width` cells wide as `StatsLayout` fits them; the labels and bars in
    /// `style`'s language and colours.
    func table(width: Int = OutputWidth.fallback, style: OutputStyle = .plain) -> String {
        let largest = counts.largest
        let labels = Emotion.allCases.map(style.language.label(for:))
        let nameWidth = (labels + [style.language.totalLabel]).map(CellWidth.of).max() ?? 0
        let countWidth = String(total).count
        let layout = StatsLayout(width: width, nameWidth: nameWidth, countWidth: countWidth)

        var lines: [String] = []
        for (emotion, label) in zip(Emotion.allCases, labels) {
            let count = wholeCount(of: emotion)
            var line = layout.showsEmoji ? emotion.emoji + " " : ""
            line += style.paint(label, as: emotion) + spaces(nameWidth - CellWidth.of(label))
            line += "  " + padLeft(String(self[emotion]), countWidth)
            if layout.barWidth > 0 {
                let bar = bar(count, of: largest, width: layout.barWidth)
                line += "  " + style.paint(bar, as: emotion) + spaces(layout.barWidth - bar.count)
            }
            if layout.showsShare {
                line += "  " + padLeft(percent(count, of: wholeTotal), StatsLayout.shareWidth)
            }
            lines.append(line)
        }
        let totalLabel = style.language.totalLabel
        var line = (layout.showsEmoji ? "   " : "") + totalLabel + spaces(nameWidth - CellWidth.of(totalLabel))
        line += "  " + padLeft(String(total), countWidth)
        if layout.barWidth > 0 { line += "  " + spaces(layout.barWidth) }
        if layout.showsShare { line += "  " + padLeft(percent(wholeTotal, of: wholeTotal), StatsLayout.shareWidth) }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `{"counts": {"happy": N, …}, "total": N}`, after `"since"` and `"until"` for a range, and
    /// before `"days": N, "streak": {"current": N, "longest": N}` with a streak.
    func json(range: TimeRange? = nil, streak: Streak? = nil, zone: TimeZoneRules = .utc) -> String {
        guard range != nil || streak != nil else { return countsJSON }
        let counts = JSONValue.object(Emotion.allCases.map { ($0.name, .integer(self[$0])) })
        let members = (range?.jsonMembers(zone: zone) ?? []) + [("counts", counts), ("total", .integer(total))] + (streak?.jsonMembers ?? [])
        return JSONValue.object(members).serialized(pretty: false)
    }

    /// `{"counts": {"happy": N, …}, "total": N}` as the JSON writer writes it, written here: what
    /// `stats --json` prints, for which building the writer's tree of values cost more than reading
    /// the data file (35,000 instructions).
    private var countsJSON: String {
        var text = "{\"counts\": {\"happy\": "
        text += String(decimal: self[.happy])
        text += ", \"smile\": "
        text += String(decimal: self[.smile])
        text += ", \"neutral\": "
        text += String(decimal: self[.neutral])
        text += ", \"upset\": "
        text += String(decimal: self[.upset])
        text += ", \"sad\": "
        text += String(decimal: self[.sad])
        text += "}, \"total\": "
        text += String(decimal: total)
        text += "}"
        return text
    }

    /// `{"emotion": "happy", "count": N}`, with `"since"` and `"until"` for a range.
    func json(for emotion: Emotion, range: TimeRange? = nil, zone: TimeZoneRules = .utc) -> String {
        let members: [(key: String, value: JSONValue)] = [("emotion", .string(emotion.name)), ("count", .integer(self[emotion]))]
        return JSONValue.object(members + (range?.jsonMembers(zone: zone) ?? [])).serialized(pretty: false)
    }

    /// A bar as long as `count` is against `largest`, `largest` filling `width` cells; a count
    /// above zero always shows a sliver.
    func bar<Count: BinaryInteger>(_ count: Count, of largest: Count, width: Int) -> String {
        guard count > 0, largest > 0, width > 0 else { return "" }
        let eighths = max(1, Int((Double(count) / Double(largest) * Double(width * 8)).rounded()))
        let full = String(repeating: "█", count: eighths / 8)
        return eighths % 8 == 0 ? full : full + String(StatsReport.partialBlocks[eighths % 8 - 1])
    }

    /// `40.0%`: the share to one decimal place; `0.0%` when the total is zero.
    func percent<Count: BinaryInteger>(_ count: Count, of total: Count) -> String {
        guard total > 0 else { return "0.0%" }
        let tenths = Int((Double(count) / Double(total) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    private func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }

    private func padLeft(_ text: String, _ width: Int) -> String {
        spaces(width - text.count) + text
    }
}

/// Five whole counts, one per emotion: five values rather than an array of `Int128`, a type whose
/// runtime metadata every `stats` would pay for.
private struct WholeCounts {
    private var values: (Int128, Int128, Int128, Int128, Int128) = (0, 0, 0, 0, 0)

    /// Each emotion's count as `count` gives it.
    init(_ count: (Emotion) -> Int128) {
        for emotion in Emotion.allCases {
            self[emotion] = count(emotion)
        }
    }

    /// The count of `emotion`.
    subscript(emotion: Emotion) -> Int128 {
        get {
            switch emotion {
            case .happy: values.0
            case .smile: values.1
            case .neutral: values.2
            case .upset: values.3
            case .sad: values.4
            }
        }
        set {
            switch emotion {
            case .happy: values.0 = newValue
            case .smile: values.1 = newValue
            case .neutral: values.2 = newValue
            case .upset: values.3 = newValue
            case .sad: values.4 = newValue
            }
        }
    }

    /// The largest of the five.
    var largest: Int128 {
        Emotion.allCases.reduce(Int128.min) { Swift.max($0, self[$1]) }
    }
}
