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
        expect(report.bar(1, of: 16, width: 24), equals: "█▌")
        expect(report.bar(3, of: 64, width: 24), equals: "█▏")
        expect(report.bar(1, of: Int.max, width: 24), equals: "▏")
        expect(report.bar(0, of: 5, width: 24), equals: "")
        expect(report.bar(Int.max, of: Int.max, width: 24), equals: String(repeating: "█", count: 24))
        expect(report.bar(Int.max, of: Int.max, width: 50), equals: String(repeating: "█", count: 50))
        expect(report.bar(5, of: 5, width: 0), equals: "")
    }

    @Test func sharesRoundToOneDecimal() {
        let report = StatsReport(tally: Tally())
        expect(report.percent(1, of: 3), equals: "33.3%")
        expect(report.percent(2, of: 3), equals: "66.7%")
        expect(report.percent(Int.max, of: Int.max), equals: "100.0%")
        expect(report.percent(0, of: 0), equals: "0.0%")
    }

    @Test func hugeCountsKeepTheColumnsAligned() throws {
        let tally = try #require(Tally(counts: [.happy: Int.max - 1, .sad: 1]))
        let lines = StatsReport(tally: tally).table().split(separator: "\n")
        expect(lines.count, equals: 6)
        #expect(lines[5].contains(String(Int.max)))
        // Terminal cells before the "%": an emoji fills two cells but is one character.
        let columns = lines.map { line in line.prefix { $0 != "%" }.count + (line.hasPrefix(" ") ? 0 : 1) }
        expect(Set(columns).count, equals: 1, "\(columns)")
    }

    @Test func jsonHasAllFiveCountsAndTheTotal() throws {
        let tally = try #require(Tally(counts: [.happy: 1, .upset: 3]))
        #expect(StatsReport(tally: tally).json()
            == #"{"counts": {"happy": 1, "smile": 0, "neutral": 0, "upset": 3, "sad": 0}, "total": 4}"#)
        expect(StatsReport(tally: tally).json(for: .upset), equals: #"{"emotion": "upset", "count": 3}"#)
    }

    @Test(arguments: [[0, 0, 0, 0, 0], [1, 0, 0, 3, 0], [Int.max, 0, 0, 0, 0], [12, 345, 6_789, 10, 1], [0, 0, 0, 0, Int.max - 1]])
    func jsonWithoutARangeIsWhatTheJSONWriterWrites(counts: [Int]) throws {
        var tally = Tally()
        for (emotion, count) in zip(Emotion.allCases, counts) {
            _ = try tally.apply(.add(count, to: emotion))
        }
        let members: [(key: String, value: JSONValue)] = [
            ("counts", .object(Emotion.allCases.map { ($0.name, .integer(tally[$0])) })), ("total", .integer(tally.total)),
        ]
        expect(StatsReport(tally: tally).json(), equals: JSONValue.object(members).serialized(pretty: false))
    }

    @Test func jsonWithoutARangeOfWhatWasFeltIsWhatTheJSONWriterWrites() throws {
        // Sums past Int.max, a negative one and an exact Int.max: each held as shown, the total too.
        let felt = try feltByDay([
            ("2026-01-01", .happy, Int.max), ("2026-01-02", .happy, Int.max), ("2026-01-01", .smile, Int.max),
            ("2026-01-01", .upset, 5), ("2026-01-02", .upset, -9), ("2026-01-02", .sad, 1),
        ]).values.reduce(into: Felt()) { $0.merge($1) }
        let report = StatsReport(felt: felt)
        let members: [(key: String, value: JSONValue)] = [
            ("counts", .object(Emotion.allCases.map { ($0.name, .integer(report[$0])) })), ("total", .integer(report.total)),
        ]
        expect(report.json(), equals: JSONValue.object(members).serialized(pretty: false))
        expect(report.json(), equals: #"{"counts": {"happy": 9223372036854775807, "smile": 9223372036854775807, "neutral": 0, "upset": 0, "sad": 1}, "total": 9223372036854775807}"#)
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
        expect(withoutEscapes(coloured), equals: report.table())
        let lines = coloured.split(separator: "\n").map(String.init)
        for (emotion, line) in zip(Emotion.allCases, lines) {
            let code = "\u{1B}[\(emotion.color.rawValue)m"
            #expect(line.hasPrefix("\(emotion.emoji) \(code)\(emotion.name)\u{1B}[0m"), "\(line)")
            // The label, and the bar if there is one: each span closed by a reset.
            let spans = line.components(separatedBy: code).count - 1
            expect(spans, equals: (tally[emotion] > 0 ? 2 : 1), "\(line)")
            expect(line.components(separatedBy: "\u{1B}[0m").count - 1, equals: spans, "\(line)")
        }
        #expect(!hasEscapes(lines[5]), "the total line has no colour")
    }

    @Test func aColouredKoreanTableIsAsWideAsAPlainOne() throws {
        let tally = try #require(Tally(counts: [.happy: 12, .neutral: 3, .sad: 5]))
        for width in [30, 80, 120] {
            let plain = StatsReport(tally: tally).table(width: width, style: OutputStyle(usesColor: false, language: .korean))
            let coloured = StatsReport(tally: tally).table(width: width, style: OutputStyle(usesColor: true, language: .korean))
            expect(withoutEscapes(coloured), equals: plain)
            expect(Set(plain.split(separator: "\n").map(cells)).count, equals: 1, "the columns line up: \(plain)")
        }
    }

    /// Tallies from empty to huge, for the width checks below.
    private static let tallies: [Tally] = [
        Tally(), Tally(counts: [.happy: 1]), Tally(counts: [.happy: 4, .smile: 2, .neutral: 1, .sad: 2]),
        Tally(counts: [.happy: 1_000_000, .smile: 999_999, .upset: 12_345_678]),
        Tally(counts: [.happy: Int.max / 2, .sad: Int.max / 2]),
    ].compactMap(\.self)

    @Test func noLineIsWiderThanTheWidthFromTwentyToTwoHundredColumns() {
        expect(StatsReportTests.tallies.count, equals: 5)
        for tally in StatsReportTests.tallies {
            for language in [Language.english, .korean] {
                for usesColor in [false, true] {
                    let style = OutputStyle(usesColor: usesColor, language: language)
                    for width in 20...200 {
                        let lines = StatsReport(tally: tally).table(width: width, style: style).split(separator: "\n")
                        expect(lines.count, equals: 6)
                        // Only a count too long for any layout may push a line past the width (below).
                        guard String(tally.total).count <= 9 else { continue }
                        for line in lines where cells(line) > width {
                            Issue.record("\(cells(line)) cells at width \(width): \(line)")
                        }
                    }
                }
            }
        }
    }

    @Test func nineteenDigitCountsFitFromTwentyEightColumnsAndAreNeverCut() throws {
        let tally = try #require(Tally(counts: [.happy: Int.max - 1, .sad: 1]))
        for width in 20...200 {
            let table = StatsReport(tally: tally).table(width: width)
            #expect(table.contains(String(Int.max)) && table.contains(String(Int.max - 1)))
            let widest = table.split(separator: "\n").map(cells).max() ?? 0
            // "neutral  9223372036854775807" is 28 cells: the narrowest the table can be.
            #expect(widest <= max(width, 28), "\(widest) cells at width \(width)")
        }
    }

    @Test func theBarsScaleWithTheWidth() throws {
        let tally = try #require(Tally(counts: [.happy: 10, .sad: 5]))
        let report = StatsReport(tally: tally)
        for (width, longest) in [(40, 12), (80, 24), (100, 30), (200, 50)] {
            let happy = try #require(report.table(width: width).split(separator: "\n").first)
            expect(happy.filter { $0 == "█" }.count, equals: longest, "\(happy)")
            #expect(cells(happy) <= width)
        }
    }

    @Test func narrowTablesDropTheBarThenTheShareThenTheEmoji() throws {
        let tally = try #require(Tally(counts: [.happy: 3, .sad: 1]))
        let report = StatsReport(tally: tally)
        #expect(report.table(width: 24) == """
            😄 happy    3   75.0%
            🙂 smile    0    0.0%
            😐 neutral  0    0.0%
            😕 upset    0    0.0%
            😢 sad      1   25.0%
               total    4  100.0%
            """)
        #expect(report.table(width: 20) == """
            😄 happy    3
            🙂 smile    0
            😐 neutral  0
            😕 upset    0
            😢 sad      1
               total    4
            """)
        #expect(report.table(width: 10) == """
            happy    3
            smile    0
            neutral  0
            upset    0
            sad      1
            total    4
            """)
    }

    @Test func nothingCountedShowsZerosAtEveryWidthAndLanguage() {
        for width in [10, 20, 24, 40, 80, 200] {
            for language in [Language.english, .korean] {
                let table = StatsReport(tally: Tally()).table(width: width, style: OutputStyle(usesColor: true, language: language))
                #expect(!table.lowercased().contains("nan") && !table.lowercased().contains("inf"))
                #expect(!table.contains("█"))
                #expect(table.split(separator: "\n").allSatisfy { $0.hasSuffix(" 0") || $0.hasSuffix(" 0.0%") })
            }
        }
    }
}
