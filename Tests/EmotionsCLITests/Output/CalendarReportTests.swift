import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CalendarReportTests {
    /// Wednesday 2025-02-26 through Wednesday 2025-03-12, seen on Tuesday 2025-03-11: three weeks.
    private func threeWeeks(_ felt: [(day: String, emotion: Emotion, amount: Int)]) throws -> CalendarReport {
        CalendarReport(
            range: CalendarRange(from: try date("2025-02-26"), through: try date("2025-03-12")),
            today: try date("2025-03-11"), felt: try feltByDay(felt))
    }

    @Test func withoutColourEachDayIsALetterOrADotCellByCell() throws {
        let report = try threeWeeks([
            ("2025-02-26", .happy, 1), ("2025-03-01", .sad, 2), ("2025-03-03", .smile, 1),
            ("2025-03-04", .smile, 1), ("2025-03-04", .neutral, 1), ("2025-03-10", .upset, 1),
        ])
        // Columns: the weeks of Monday 02-24, 03-03 and 03-10. Before the range and after today: blank.
        #expect(report.text() == """
                Mar
            Mon   S U
            Tue   N ·
            Wed H ·
            Thu · ·
            Fri · ·
            Sat D ·
            Sun · ·

            H happy  S smile  N neutral  U upset  D sad  · nothing felt
            """)
    }

    @Test func inColourEachDayIsABlockAndARunOfOneEmotionIsPaintedOnce() throws {
        let report = CalendarReport(
            range: CalendarRange(from: try date("2025-02-24"), through: try date("2025-03-16")),
            today: try date("2025-03-16"),
            felt: try feltByDay([("2025-02-24", .happy, 1), ("2025-03-03", .happy, 1), ("2025-03-10", .sad, 1)]))
        let lines = report.text(style: OutputStyle(usesColor: true, language: .english)).split(separator: "\n", omittingEmptySubsequences: false)
        expect(lines[1], equals: "Mon \u{1B}[33m████\u{1B}[0m\u{1B}[34m██\u{1B}[0m")
        expect(lines[2], equals: "Tue · · ·")
        expect(lines[9], equals: "\u{1B}[33m██\u{1B}[0m happy  \u{1B}[32m██\u{1B}[0m smile  \u{1B}[36m██\u{1B}[0m neutral  "
            + "\u{1B}[35m██\u{1B}[0m upset  \u{1B}[34m██\u{1B}[0m sad  · nothing felt")
    }

    @Test func aYearFitsAHundredAndElevenColumnsWithEveryMonthNamed() throws {
        let report = CalendarReport(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: [:])
        let lines = report.text(width: 111).split(separator: "\n", omittingEmptySubsequences: false)
        expect(lines.count, equals: 10, "no note: every week fits")
        expect(lines[0], equals: "    Jan     Feb     Mar       Apr     May     Jun       Jul     Aug       Sep     Oct     Nov       Dec")
        expect(lines[1], equals: "Mon   " + String(repeating: "· ", count: 51) + "·")
        expect(lines[4], equals: "Thu " + String(repeating: "· ", count: 51) + "·", "Thursday 2026-01-01 is not in 2025")
        #expect(lines.allSatisfy { cells($0) <= 111 })
    }

    @Test func whereItIsNarrowTheLatestWeeksShowAndANoteSaysSo() throws {
        let felt = try feltByDay([("2025-12-31", .smile, 1), ("2025-01-01", .sad, 1)])
        let report = CalendarReport(range: try #require(.year(2025)), today: try date("2026-11-23"), felt: felt)
        let lines = report.text(width: 40).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { cells($0) <= 40 }, "\(lines)")
        // 17 weeks: from Monday 2025-09-08; Wednesday 2025-12-31 is in the last column.
        expect(lines[0], equals: "          Oct     Nov       Dec", "October 1 is in the fourth column shown")
        expect(lines[3], equals: "Wed " + String(repeating: "· ", count: 16) + "S")
        #expect(!lines[1...7].joined().contains("D"), "the first of January's week is not shown")
        expect(Array(lines.suffix(4)), equals: [
            "H happy  S smile  N neutral  U upset", "D sad  · nothing felt",
            "Showing the last 17 of 53 weeks; widen", "the terminal to see them all.",
        ])
    }

    @Test func theLegendSpeaksTheLanguageOfTheLabels() throws {
        let report = try threeWeeks([])
        let legend = report.legend(width: 80, style: OutputStyle(usesColor: false, language: .korean))
        expect(legend, equals: ["H 완전행복  S 적당미소  N 그냥그냥  U 좀속상한  D 많이슬픈  · nothing felt"])
    }

    @Test func jsonListsTheDaysSomethingWasFeltInOrderWithTheirCounts() throws {
        let report = try threeWeeks([
            ("2025-03-04", .smile, 1), ("2025-03-04", .neutral, 1), ("2025-02-26", .happy, 3),
            ("2025-02-25", .sad, 1), ("2025-03-05", .upset, 2), ("2025-03-05", .upset, -2),
        ])
        expect(report.json(zone: .fixed(secondsEast: 9 * 3600)), equals: #"{"since": "2025-02-26T00:00:00+09:00", "until": "2025-03-13T00:00:00+09:00", "days": ["#
            + #"{"date": "2025-02-26", "emotion": "happy", "counts": {"happy": 3, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}}, "#
            + #"{"date": "2025-03-04", "emotion": "neutral", "counts": {"happy": 0, "smile": 1, "neutral": 1, "upset": 0, "sad": 0}}]}"#)
        try expect(threeWeeks([]).json(zone: .utc), equals: #"{"since": "2025-02-26T00:00:00+00:00", "until": "2025-03-13T00:00:00+00:00", "days": []}"#)
    }
}
