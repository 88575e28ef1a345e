import Foundation
import Testing

/// `log`, `undo`, `redo`, `--note` and `--at`: the history, through the built binary, under real
/// time zones (`TZ`), daylight saving time changes and a half-hour zone included.
struct HistoryTests {
    /// `log --json`'s objects.
    private func logObjects(_ sandbox: Sandbox, _ arguments: String..., zone: String = "UTC") async throws -> [[String: Any]] {
        let outcome = try await sandbox.run(["log", "--json"] + arguments, environment: ["TZ": zone])
        expect(outcome.status, equals: 0, "\(outcome)")
        return outcome.stdoutLines.compactMap { DataFile.object($0) }
    }

    @Test(arguments: [
        // New York's spring gap: 02:30 does not exist and lands after it, at 03:30 EDT.
        ("America/New_York", "2026-03-08T02:30", "2026-03-08T03:30:00.000-04:00"),
        // New York's autumn repeat: 01:30 comes twice and means the first, still EDT.
        ("America/New_York", "2026-11-01T01:30", "2026-11-01T01:30:00.000-04:00"),
        ("America/New_York", "2026-11-01T03:00", "2026-11-01T03:00:00.000-05:00"),
        // A half-hour zone, and one with half-hour daylight saving time.
        ("Asia/Kolkata", "2025-11-22T23:59", "2025-11-22T23:59:00.000+05:30"),
        ("Australia/Adelaide", "2025-11-22T23:59:30", "2025-11-22T23:59:30.000+10:30"),
        ("UTC", "2025-06-01T12:00Z", "2025-06-01T12:00:00.000+00:00"),
        // An explicit offset is an instant, written at the offset of the zone where it was recorded.
        ("Asia/Tokyo", "2025-06-01T12:00-03:00", "2025-06-02T00:00:00.000+09:00"),
    ])
    func aChangePlacedWithAtIsKeptAtThatLocalTimeAndOffset(zone: String, at: String, expected: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(["tap", "happy", "--at", at], environment: ["TZ": zone])
        expectSuccess(outcome, stdout: "happy: 0 → 1\n")
        let objects = try await logObjects(sandbox, zone: zone)
        expect(objects.count, equals: 1)
        expect(objects.first?["at"] as? String, equals: expected)
        expect((objects.first?["recorded"] as? String)?.count, equals: 29, "a backdated change keeps when it was recorded")
    }

    @Test(arguments: ["Asia/Kolkata", "America/New_York", "Pacific/Chatham", "UTC"])
    func aChangeAt2359IsOnThatLocalDay(zone: String) async throws {
        let sandbox = try Sandbox()
        let environment = ["TZ": zone]
        expectSuccess(try await sandbox.run(["tap", "sad", "--at", "2025-11-22T23:59"], environment: environment), stdout: "sad: 0 → 1\n")
        expectSuccess(try await sandbox.run(["tap", "happy", "--at", "2025-11-23T00:00"], environment: environment), stdout: "happy: 0 → 1\n")
        let day = try await sandbox.run(["log", "--since", "2025-11-22", "--until", "2025-11-22"], environment: environment)
        expectSuccess(day, stdout: day.stdout)
        expect(day.stdoutLines.count, equals: 1, "\(day)")
        #expect(day.stdoutLines.first?.hasPrefix("2025-11-22 23:59  ") == true && day.stdoutLines.first?.contains("  sad +1  (recorded ") == true, "\(day)")
        let next = try await sandbox.run(["log", "--since", "2025-11-23", "--until", "2025-11-23"], environment: environment)
        #expect(next.stdoutLines.count == 1 && next.stdoutLines.first?.hasPrefix("2025-11-23 00:00  ") == true && next.stdoutLines.first?.contains("  happy +1")  == true, "\(next)")
    }

    @Test func aChangeInLocalMeanTimeKeepsItsWallClockAndStaysOnThatDay() async throws {
        // New York before 1883 was 4:56:02 behind UTC; the history keeps offsets in whole minutes.
        let sandbox = try Sandbox()
        let environment = ["TZ": "America/New_York"]
        expectSuccess(try await sandbox.run(["tap", "sad", "--at", "1800-01-01T23:59:59"], environment: environment), stdout: "sad: 0 → 1\n")
        try expect(await logObjects(sandbox, zone: "America/New_York").first?["at"] as? String, equals: "1800-01-01T23:59:59.000-04:56")
        let day = try await sandbox.run(["log", "--since", "1800-01-01", "--until", "1800-01-01"], environment: environment)
        #expect(day.stdoutLines.count == 1 && day.stdoutLines.first?.hasPrefix("1800-01-01 23:59  ") == true && day.stdoutLines.first?.contains("  sad +1")  == true, "\(day)")
        let stats = try await sandbox.run(["stats", "--since", "1800-01-01", "--until", "1800-01-01", "--json"], environment: environment)
        #expect(stats.stdout.hasPrefix(#"{"since": "1800-01-01T00:00:00-04:56", "until": "1800-01-02T00:00:00-04:56", "counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 1}"#), "\(stats)")
        let byDay = try await sandbox.run(["stats", "--by", "day", "--since", "1800-01-01", "--until", "1800-01-02", "--json"], environment: environment)
        #expect(byDay.stdout.contains(#"{"start": "1800-01-01", "counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 1}"#), "\(byDay)")
    }

    @Test func aZoneWhoseOffsetHasSecondsPlacesRelativeTimesAndTapsOnItsOwnDays() async throws {
        // A POSIX rule with seconds, such as 4:56:02 behind UTC (New York's local mean time), in which it
        // is about midday now, so that no midnight falls between the taps and the views.
        let sandbox = try Sandbox()
        let zone = MiddayZone.withSeconds()
        let environment = ["TZ": zone.tz]
        expectSuccess(try await sandbox.run(["tap", "happy", "--at", "yesterday 23:59:59"], environment: environment), stdout: "happy: 0 → 1\n")
        expectSuccess(try await sandbox.run(["tap", "smile"], environment: environment), stdout: "smile: 0 → 1\n")
        let log = try await logObjects(sandbox, zone: "UTC")
        expect((log.first?["at"] as? String)?.hasSuffix("T23:59:59.000" + zone.stored), equals: true, "\(zone) \(log)")
        expect((log.last?["at"] as? String)?.hasSuffix(zone.stored), equals: true, "\(zone) \(log)")
        let yesterday = try await sandbox.run(["stats", "--since", "yesterday", "--until", "yesterday", "--json"], environment: environment)
        #expect(yesterday.stdout.contains(#""happy": 1, "smile": 0"#), "\(zone) \(yesterday)")
        let today = try await sandbox.run(["stats", "--today", "--json"], environment: environment)
        #expect(today.stdout.contains(#""happy": 0, "smile": 1"#), "\(zone) \(today)")
    }

    @Test func aLineShowsTheClockWhereTheChangeWasMadeWhereverItIsRead() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run(["tap", "smile", "--at", "2025-11-22T21:04", "--note", "rough meeting"], environment: ["TZ": "Asia/Tokyo"])
        for zone in ["Asia/Tokyo", "America/New_York", "UTC"] {
            let outcome = try await sandbox.run(["log"], environment: ["TZ": zone])
            #expect(outcome.stdoutLines.first?.hasPrefix("2025-11-22 21:04  ") == true && outcome.stdoutLines.first?.contains("  smile +1  (recorded ")  == true, "\(outcome)")
            expect(outcome.stdoutLines.first?.hasSuffix("  \"rough meeting\""), equals: true, "\(outcome)")
        }
    }

    @Test func logListsByPlacementFiltersAndTakesTheLastN() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "happy", "--note", "now")
        _ = try await sandbox.run("add", "sad", "3", "--at", "2025-01-01T10:00Z")
        _ = try await sandbox.run("reset", "happy")
        let all = try await logObjects(sandbox)
        expect(all.map { $0["command"] as? String }, equals: ["add", "tap", "reset"])
        expect(all.map { $0["emotion"] as? String }, equals: ["sad", "happy", "happy"])
        expect(all[1]["note"] as? String, equals: "now")
        expect(all[0]["at"] as? String, equals: "2025-01-01T10:00:00.000+00:00")
        expect(Set(all[0].keys), equals: ["id", "at", "command", "emotion", "old", "new", "recorded", "command_id", "delta", "undone"])
        expect(Set(all[1].keys), equals: ["id", "at", "command", "emotion", "old", "new", "note", "command_id", "delta", "undone"])
        try expect(await logObjects(sandbox, "-n", "2").map { $0["command"] as? String }, equals: ["tap", "reset"])
        try expect(await logObjects(sandbox, "sad").count, equals: 1)
        try expect(await logObjects(sandbox, "--since", "2025-01-02").count, equals: 2)
        try expect(await logObjects(sandbox, "--until", "2025-01-02").count, equals: 1)
        #expect(try await logObjects(sandbox, "-n", "0").isEmpty)
        expectFailure(try await sandbox.run("log", "-n", "-1"), status: 64, mentioning: ["--count"])
        try expect(await logObjects(sandbox, "-n", "9223372036854775807").count, equals: 3, "a huge count is all of them")
        try expect(await logObjects(sandbox, "-n", "4611686018427387904", "--since", "1y").count, equals: 2, "not the add of 2025-01-01")
    }

    /// `log` showed running counts (`happy: 0 → 1`), which read out of order once a change is
    /// backdated, and did not say which changes were undone or what an undo took back.
    @Test func logShowsWhatEachChangeDidItsCommandsShortIdAndWhatStandsUndone() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad", "-q", "--at", "2025-11-20T09:00Z")
        _ = try await sandbox.run("add", "sad", "3", "-q", "--at", "2025-11-21T09:00Z", "--note", "rough week")
        _ = try await sandbox.run("tap", "happy", "smile", "-q", "--at", "2025-11-19T09:00Z")
        _ = try await sandbox.run("reset", "happy", "-q")
        _ = try await sandbox.run("undo", "-q")
        _ = try await sandbox.run("undo", "-q")  // The tap of happy and smile.
        let objects = try await logObjects(sandbox)
        let short = objects.map { String(($0["command_id"] as? String ?? "").prefix(10)) }
        try #require(short.count == 8 && short.allSatisfy { $0.count == 10 }, "\(objects)")
        let printed = try await sandbox.run(["log"], environment: ["TZ": "UTC"]).stdoutLines.map {
            // The date and time, and when a backdated change was recorded, are today's.
            String($0.dropFirst(16)).replacingOccurrences(of: #"\(recorded [0-9: -]{16}\)"#, with: "(recorded …)", options: .regularExpression)
        }
        expect(printed, equals: [
            "  \(short[0])  happy +1  (recorded …)  (undone)",
            "  \(short[0])  smile +1  (recorded …)  (undone)",
            "  \(short[2])  sad +1  (recorded …)",
            "  \(short[3])  sad +3  (recorded …)  \"rough week\"",
            "  \(short[4])  happy reset -1  (undone)",
            "  \(short[5])  happy +1  (undo of \(short[4]))",
            "  \(short[6])  smile -1  (undo of \(short[0]))",
            "  \(short[6])  happy -1  (undo of \(short[0]))",
        ])
        expect(objects.map { $0["delta"] as? Int }, equals: [1, 1, 1, 3, -1, 1, -1, -1])
        expect(objects.map { $0["undone"] as? Bool }, equals: [true, true, false, false, true, false, false, false])
        expect(objects[1]["command_id"] as? String, equals: objects[0]["id"] as? String, "the group, on every change")
        expect(objects[5]["reverts"] as? String, equals: objects[4]["command_id"] as? String)
    }

    /// `undo` could only take back the latest command standing: a tap from last Tuesday could not be corrected.
    @Test func undoWithAnIdTakesBackThatCommandAndCountsAndLogShowIt() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad", "-q", "--at", "2025-11-18T09:00Z")
        _ = try await sandbox.run("tap", "sad", "-q")
        _ = try await sandbox.run("add", "happy", "2", "-q")
        let first = try #require(try await logObjects(sandbox).first?["command_id"] as? String)
        let short = String(first.prefix(10))
        let undone = try await sandbox.run(["undo", short.lowercased()], environment: ["TZ": "UTC"])
        expectSuccess(undone, stdout: "Undid 'tap sad' of 2025-11-18 09:00.\nsad: 2 → 1\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 2, sad: 1)))
        expectSuccess(try await sandbox.run("stats", "--since", "2025-11-18", "--until", "2025-11-18", "--json"), stdout: """
            {"since": "2025-11-18T00:00:00+00:00", "until": "2025-11-19T00:00:00+00:00", "counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}, "total": 0, "days": 0, "streak": {"current": 0, "longest": 0}}

            """)
        let lines = try await sandbox.run(["log"], environment: ["TZ": "UTC"]).stdoutLines
        let firstLine = lines.first ?? ""
        #expect(firstLine.hasPrefix("2025-11-18 09:00  \(short)  sad +1  (recorded ") && firstLine.hasSuffix("  (undone)"), "\(lines)")
        expect(lines.last?.hasSuffix("  sad -1  (undo of \(short))"), equals: true, "\(lines)")
        let again = try await sandbox.run("undo", short)
        expectFailure(again, status: 64, mentioning: ["Cannot undo 'tap sad' of 2025-11-18 09:00 (\(short)): it is undone already."])
        let undo = try #require(lines.last?.split(separator: " ").dropFirst(2).first.map(String.init))
        expectSuccess(try await sandbox.run(["undo", undo], environment: ["TZ": "UTC"]), stdout: "Redid 'tap sad' of 2025-11-18 09:00.\nsad: 1 → 2\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 2, sad: 2)))
    }

    @Test func undoWithABadUnknownOrAmbiguousIdIsAUsageErrorThatChangesNothing() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad", "-q")
        _ = try await sandbox.run("reset", "sad", "-q")
        let ids = try await logObjects(sandbox).compactMap { $0["command_id"] as? String }
        try #require(ids.count == 2)
        let before = sandbox.rawText()
        expectFailure(try await sandbox.run("undo", "01L"), status: 64, mentioning: ["'01L' is invalid for '<id>'", "4 to 26"])
        expectFailure(try await sandbox.run("undo", "7ZZZZZZ"), status: 64, mentioning: [
            "No change in the history has an id starting with '7ZZZZZZ'", "run 'emotions log'",
        ])
        expectFailure(try await sandbox.run("undo", String(ids[0].prefix(4))), status: 64, mentioning: [
            "is ambiguous: 2 commands", ids[0] + " ('tap sad' of ", ids[1] + " ('reset sad' of ", "give more of the id",
        ])
        expectFailure(try await sandbox.run("undo", ids[0]), status: 64, mentioning: ["sad", "below zero"])
        expect(sandbox.rawText(), equals: before)
    }

    @Test func undoTakesBackACommandAsOneAndRedoMakesItAgain() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "smile", "--at", "2025-11-22T21:04"), stdout: "happy: 0 → 1\nsmile: 0 → 1\n")
        expectSuccess(try await sandbox.run("undo"), stdout: "Undid 'tap happy smile' of 2025-11-22 21:04.\nsmile: 1 → 0\nhappy: 1 → 0\n")
        expect(sandbox.text(), equals: DataFile.text(Counts()))
        let nothing = try await sandbox.run("undo")
        expectFailure(nothing, status: 1, mentioning: ["Nothing to undo"])
        expectSuccess(try await sandbox.run("redo", "--json"), stdout: """
            {"emotion": "happy", "old": 0, "new": 1}
            {"emotion": "smile", "old": 0, "new": 1}

            """)
        expectFailure(try await sandbox.run("redo"), status: 1, mentioning: ["Nothing to redo"])
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 1, smile: 1)))
    }

    @Test func aNewChangeEndsWhatCanBeRedone() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("add", "sad", "2")
        _ = try await sandbox.run("undo", "-q")
        _ = try await sandbox.run("tap", "neutral")
        let before = sandbox.rawText()
        expectFailure(try await sandbox.run("redo"), status: 1, mentioning: ["Nothing to redo", "'tap neutral'"])
        expect(sandbox.rawText(), equals: before, "a refused redo changed the data file")
        let log = try await logObjects(sandbox)
        expect(log.map { $0["command"] as? String }, equals: ["add", "undo", "tap"])
        expect(log[1]["reverts"] as? String, equals: log[0]["id"] as? String)
    }

    @Test func undoOfAResetRestoresTheCounts() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, sad: 2))
        expectSuccess(try await sandbox.run("reset", "--all"), stdout: "happy: 3 → 0\nsad: 2 → 0\n")
        let outcome = try await sandbox.run("undo")
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdoutLines.first?.hasPrefix("Undid 'reset happy sad' of "), equals: true, "\(outcome)")
        expect(outcome.stdoutLines.dropFirst(), equals: ["sad: 0 → 2", "happy: 0 → 3"], "\(outcome)")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 3, sad: 2)))
    }

    @Test func aNoteComesFromTheArgumentOrStandardInputAndIsRefusedIfItHasControls() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["tap", "sad", "--note", "-"], stdin: "private thought\n"), stdout: "sad: 0 → 1\n")
        try expect(await logObjects(sandbox).first?["note"] as? String, equals: "private thought")
        let before = sandbox.rawText()
        let refused = try await sandbox.run("tap", "sad", "--note", "a\u{1B}[2Jb")
        expect(refused.status, equals: 64, "\(refused)")
        #expect(refused.stderr.contains("control character U+001B"), "\(refused)")
        #expect(!refused.stderr.contains("\u{1B}"), "an escape reached the terminal")
        let long = try await sandbox.run("tap", "sad", "--note", String(repeating: "x", count: 1001))
        #expect(long.status == 64 && long.stderr.contains("1001 characters long"), "\(long)")
        let empty = try await sandbox.run(["tap", "sad", "--note", "-"], stdin: "")
        expect(empty.status, equals: 64, "\(empty)")
        expect(sandbox.rawText(), equals: before, "a refused note changed the data file")
    }

    @Test func noteCharactersThatReorderTheScreenAreEscapedInEveryForm() async throws {
        let sandbox = try Sandbox()
        let note = "ab\u{202E}cd\u{2066}ef"
        expectSuccess(try await sandbox.run("tap", "sad", "--note", note), stdout: "sad: 0 → 1\n")
        let text = try await sandbox.run("log")
        #expect(text.stdout.hasSuffix(#""ab\u{202E}cd\u{2066}ef"\#n"#), "\(text)")
        let json = try await sandbox.run("log", "--json")
        #expect(json.stdout.contains(#""note": "ab\u202Ecd\u2066ef""#), "\(json)")
        #expect(!json.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 }, "\(json)")
        expect(DataFile.object(json.stdout)?["note"] as? String, equals: note, "the escapes are JSON, read back as the note")
    }

    @Test(arguments: ["yesterdy", "30m", "2025-02-30", "25:00", "+3d"])
    func aBadTimeIsAUsageErrorWithAnExample(time: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--at", time)
        expect(outcome.status, equals: 64, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: Invalid --at: '\(time)'"), "\(outcome)")
        expect(sandbox.contentsOfHome(), equals: [])
        let log = try await sandbox.run("log", "--since", time)
        #expect(log.status == 64 && log.stderr.hasPrefix("Error: Invalid --since: '\(time)'"), "\(log)")
    }

    @Test func aTimeInTheFutureIsRefused() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "--at", "2999-01-01")
        expect(outcome.status, equals: 64, "\(outcome)")
        #expect(outcome.stderr.contains("after now"), "\(outcome)")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    /// `--at 9pm` at midday is later today: refused, with yesterday's 9pm suggested. Twelve-hour
    /// times, noon and a day with a time are placed on the local clock, in any case.
    @Test func aTimeOfDayStillToComeTodayIsRefusedSuggestingYesterdays() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        let outcome = try await sandbox.run(["tap", "happy", "--at", "9PM"], environment: ["TZ": zone])
        expectFailure(outcome, status: 64, mentioning: ["Error: Invalid --at: '9PM' is later today, after now; a change can "
            + "only be placed in the past. Did you mean 'yesterday 9PM'?"])
        let today = try await sandbox.run(["add", "sad", "2", "--at", "today 11:59pm"], environment: ["TZ": zone])
        expectFailure(today, status: 64, mentioning: ["Error: Invalid --at: 'today 11:59pm' is later today, after now; a change "
            + "can only be placed in the past. Did you mean 'yesterday 11:59pm'?"])
        expect(sandbox.contentsOfHome(), equals: [])
        let times = ["happy": "yesterday 9pm", "sad": "9am", "smile": "Yesterday Noon", "upset": "last monday 9:30PM", "neutral": "12am"]
        for (emotion, time) in times {
            expectSuccess(try await sandbox.run(["tap", emotion, "--at", time, "-q"], environment: ["TZ": zone]), stdout: "")
        }
        let log = try await sandbox.run(["log", "--json"], environment: ["TZ": zone])
        var placed: [String: String] = [:]
        for line in log.stdoutLines {
            let object = DataFile.object(line)
            if let emotion = object?["emotion"] as? String, let at = object?["at"] as? String { placed[emotion] = String(at.dropFirst(11).prefix(5)) }
        }
        expect(placed, equals: ["happy": "21:00", "sad": "09:00", "smile": "12:00", "upset": "21:30", "neutral": "00:00"], "\(log)")
        let since = try await sandbox.run(["log", "--since", "yesterday 9pm", "--until", "yesterday 9:01pm", "--json"], environment: ["TZ": zone])
        #expect(since.stdoutLines.count == 1 && since.stdout.contains(#""emotion": "happy""#), "\(since)")
    }

    @Test(arguments: [("yestreday", "yesterday"), ("mondya 9pm", "monday 9pm"), ("noom", "noon"), ("last fridya", "last friday")])
    func aMisspeltWordInATimeGetsADidYouMean(time: String, meant: String) async throws {
        let sandbox = try Sandbox()
        for arguments in [["tap", "happy", "--at", time], ["log", "--since", time], ["calendar", "--until", time], ["stats", "--since", time]] {
            let outcome = try await sandbox.run(arguments)
            let option = arguments[arguments.count - 2]
            expectUsageError(outcome, command: "emotions \(arguments[0])",
                message: "Invalid \(option): '\(time)' is not a TIME: did you mean '\(meant)'?")
        }
        expect(sandbox.contentsOfHome(), equals: [])
    }

    /// A note that holds the six characters `\u{202E}`, or a quote, could not be told from one that holds
    /// the control, or from where the note ends: in `log`, a backslash and a quote of the note are escaped.
    @Test func aNoteThatSpellsAnEscapeLooksUnlikeOneThatHoldsTheControl() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "sad", "-q", "--note", #"say "hi" \u{202E}"#), stdout: "")
        expectSuccess(try await sandbox.run("tap", "sad", "-q", "--note", "say \"hi\" \u{202E}"), stdout: "")
        let lines = try await sandbox.run("log").stdoutLines
        expect(lines.count, equals: 2)
        expect(lines.first?.hasSuffix(#"  "say \"hi\" \\u{202E}""#), equals: true, "\(lines)")
        expect(lines.last?.hasSuffix(#"  "say \"hi\" \u{202E}""#), equals: true, "\(lines)")
    }

    /// Midnight of year 1 in UTC is still the year 0 in New York (local mean time, -4:56): the message
    /// says where the time falls outside the years, not only that it does.
    @Test func aTimeBeforeTheYearOneWhereItIsPlacedSaysAtWhichOffset() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(
            ["tap", "sad", "--at", "0001-01-01T00:00Z"], environment: ["TZ": "America/New_York"])
        expectFailure(outcome, status: 64, mentioning: [
            "Error: Invalid --at: '0001-01-01T00:00Z' is out of reach: it falls before the year 1 at the local offset -04:56, "
                + "where TZ places it, and the history keeps times in the years 1 to 9999, both in UTC and at their local "
                + "offset; give a later time.",
        ])
        expect(sandbox.contentsOfHome(), equals: [])
        expectSuccess(try await sandbox.run(["tap", "sad", "-q", "--at", "0001-01-01T00:00Z"], environment: ["TZ": "UTC"]), stdout: "")
    }

    /// A local date in the year 1 east of UTC is the year 0 in UTC: one rule and one message for it,
    /// typed to `--at` or `--since`, or in an imported line, never "use a smaller amount".
    @Test func aLocalDateInTheYearOneThatIsTheYearZeroInUTCIsRefusedAlikeEverywhere() async throws {
        let sandbox = try Sandbox()
        let tokyo = ["TZ": "Asia/Tokyo"]
        let rule = "the history keeps times in the years 1 to 9999, both in UTC and at their local offset; give a later time."
        for (command, option, time) in [("tap", "--at", "0001-01-01T03:00"), ("log", "--since", "0001-01-01")] {
            let outcome = try await sandbox.run(command == "tap" ? [command, "happy", option, time] : [command, option, time], environment: tokyo)
            expectFailure(outcome, status: 64, mentioning: [
                "Error: Invalid \(option): '\(time)' is out of reach: read at +09:19 (from TZ), it falls before "
                    + "the year 1 in UTC, and " + rule,
            ])
            #expect(!outcome.stderr.contains("smaller amount"), "\(outcome)")
        }
        let line = #"{"id": "01JX0000000000000000000001", "at": "0001-01-01T05:00:00.000+18:00", "recorded": "2020-01-01T00:00:00.000+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}"#
        let file = sandbox.capture.appendingPathComponent("year-one.jsonl")
        try sandbox.write(line + "\n", to: file)
        expectFailure(try await sandbox.run(["import", file.path], environment: tokyo), status: 65, mentioning: [
            #"Error: Cannot import line 1: its "at", 0001-01-01T05:00:00.000+18:00, falls before the year 1 in UTC; "#
                + "the history keeps times in the years 1 to 9999, both in UTC and at their local offset. Nothing was imported",
        ])
        expect(sandbox.contentsOfHome(), equals: [])
        let late = try await sandbox.run(["tap", "happy", "--at", "9999-12-31T23:00"], environment: ["TZ": "America/New_York"])
        expectFailure(late, status: 64, mentioning: ["read at -05:00 (from TZ), it falls after the year 9999 in UTC", "give an earlier time."])
    }

    @Test func hooksReceiveTheNote() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("record", """
            #!/bin/sh
            cat > "$OUT/input"

            """)
        let outcome = try await sandbox.run(["tap", "sad", "--note", "rough \"day\""], environment: try sandbox.hookEnvironment())
        expectSuccess(outcome, stdout: "sad: 0 → 1\n")
        let input = try #require(DataFile.object(sandbox.hookOutput("input")))
        expect(input["note"] as? String, equals: "rough \"day\"")
        expect(input["command"] as? String, equals: "tap")
    }
}
