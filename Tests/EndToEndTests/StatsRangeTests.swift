import Foundation
import Testing

/// `stats` over a range and `stats --by`, through the built binary, under real time zones (`TZ`),
/// with changes placed by `--at` around midnight, daylight saving changes and ISO week-year edges.
struct StatsRangeTests {
    /// Taps `emotion` placed at `time` in `zone`, expecting success.
    private func tap(_ sandbox: Sandbox, _ emotion: String, at time: String, zone: String) async throws {
        let outcome = try await sandbox.run(["tap", emotion, "--at", time, "-q"], environment: ["TZ": zone])
        expect(outcome.status, equals: 0, "\(outcome)")
    }

    /// What `stats arguments… --json` prints in `zone`.
    private func json(_ sandbox: Sandbox, _ arguments: [String], zone: String) async throws -> String {
        let outcome = try await sandbox.run(["stats"] + arguments + ["--json"], environment: ["TZ": zone])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
        return outcome.stdout
    }

    private func counts(_ happy: Int, _ smile: Int, _ neutral: Int, _ upset: Int, _ sad: Int) -> String {
        #"{"happy": \#(happy), "smile": \#(smile), "neutral": \#(neutral), "upset": \#(upset), "sad": \#(sad)}"#
    }

    @Test func aRangeAcrossNewYorksSpringGapCountsItsLocalDayOf23Hours() async throws {
        let sandbox = try Sandbox()
        let zone = "America/New_York"
        try await tap(sandbox, "sad", at: "2026-03-07T23:59", zone: zone)
        try await tap(sandbox, "happy", at: "2026-03-08T00:00", zone: zone)
        try await tap(sandbox, "happy", at: "2026-03-08T03:30", zone: zone)  // Just after the gap: EDT.
        try await tap(sandbox, "smile", at: "2026-03-08T23:59", zone: zone)
        try await tap(sandbox, "upset", at: "2026-03-09T00:00", zone: zone)
        #expect(try await json(sandbox, ["--since", "2026-03-08", "--until", "2026-03-08"], zone: zone)
            == #"{"since": "2026-03-08T00:00:00-05:00", "until": "2026-03-09T00:00:00-04:00", "counts": \#(counts(2, 1, 0, 0, 0)), "total": 3, "days": 1, "streak": {"current": 1, "longest": 1}}"# + "\n")
        #expect(try await json(sandbox, ["happy", "--since", "2026-03-08T01:00", "--until", "2026-03-09"], zone: zone)
            == #"{"emotion": "happy", "count": 1, "since": "2026-03-08T01:00:00-05:00", "until": "2026-03-10T00:00:00-04:00"}"# + "\n")
        #expect(try await json(sandbox, ["--by", "day", "--since", "2026-03-07", "--until", "2026-03-09"], zone: zone)
            == #"{"by": "day", "since": "2026-03-07T00:00:00-05:00", "until": "2026-03-10T00:00:00-04:00", "periods": ["#
            + #"{"start": "2026-03-07", "counts": \#(counts(0, 0, 0, 0, 1)), "total": 1, "score": 1}, "#
            + #"{"start": "2026-03-08", "counts": \#(counts(2, 1, 0, 0, 0)), "total": 3, "score": 4.67}, "#
            + #"{"start": "2026-03-09", "counts": \#(counts(0, 0, 0, 1, 0)), "total": 1, "score": 2}]}"# + "\n")
        let count = try await sandbox.run(["stats", "happy", "--since", "2026-03-08", "--until", "2026-03-08"], environment: ["TZ": zone])
        expectSuccess(count, stdout: "2\n")
    }

    @Test func newYorksAutumnDayOf25HoursIsOneDay() async throws {
        let sandbox = try Sandbox()
        let zone = "America/New_York"
        try await tap(sandbox, "happy", at: "2026-11-01T00:30", zone: zone)
        try await tap(sandbox, "happy", at: "2026-11-01T01:30", zone: zone)  // The first 01:30, EDT.
        try await tap(sandbox, "sad", at: "2026-11-01T01:30-05:00", zone: zone)  // The second, EST.
        try await tap(sandbox, "neutral", at: "2026-11-01T23:30", zone: zone)
        try await tap(sandbox, "neutral", at: "2026-11-02T00:00", zone: zone)
        #expect(try await json(sandbox, ["--by", "day", "--since", "2026-11-01", "--until", "2026-11-01"], zone: zone)
            == #"{"by": "day", "since": "2026-11-01T00:00:00-04:00", "until": "2026-11-02T00:00:00-05:00", "periods": ["#
            + #"{"start": "2026-11-01", "counts": \#(counts(2, 0, 1, 0, 1)), "total": 4, "score": 3.5}]}"# + "\n")
    }

    @Test func weeksAreISOWeeksAcrossTheWeekYearsEdge() async throws {
        let sandbox = try Sandbox()
        let zone = "Asia/Tokyo"
        try await tap(sandbox, "sad", at: "2024-12-29T23:59", zone: zone)  // Sunday: 2024-W52.
        try await tap(sandbox, "happy", at: "2024-12-30T00:00", zone: zone)  // Monday: 2025-W01.
        try await tap(sandbox, "smile", at: "2025-01-05T23:59", zone: zone)  // Sunday: still 2025-W01.
        try await tap(sandbox, "upset", at: "2025-01-06T00:00", zone: zone)  // 2025-W02.
        #expect(try await json(sandbox, ["--by", "week", "--since", "2024-12-23", "--until", "2025-01-12"], zone: zone)
            == #"{"by": "week", "since": "2024-12-23T00:00:00+09:00", "until": "2025-01-13T00:00:00+09:00", "periods": ["#
            + #"{"start": "2024-W52", "counts": \#(counts(0, 0, 0, 0, 1)), "total": 1, "score": 1}, "#
            + #"{"start": "2025-W01", "counts": \#(counts(1, 1, 0, 0, 0)), "total": 2, "score": 4.5}, "#
            + #"{"start": "2025-W02", "counts": \#(counts(0, 0, 0, 1, 0)), "total": 1, "score": 2}]}"# + "\n")
        #expect(try await json(sandbox, ["--by", "month", "--since", "2024-11-15", "--until", "2025-02-01"], zone: zone)
            == #"{"by": "month", "since": "2024-11-15T00:00:00+09:00", "until": "2025-02-02T00:00:00+09:00", "periods": ["#
            + #"{"start": "2024-11", "counts": \#(counts(0, 0, 0, 0, 0)), "total": 0, "score": null}, "#
            + #"{"start": "2024-12", "counts": \#(counts(1, 0, 0, 0, 1)), "total": 2, "score": 3}, "#
            + #"{"start": "2025-01", "counts": \#(counts(0, 1, 0, 1, 0)), "total": 2, "score": 3}, "#
            + #"{"start": "2025-02", "counts": \#(counts(0, 0, 0, 0, 0)), "total": 0, "score": null}]}"# + "\n")
    }

    @Test func aChangeStaysOnTheDayWhereItWasMadeWhenTheOffsetChanges() async throws {
        let sandbox = try Sandbox()
        try await tap(sandbox, "happy", at: "2026-11-22T23:30", zone: "Asia/Tokyo")  // 14:30Z.
        try await tap(sandbox, "sad", at: "2026-11-22T20:00", zone: "America/Los_Angeles")  // 04:00Z on the 23rd.
        for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles"] {
            let outcome = try await sandbox.run(["stats", "--by", "day", "--since", "2026-11-20", "--until", "2026-11-24", "--json"], environment: ["TZ": zone])
            let object = try #require(DataFile.object(outcome.stdout), "\(outcome)")
            let periods = try #require(object["periods"] as? [[String: Any]])
            let felt = periods.filter { ($0["total"] as? Int ?? 0) > 0 }.compactMap { $0["start"] as? String }
            expect(felt, equals: ["2026-11-22"], "in \(zone): \(outcome.stdout)")
        }
    }

    @Test func resetsUndoneChangesAndNegativeAddsAreCountedAsTheIssueSays() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()  // So that no local midnight falls between the taps and --today.
        for arguments in [["add", "happy", "3"], ["tap", "sad"], ["undo"], ["tap", "smile"], ["undo"], ["redo"], ["reset", "--all"], ["add", "neutral", "2"], ["add", "neutral", "-2"], ["tap", "upset"], ["add", "upset", "-1"], ["add", "upset", "-0"]] {
            let outcome = try await sandbox.run(arguments + ["-q"], environment: ["TZ": zone])
            expect(outcome.status, equals: 0, "\(outcome)")
        }
        #expect(try await json(sandbox, ["--today"], zone: zone).contains(#""counts": \#(counts(3, 1, 0, 0, 0)), "total": 4, "days": 1, "streak": {"current": 1, "longest": 1}}"#))
        // The running tally was reset: what was felt is not.
        expectSuccess(try await sandbox.run("stats", "--json"), stdout: #"{"counts": \#(counts(0, 0, 0, 0, 0)), "total": 0}"# + "\n")
    }

    @Test func countsLargerThanATallyHoldsShowEachCountWholeAndTheTotalHeldAtTheLargest() async throws {
        let sandbox = try Sandbox()
        let largest = String(Int.max)
        for arguments in [
            ["add", "happy", largest, "--at", "2026-11-02T10:00"], ["reset", "happy"], ["add", "happy", largest, "--at", "2026-11-03T10:00"],
            ["reset", "happy"], ["add", "sad", largest, "--at", "2026-11-04T10:00"],
        ] {
            try expect(await sandbox.run(arguments + ["-q"], environment: ["TZ": "UTC"]).status, equals: 0)
        }
        let range = ["--since", "2026-11-01", "--until", "2026-11-30"]
        try expect(await json(sandbox, range, zone: "UTC"), equals: #"{"since": "2026-11-01T00:00:00+00:00", "until": "2026-12-01T00:00:00+00:00", "counts": "#
            + counts(Int.max, 0, 0, 0, Int.max) + #", "total": \#(Int.max), "days": 3, "streak": {"current": 0, "longest": 3}}"# + "\n")
        let sad = try await sandbox.run(["stats", "sad"] + range, environment: ["TZ": "UTC"])
        expectSuccess(sad, stdout: largest + "\n")
    }

    @Test func sharesBarsAndScoresWeighTheWholeSumsPastTheLargestCount() async throws {
        let sandbox = try Sandbox()
        let largest = String(Int.max)
        // Happy adds up to 2 × 9223372036854775807, sad to that once: both are shown cut to it.
        for arguments in [
            ["add", "happy", largest, "--at", "2026-11-02T10:00"], ["reset", "happy"], ["add", "happy", largest, "--at", "2026-11-02T11:00"],
            ["reset", "happy"], ["add", "sad", largest, "--at", "2026-11-02T12:00"],
        ] {
            try expect(await sandbox.run(arguments + ["-q"], environment: ["TZ": "UTC"]).status, equals: 0)
        }
        let environment = ["TZ": "UTC", "COLUMNS": "80"]
        let range = try await sandbox.run(["stats", "--since", "2026-11-02", "--until", "2026-11-02"], environment: environment)
        expect(range.status, equals: 0, "\(range)")
        expect(range.stdoutLines.first { $0.contains("happy") }?.hasSuffix(" 66.7%"), equals: true, "\(range)")
        expect(range.stdoutLines.first { $0.contains("sad") }?.hasSuffix(" 33.3%"), equals: true, "\(range)")
        let byDay = try await sandbox.run(["stats", "--by", "day", "--since", "2026-11-02", "--until", "2026-11-02", "--json"], environment: environment)
        // (5 × 2M + M) / 3M.
        #expect(byDay.stdout.contains(#""total": \#(Int.max), "score": 3.67}"#), "\(byDay)")
        let sparklines = try await sandbox.run(["stats", "--by", "day", "--since", "2026-11-02", "--until", "2026-11-02"], environment: environment)
        expect(sparklines.stdoutLines.first { $0.hasPrefix("😢") }?.hasSuffix("▄"), equals: true, "half of happy's: \(sparklines)")
    }

    @Test func theTableIsHeadedByItsRangeAndByPeriodShowsSparklines() async throws {
        let sandbox = try Sandbox()
        let zone = "Asia/Tokyo"
        try await tap(sandbox, "happy", at: "2026-11-02T09:00", zone: zone)
        try await tap(sandbox, "happy", at: "2026-11-02T10:00", zone: zone)
        try await tap(sandbox, "sad", at: "2026-11-04T22:00", zone: zone)
        let environment = ["TZ": zone, "COLUMNS": "80"]
        let range = try await sandbox.run(["stats", "--since", "2026-11-02", "--until", "2026-11-03"], environment: environment)
        expectSuccess(range, stdout: """
            From 2026-11-02 00:00 to 2026-11-04 00:00
            😄 happy    2  ████████████████████████  100.0%
            🙂 smile    0                              0.0%
            😐 neutral  0                              0.0%
            😕 upset    0                              0.0%
            😢 sad      0                              0.0%
               total    2                            100.0%
            1 day felt · current streak 1 · longest 1

            """)
        let byDay = try await sandbox.run(["stats", "--by", "day", "--since", "2026-11-01", "--until", "2026-11-04"], environment: environment)
        expectSuccess(byDay, stdout: """
            From 2026-11-01 00:00 to 2026-11-05 00:00
                        😄  🙂  😐  😕  😢  total  score
            2026-11-01   ·   ·   ·   ·   ·      ·       
            2026-11-02   2   ·   ·   ·   ·      2    5.0
            2026-11-03   ·   ·   ·   ·   ·      ·       
            2026-11-04   ·   ·   ·   ·   1      1    1.0

            😄 happy     █  
            🙂 smile        
            😐 neutral      
            😕 upset        
            😢 sad         ▄
               score     █ ▁

            """)
        // Narrow: the sparklines keep the last periods that fit, and say so.
        let narrow = try await sandbox.run(["stats", "--by", "day", "--since", "2026-11-01", "--until", "2026-11-04"], environment: ["TZ": zone, "COLUMNS": "14"])
        #expect(narrow.stdoutLines.contains("😢 sad       █"), "\(narrow)")
        expect(narrow.stdoutLines.suffix(6), equals: ["Showing the", "last 2 of 4", "days; widen", "the terminal", "to see them", "all."], "\(narrow)")
    }

    @Test(arguments: [
        (["stats", "--today", "--week"], "'--today' and '--week' cannot be used together"),
        (["stats", "--week", "--since", "2d"], "'--week' and '--since' cannot be used together"),
        (["stats", "sad", "--by", "day"], "'sad' and '--by' cannot be used together"),
        (["stats", "--by", "year"], "Unknown value 'year' for '--by'"),
        (["stats", "--since", "next tuesday"], "Invalid --since"),
        (["stats", "--since", "today", "--until", "2020-01-01"], "is after --until"),
        (["stats", "--by", "day", "--since", "0001-01-01"], "more than 100000 days"),
    ])
    func aBadRangeIsAUsageError(arguments: [String], message: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(arguments)
        expectFailure(outcome, status: 64, mentioning: [message])
    }

    /// The second review of issue 22: a range's ends were held to the years 1 to 9999 in UTC only, so
    /// one outside them at the local offset printed "-62135596800000 ms since 1970" and no periods.
    @Test(arguments: [
        ("America/New_York", ["--since", "0001-01-01T00:00Z", "--until", "0001-01-03T00:00Z"], "Invalid --since", "before the year 1 at the local offset -04:56"),
        ("Asia/Tokyo", ["--since", "9999-12-30T00:00Z", "--until", "9999-12-31T23:00Z"], "Invalid --until", "after the year 9999 at the local offset +09:00"),
    ])
    func aRangeEndOutsideTheYearsAtTheLocalOffsetIsRefusedAsAnAtIs(zone: String, range: [String], option: String, side: String) async throws {
        let sandbox = try Sandbox()
        for command in [["stats", "--json"], ["stats", "--by", "day", "--json"], ["log"], ["export"]] {
            let outcome = try await sandbox.run(command + range, environment: ["TZ": zone])
            expectFailure(outcome, status: 64, mentioning: ["Error: \(option): ", side])
        }
    }

    /// `log` and `export` printed nothing (or a bare CSV header) and exited 0 for a range that ends
    /// before it starts, where `stats` refused it: a script could not tell it from an empty week.
    @Test(arguments: [
        ["stats"], ["log"], ["log", "--json"], ["log", "sad", "-n", "3"], ["export"], ["export", "--format", "csv"],
    ])
    func aBackwardRangeIsRefusedAlikeByEveryCommandThatTakesOne(command: [String]) async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "sad", "-q", "--at", "2026-01-02 12:00"), stdout: "")
        for range in [["--since", "2026-01-03", "--until", "2026-01-01"], ["--since", "9999-01-01"]] {
            let outcome = try await sandbox.run(command + range)
            expectFailure(outcome, status: 64, mentioning: [
                range.count == 4
                    ? "Error: Invalid range: --since '2026-01-03' is after --until '2026-01-01'; give the earlier time to --since."
                    : "Error: Invalid range: --since '9999-01-01' is after now, where a range without --until ends; give an "
                        + "earlier time, or an --until after it too.",
            ])
        }
    }
}

/// The issue's property, through the built binary: for a random history (taps, adds up and down,
/// resets, undos and redos, some backdated, made in three zones) and random ranges, `stats --by day`
/// adds up to `stats --since/--until`, and both are a naive fold over `log --json`.
struct StatsRangePropertyTests {
    /// One `log --json` object, as the fold needs it.
    private struct Change {
        let id, group, command, emotion, localDate: String
        let reverts: String?
        let at: Date
        let delta: Int
    }

    @Test(arguments: [31, 32])
    func byDayAddsUpToTheRangeAndBothAreANaiveFoldOverTheLog(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let sandbox = try Sandbox()
        let emotions = ["happy", "smile", "neutral", "upset", "sad"]
        for _ in 0..<36 {
            let zone = generator.pick(["Asia/Tokyo", "America/New_York", "UTC"])
            let emotion = generator.pick(emotions)
            let at = "\(Int.random(in: 1...400, using: &generator))h"
            let arguments: [String] = switch Int.random(in: 0..<100, using: &generator) {
            case 0..<40: ["tap", emotion, "--at", at]
            case 40..<50: ["tap", emotion, generator.pick(emotions), "--at", at]
            case 50..<65: ["add", emotion, String(Int.random(in: -2...3, using: &generator)), "--at", at]
            case 65..<70: ["reset", emotion]
            case 70..<87: ["undo"]
            default: ["redo"]
            }
            _ = try await sandbox.run(arguments + ["-q"], environment: ["TZ": zone])  // Some are refused: below zero, nothing to undo.
        }
        let log = try await sandbox.run(["log", "--json"])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let changes = log.stdoutLines.compactMap { line -> Change? in
            guard let object = DataFile.object(line), let id = object["id"] as? String, let atText = object["at"] as? String,
                let at = formatter.date(from: atText), let old = object["old"] as? Int, let new = object["new"] as? Int
            else { return nil }
            return Change(
                id: id, group: object["group"] as? String ?? id, command: object["command"] as? String ?? "",
                emotion: object["emotion"] as? String ?? "", localDate: String(atText.prefix(10)),
                reverts: object["reverts"] as? String, at: at, delta: new - old)
        }
        #expect(changes.count == log.stdoutLines.count && changes.count > 20, "\(log)")
        // Which commands stand undone: the last undo or redo naming each, in the order they were made.
        var undone: [String: Bool] = [:]
        for change in changes.sorted(by: { $0.at < $1.at }) where change.reverts != nil {
            undone[change.reverts ?? ""] = change.command == "undo"
        }
        let now = Date()
        for round in 0..<3 {
            let since = now.addingTimeInterval(-Double(Int.random(in: 0...420, using: &generator)) * 3600)
            let until = since.addingTimeInterval(Double(Int.random(in: 1...300, using: &generator)) * 3600)
            let sinceText = formatter.string(from: since), untilText = formatter.string(from: until)
            var days: [String: [String: Int]] = [:]
            for change in changes where ["tap", "add"].contains(change.command) && undone[change.group] != true
                && change.at >= since && change.at < until {
                days[change.localDate, default: [:]][change.emotion, default: 0] += change.delta
            }
            let zone = generator.pick(["Asia/Tokyo", "America/New_York", "UTC"])
            let range = try await sandbox.run(["stats", "--since", sinceText, "--until", untilText, "--json"], environment: ["TZ": zone])
            let byDay = try await sandbox.run(["stats", "--by", "day", "--since", sinceText, "--until", untilText, "--json"], environment: ["TZ": zone])
            let rangeCounts = try #require(DataFile.object(range.stdout)?["counts"] as? [String: Int], "\(range)")
            let periods = try #require(DataFile.object(byDay.stdout)?["periods"] as? [[String: Any]], "\(byDay)")
            var summed: [String: Int] = [:]
            for period in periods {
                let start = try #require(period["start"] as? String)
                let counts = try #require(period["counts"] as? [String: Int])
                for emotion in emotions {
                    expect(counts[emotion], equals: max(0, days[start]?[emotion] ?? 0), "round \(round), \(start) \(emotion) in \(zone)")
                    summed[emotion, default: 0] += counts[emotion] ?? 0
                }
            }
            #expect(Set(days.keys).isSubset(of: Set(periods.compactMap { $0["start"] as? String })), "round \(round)")
            let noDayBelowZero = days.values.allSatisfy { $0.values.allSatisfy { $0 >= 0 } }
            for emotion in emotions {
                let raw = days.values.reduce(0) { $0 + ($1[emotion] ?? 0) }
                expect(rangeCounts[emotion], equals: max(0, raw), "round \(round), \(emotion)")
                if noDayBelowZero { expect(summed[emotion], equals: rangeCounts[emotion], "round \(round), \(emotion)") }
            }
        }
    }
}
