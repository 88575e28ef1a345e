import Foundation
import Testing

/// `emotions stats [EMOTION] [--json]`.
struct StatsTests {
    /// One row of the table, split into its columns.
    struct Row: Equatable, CustomStringConvertible {
        var emoji: String?
        var name: String
        var count: String
        var bar: String
        var percent: String

        var description: String { "\(emoji ?? "") \(name) \(count) [\(bar)] \(percent)" }

        /// Reads `😄 happy  16  ████  72.7%`; the bar may be missing, the total row has no emoji.
        init?(_ line: String) {
            var words = line.split(separator: " ").map(String.init)
            guard words.count >= 3 else { return nil }
            emoji = words[0].allSatisfy(\.isASCII) ? nil : words.removeFirst()
            guard words.count == 3 || words.count == 4 else { return nil }
            name = words[0]
            count = words[1]
            bar = words.count == 4 ? words[2] : ""
            percent = words[words.count - 1]
        }

        /// The bar's length in eighths of a cell, or `nil` if it holds anything but block elements
        /// or has a partial block anywhere but at its end.
        var eighths: Int? {
            let partials: [Character: Int] = ["▏": 1, "▎": 2, "▍": 3, "▌": 4, "▋": 5, "▊": 6, "▉": 7]
            var total = 0
            for (offset, block) in bar.enumerated() {
                if block == "█" {
                    total += 8
                } else if let part = partials[block], offset == bar.count - 1 {
                    total += part
                } else {
                    return nil
                }
            }
            return total
        }
    }

    @Test func statsShowsEachEmotionWithEmojiCountBarAndShareThenTheTotal() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 16, smile: 1, neutral: 0, upset: 2, sad: 3))
        let outcome = try await sandbox.run("stats")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: "")
        let rows = outcome.stdoutLines.map(Row.init)
        try #require(rows.count == 6, "\(outcome)")

        let expected: [(emoji: String?, name: String, count: String, percent: String)] = [
            ("😄", "happy", "16", "72.7%"), ("🙂", "smile", "1", "4.5%"), ("😐", "neutral", "0", "0.0%"),
            ("😕", "upset", "2", "9.1%"), ("😢", "sad", "3", "13.6%"), (nil, "total", "22", "100.0%"),
        ]
        for (row, expected) in zip(rows, expected) {
            let row = try #require(row, "\(outcome)")
            expect(row.emoji, equals: expected.emoji, "\(row)")
            expect(row.name, equals: expected.name, "\(row)")
            expect(row.count, equals: expected.count, "\(row)")
            expect(row.percent, equals: expected.percent, "\(row)")
        }

        // Bars are drawn in eighth blocks, the largest count the longest, the others in proportion.
        let counts = [16, 1, 0, 2, 3]
        let eighths = try rows.prefix(5).map { try #require($0?.eighths, "\(outcome)") }
        let longest = eighths[0]
        #expect(longest >= 8 * 8, "the largest count's bar should be a good length: \(outcome)")
        for (count, length) in zip(counts, eighths) {
            let proportional = Double(count) / 16 * Double(longest)
            #expect(abs(Double(length) - proportional) <= 1, "count \(count) has a bar of \(length) eighths: \(outcome)")
        }
        expect(rows[2]?.bar, equals: "", "a zero has no bar")
        expect(rows[5]?.bar, equals: "", "the total has no bar")
        #expect(outcome.stdout.contains { "▏▎▍▌▋▊▉".contains($0) }, "some bar should end in a partial block: \(outcome)")
    }

    @Test func statsOfAllZerosShowsZeroPercentNotNaN() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("stats")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stderr, equals: "")
        let rows = outcome.stdoutLines.map(Row.init)
        expect(rows.map { $0?.name }, equals: ["happy", "smile", "neutral", "upset", "sad", "total"], "\(outcome)")
        expect(rows.map { $0?.emoji }, equals: ["😄", "🙂", "😐", "😕", "😢", nil], "\(outcome)")
        for row in rows {
            expect(row?.count, equals: "0", "\(outcome)")
            expect(row?.bar, equals: "", "\(outcome)")
            expect(row?.percent, equals: "0.0%", "\(outcome)")
        }
        #expect(!outcome.stdout.lowercased().contains("nan"))
        #expect(!outcome.stdout.lowercased().contains("inf"))
    }

    @Test func statsOfOneEmotionPrintsJustItsCount() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 4, sad: 7))
        expectSuccess(try await sandbox.run("stats", "sad"), stdout: "7\n")
        expectSuccess(try await sandbox.run("stats", "VeryHappy"), stdout: "4\n")
        expectSuccess(try await sandbox.run("stats", "neutral"), stdout: "0\n")
    }

    @Test func statsWithJSONPrintsAllCountsAndTheTotal() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 5, smile: 4, neutral: 3, upset: 2, sad: 1))
        let outcome = try await sandbox.run("stats", "--json")
        expectSuccess(
            outcome,
            stdout: #"{"counts": {"happy": 5, "smile": 4, "neutral": 3, "upset": 2, "sad": 1}, "total": 15}"# + "\n")
        let object = try #require(DataFile.object(outcome.stdout), "\(outcome)")
        expect(object["total"] as? Int, equals: 15)
        expect(DataFile.counts(outcome.stdout), equals: Counts(happy: 5, smile: 4, neutral: 3, upset: 2, sad: 1))
    }

    @Test func statsWithJSONOnAFreshHomeIsAllZeros() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("stats", "--json")
        expectSuccess(
            outcome,
            stdout: #"{"counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}, "total": 0}"# + "\n")
    }

    @Test(arguments: [["stats", "sad", "--json"], ["stats", "--json", "sad"], ["stats", "very-sad", "--json"]])
    func statsOfOneEmotionWithJSONPrintsItsNameAndCount(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 4, sad: 7))
        let outcome = try await sandbox.run(arguments)
        expectSuccess(outcome, stdout: #"{"emotion": "sad", "count": 7}"# + "\n")
        let object = try #require(DataFile.object(outcome.stdout), "\(outcome)")
        expect(object["emotion"] as? String, equals: "sad")
        expect(object["count"] as? Int, equals: 7)
    }

    @Test func statsShowsWhatTapsAddAndResetsTakeAway() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "-q", "happy", "happy", "upset"), stdout: "")
        expectSuccess(try await sandbox.run("add", "-q", "sad", "10"), stdout: "")
        expectSuccess(try await sandbox.run("reset", "-q", "upset"), stdout: "")
        let outcome = try await sandbox.run("stats", "--json")
        expect(DataFile.counts(outcome.stdout), equals: Counts(happy: 2, sad: 10), "\(outcome)")
        expect(DataFile.object(outcome.stdout)?["total"] as? Int, equals: 12, "\(outcome)")
    }

    @Test func statsOfAnUnknownEmotionIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("stats", "neutrl")
        expectUsageError(outcome, command: "emotions stats", message: "Unknown emotion 'neutrl'. Did you mean 'neutral'?")
    }

    @Test func statsOfMoreThanOneEmotionIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("stats", "happy", "sad")
        expectUsageError(outcome, command: "emotions stats", message: "Unexpected argument 'sad'")
    }
}
