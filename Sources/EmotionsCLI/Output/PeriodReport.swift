import EmotionKit

/// What `stats --by` shows: one row per period, empty ones included, with the five counts, the
/// total and the mood score, then a sparkline per emotion and one for the score.
struct PeriodReport {
    /// The periods, in order, each with what was felt in it.
    let rows: [(period: Period, felt: Felt)]
    /// Their length.
    let length: PeriodLength

    /// The most periods a report lists: 270 years of days, far more than any history, and few
    /// enough that a mistyped `--since 0001-01-01` is refused rather than printed for an hour.
    static let periodLimit = 100_000

    /// The report over `felt`, one row for every period from `first` through `last` and for any
    /// period outside them that `felt` has (a change made at another UTC offset may fall on a day
    /// just outside); `nil` if that is more than `periodLimit` periods.
    init?(felt: [Period: Felt], length: PeriodLength, first: Period?, last: Period?) {
        self.length = length
        let keys = felt.keys.sorted()
        guard let first = [first, keys.first].compactMap(\.self).min(), let last = [last, keys.last].compactMap(\.self).max() else {
            rows = []
            return
        }
        var rows: [(period: Period, felt: Felt)] = []
        var period: Period? = first
        while let current = period, current <= last {
            guard rows.count < PeriodReport.periodLimit else { return nil }
            rows.append((current, felt[current] ?? Felt()))
            period = current.next
        }
        self.rows = rows
    }

    /// The rows as a `CategoryReport`: its table and JSON are this report's.
    var categories: CategoryReport {
        CategoryReport(
            by: length.name, key: "start", listKey: "periods",
            rows: rows.map { CategoryReport.Row(name: $0.period.label, label: $0.period.label, felt: $0.felt) })
    }

    /// The table and the sparklines, without a final newline, in `style`'s colours; sparklines show
    /// the last periods that fit in `width` cells.
    func text(width: Int, style: OutputStyle) -> String {
        let lines = categories.tableLines(style: style) + [""] + sparklines(width: width, style: style)
        return lines.joined(separator: "\n")
    }

    /// A sparkline per emotion, all five drawn to one scale so that their heights compare, and one
    /// for the score; with a note when only the last periods fit.
    private func sparklines(width: Int, style: OutputStyle) -> [String] {
        let labels = Emotion.allCases.map { style.language.label(for: $0) }
        let nameWidth = (labels + ["score"]).map(CellWidth.of).max() ?? 0
        let room = max(1, width - 3 - nameWidth - 2)
        let shown = rows.suffix(room)
        let largest = shown.flatMap { row in Emotion.allCases.map { row.felt.wholeCount(of: $0) } }.max() ?? 0
        var lines: [String] = []
        for (emotion, label) in zip(Emotion.allCases, labels) {
            let line = Sparkline.counts(shown.map { $0.felt.wholeCount(of: emotion) }, largest: largest)
            lines.append(emotion.emoji + " " + style.paint(label, as: emotion) + spaces(nameWidth - CellWidth.of(label)) + "  " + style.paint(line, as: emotion))
        }
        lines.append("   score" + spaces(nameWidth - 5) + "  " + Sparkline.scores(shown.map { $0.felt.score }))
        if shown.count < rows.count {
            lines += CutOffNote.lines(shown: shown.count, of: rows.count, unit: length.name, width: width)
        }
        return lines
    }

    /// `{"by": "day", "since": …, "until": …, "periods": [{"start": "2026-11-22", "counts": {…},
    /// "total": N, "score": 3.5}, …]}`, `"score": null` for an empty period.
    func json(range: TimeRange, zone: TimeZoneRules) -> String {
        categories.json(range: range, zone: zone)
    }

    private func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }

}
