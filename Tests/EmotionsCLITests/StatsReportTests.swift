import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct StatsReportTests {
    @Test func theTableShowsEveryEmotionWithEmojiCountBarAndShare() throws {
        let tally = try #require(Tally(counts: [.happy: 4, .smile: 2, .sad: 2]))
        #expect(StatsReport(tally: tally).table() == """
            😄 happy    4  ████████████████████████   50.0%
            🙂 smile    2  ████████████               25.0%
            😐 neutral  0                              0.0%
            😕 upset    0                              0.0%
            😢 sad      2  ████████████               25.0%
               total    8                            100.0%
            """)
    }

    @Test func nothingCountedShowsZerosNotNaN() {
        let table = StatsReport(tally: Tally()).table()
        #expect(!table.contains("nan") && !table.contains("NaN"))
        #expect(table.split(separator: "\n").allSatisfy { $0.hasSuffix(" 0.0%") })
    }

    @Test func barsUseEighthBlocksAndAnyCountShowsASliver() {
        let report = StatsReport(tally: Tally())
        #expect(report.bar(1, of: 16) == "█▌")
        #expect(report.bar(3, of: 64) == "█▏")
        #expect(report.bar(1, of: Int.max) == "▏")
        #expect(report.bar(0, of: 5) == "")
        #expect(report.bar(Int.max, of: Int.max) == String(repeating: "█", count: StatsReport.barWidth))
    }

    @Test func sharesRoundToOneDecimal() {
        let report = StatsReport(tally: Tally())
        #expect(report.percent(1, of: 3) == "33.3%")
        #expect(report.percent(2, of: 3) == "66.7%")
        #expect(report.percent(Int.max, of: Int.max) == "100.0%")
        #expect(report.percent(0, of: 0) == "0.0%")
    }

    @Test func hugeCountsKeepTheColumnsAligned() throws {
        let tally = try #require(Tally(counts: [.happy: Int.max - 1, .sad: 1]))
        let lines = StatsReport(tally: tally).table().split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[5].contains(String(Int.max)))
        // Terminal cells before the "%": an emoji fills two cells but is one character.
        let columns = lines.map { line in line.prefix { $0 != "%" }.count + (line.hasPrefix(" ") ? 0 : 1) }
        #expect(Set(columns).count == 1, "\(columns)")
    }

    @Test func jsonHasAllFiveCountsAndTheTotal() throws {
        let tally = try #require(Tally(counts: [.happy: 1, .upset: 3]))
        #expect(StatsReport(tally: tally).json()
            == #"{"counts": {"happy": 1, "smile": 0, "neutral": 0, "upset": 3, "sad": 0}, "total": 4}"#)
        #expect(StatsReport(tally: tally).json(for: .upset) == #"{"emotion": "upset", "count": 3}"#)
    }
}
