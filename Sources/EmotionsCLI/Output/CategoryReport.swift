import EmotionKit

/// Rows of what was felt, each under a label: periods, weekdays, or tags. Shown as a table
/// of the five counts, the total and the mood score, or as JSON, the rows in the order given.
///
/// `stats --by` builds one for each of its groupings: `PeriodReport` for its table and JSON, and
/// `--by weekday` and `--by tag` as it is.
struct CategoryReport {
    /// One row: `name` in JSON, `label` in the table.
    struct Row {
        /// The row's name in JSON: `monday`, `2026-11-22`, `gym`; `nil` (JSON's `null`) for the
        /// changes without tags.
        let name: String?
        /// The row's label in the table: `Monday`, `2026-11-22`, `gym`.
        let label: String
        /// What was felt in it.
        let felt: Felt
    }

    /// What the rows are by, as `--by` and JSON's `"by"` name it: `day`, `weekday`.
    let by: String
    /// A row's name's key in JSON (`start`, `weekday`, `tag`) and the list's (`periods`, `weekdays`, `tags`).
    let key: String
    let listKey: String
    /// The rows, in order.
    let rows: [Row]

    /// A header line (the emojis, `total`, `score`), then a line per row; in `style`'s colours and
    /// labels; an empty count or total is `·`, an empty row's score is blank.
    func tableLines(style: OutputStyle) -> [String] {
        let labelWidth = max(rows.map { CellWidth.of($0.label) }.max() ?? 0, 6)
        let largest = rows.flatMap { row in Emotion.allCases.map { row.felt[$0] } }.max() ?? 0
        let countWidth = max(2, String(largest).count)
        let totalWidth = max(style.language.totalLabel.count, rows.map { String($0.felt.total).count }.max() ?? 0)
        var header = spaces(labelWidth)
        for emotion in Emotion.allCases { header += "  " + spaces(countWidth - 2) + emotion.emoji }
        var lines = [header + "  " + padLeft(style.language.totalLabel, totalWidth) + "  score"]
        for row in rows {
            var line = row.label + spaces(labelWidth - CellWidth.of(row.label))
            for emotion in Emotion.allCases {
                let count = row.felt[emotion]
                line += "  " + (count == 0 ? padLeft("·", countWidth) : style.paint(padLeft(String(count), countWidth), as: emotion))
            }
            line += "  " + padLeft(row.felt.total == 0 ? "·" : String(row.felt.total), totalWidth)
            line += "  " + padLeft(row.felt.score.map(CategoryReport.scoreText) ?? "", 5)
            lines.append(line)
        }
        return lines
    }

    /// `{"by": "weekday", "since": …, "until": …, "weekdays": [{"weekday": "monday", "counts": {…},
    /// "total": N, "score": 3.5}, …]}`, `"score": null` for an empty row.
    func json(range: TimeRange, zone: TimeZoneRules) -> String {
        let list = rows.map { row in
            JSONValue.object([
                (key, row.name.map(JSONValue.string) ?? .null),
                ("counts", .object(Emotion.allCases.map { ($0.name, .integer(row.felt[$0])) })),
                ("total", .integer(row.felt.total)),
                ("score", row.felt.score.map { .number(CategoryReport.scoreJSON($0)) } ?? .null),
            ])
        }
        let members: [(key: String, value: JSONValue)] = [("by", .string(by))] + range.jsonMembers(zone: zone) + [(listKey, .array(list))]
        return JSONValue.object(members).serialized(pretty: false)
    }

    /// `3.5`: a score to one decimal place, as the table shows it.
    static func scoreText(_ score: Double) -> String {
        let tenths = Int((score * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `3.67`: a score to two decimal places, without trailing zeros, as JSON writes it.
    static func scoreJSON(_ score: Double) -> String {
        let hundredths = Int((score * 100).rounded())
        var text = "\(hundredths / 100)"
        let fraction = hundredths % 100
        if fraction != 0 { text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)") }
        return text
    }

    private func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }

    private func padLeft(_ text: String, _ width: Int) -> String {
        spaces(width - text.count) + text
    }
}

extension CategoryReport {
    /// What was felt by weekday, Monday first, all seven: `--by weekday`.
    init(weekdays felt: [Weekday: Felt]) {
        let order: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        self.init(
            by: "weekday", key: "weekday", listKey: "weekdays",
            rows: order.map { Row(name: $0.name, label: $0.name.prefix(1).uppercased() + $0.name.dropFirst(), felt: felt[$0] ?? Felt()) })
    }
}

extension CategoryReport {
    /// What was felt with each tag, the most felt first, then in changes without tags (`"tag": null`,
    /// shown as `(untagged)`): `--by tag`.
    init(tags felt: FeltByTag) {
        self.init(
            by: "tag", key: "tag", listKey: "tags",
            rows: felt.rows.map { Row(name: $0.tag.name, label: $0.tag.name, felt: $0.felt) }
                + [Row(name: nil, label: "(untagged)", felt: felt.untagged)])
    }
}
