import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CategoryReportTests {
    /// What was felt on 2026-11-16 (a Monday) and 2026-11-22 (a Sunday), by weekday.
    func weekdays() throws -> [Weekday: Felt] {
        let days = try feltByDay([("2026-11-16", .happy, 1), ("2026-11-16", .smile, 1), ("2026-11-22", .sad, 3)])
        var felt: [Weekday: Felt] = [:]
        for (period, day) in days { felt[period.start.weekday, default: Felt()].merge(day) }
        return felt
    }

    @Test func weekdaysAreAllSevenMondayFirstWithEmptyOnesDotted() throws {
        let report = CategoryReport(weekdays: try weekdays())
        expect(report.rows.map(\.name), equals: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
        expect(report.tableLines(style: .plain), equals: [
            "           😄  🙂  😐  😕  😢  total  score",
            "Monday      1   1   ·   ·   ·      2    4.5",
            "Tuesday     ·   ·   ·   ·   ·      ·       ",
            "Wednesday   ·   ·   ·   ·   ·      ·       ",
            "Thursday    ·   ·   ·   ·   ·      ·       ",
            "Friday      ·   ·   ·   ·   ·      ·       ",
            "Saturday    ·   ·   ·   ·   ·      ·       ",
            "Sunday      ·   ·   ·   ·   3      3    1.0",
        ])
    }

    @Test func theJSONNamesItsRowsByTheKeysGivenSoThatTagsCanReuseIt() throws {
        let felt = try weekdays()
        let range = TimeRange(since: nil, until: Instant(millisecondsSinceEpoch: 0))
        let empty = #"{"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}"#
        let tags = CategoryReport(
            by: "tag", key: "tag", listKey: "tags",
            rows: [.init(name: "gym", label: "gym", felt: felt[.monday] ?? Felt()), .init(name: "untagged", label: "untagged", felt: Felt())])
        expect(tags.json(range: range, zone: .utc), equals: #"{"by": "tag", "since": null, "until": "1970-01-01T00:00:00+00:00", "tags": ["#
            + #"{"tag": "gym", "counts": {"happy": 1, "smile": 1, "neutral": 0, "upset": 0, "sad": 0}, "total": 2, "score": 4.5}, "#
            + #"{"tag": "untagged", "counts": \#(empty), "total": 0, "score": null}]}"#)
        let weekdays = CategoryReport(weekdays: felt).json(range: range, zone: .utc)
        #expect(weekdays.hasPrefix(#"{"by": "weekday", "since": null, "until": "1970-01-01T00:00:00+00:00", "weekdays": [{"weekday": "monday", "#))
        #expect(weekdays.hasSuffix(#"{"weekday": "sunday", "counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 3}, "total": 3, "score": 1}]}"#))
    }
}
