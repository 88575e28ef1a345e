import EmotionKit
import Foundation
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

    @Test func theKoreanTableAlignsItsTwoCellWideLabels() throws {
        let tally = try #require(Tally(counts: [.happy: 4, .smile: 2, .sad: 2]))
        let korean = OutputStyle(usesColor: false, language: .korean)
        #expect(StatsReport(tally: tally).table(style: korean) == """
            😄 완전행복  4  ████████████████████████   50.0%
            🙂 적당미소  2  ████████████               25.0%
            😐 그냥그냥  0                              0.0%
            😕 좀속상한  0                              0.0%
            😢 많이슬픈  2  ████████████               25.0%
               합계      8                            100.0%
            """)
    }

    @Test func colourPaintsEachLabelAndBarInItsEmotionsColourAndNothingElse() throws {
        let tally = try #require(Tally(counts: [.happy: 4, .smile: 2, .upset: 1, .sad: 2]))
        let report = StatsReport(tally: tally)
        let coloured = report.table(style: OutputStyle(usesColor: true, language: .english))
        #expect(withoutEscapes(coloured) == report.table())
        let lines = coloured.split(separator: "\n").map(String.init)
        for (emotion, line) in zip(Emotion.allCases, lines) {
            let code = "\u{1B}[\(emotion.color.rawValue)m"
            #expect(line.hasPrefix("\(emotion.emoji) \(code)\(emotion.name)\u{1B}[0m"), "\(line)")
            // The label, and the bar if there is one: each span closed by a reset.
            let spans = line.components(separatedBy: code).count - 1
            #expect(spans == (tally[emotion] > 0 ? 2 : 1), "\(line)")
            #expect(line.components(separatedBy: "\u{1B}[0m").count - 1 == spans, "\(line)")
        }
        #expect(!hasEscapes(lines[5]), "the total line has no colour")
    }
}
