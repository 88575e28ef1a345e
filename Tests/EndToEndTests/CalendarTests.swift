import Foundation
import Testing

/// `emotions calendar`: a year in pixels, through the built binary, with changes placed by `--at`
/// under real time zones, around midnight, daylight saving time changes and ISO week-year edges.
struct CalendarTests {
    /// The day each cell of a plain (uncoloured) calendar shows, by date (`2026-03-08`): its letter, `·`,
    /// or a space for a blank day; the grid's first column is the week of `firstMonday`.
    private func cells(_ outcome: Outcome, firstMonday: String) throws -> [String: Character] {
        let lines = outcome.stdoutLines
        try #require(lines.count >= 8, "\(outcome)")
        let monday = try #require(Self.day(firstMonday))
        var cells: [String: Character] = [:]
        for (row, line) in lines[1...7].enumerated() {
            let characters = Array(line)
            expect(String(characters.prefix(4)), equals: ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "][row], "\(outcome)")
            for week in 0..<53 {
                let index = 4 + 2 * week
                let date = Self.text(of: monday.addingTimeInterval(Double(7 * week + row) * 86_400))
                cells[date] = index < characters.count ? characters[index] : " "
            }
        }
        return cells
    }

    /// Midnight UTC of the date `text`.
    private static func day(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }

    /// `2026-03-08`: the date of `day` in UTC.
    private static func text(of day: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: day)
    }

    @Test func eachChangeShowsOnItsOwnLocalDayWhereverTheCalendarIsRead() async throws {
        let sandbox = try Sandbox()
        let taps: [(zone: String, emotion: String, at: String)] = [
            // New York's spring gap: a tie on Sunday 03-08 goes to the later change, sad at 23:59.
            ("America/New_York", "happy", "2026-03-08T01:30"), ("America/New_York", "sad", "2026-03-08T23:59"),
            // Either side of midnight.
            ("America/New_York", "smile", "2026-03-07T23:59"), ("America/New_York", "neutral", "2026-03-09T00:00"),
            // New York's autumn repeat: 01:30 comes twice, on Sunday 11-01.
            ("America/New_York", "happy", "2026-10-31T23:30"), ("America/New_York", "upset", "2026-11-01T01:30"),
            // A tie goes to the change placed later, though recorded first.
            ("America/New_York", "sad", "2026-11-02T10:00"), ("America/New_York", "happy", "2026-11-02T09:00"),
            // A change of offset: 08:00 in Tokyo is 16:00 the day before in Los Angeles, and 20:00 in Los
            // Angeles is 12:00 the next day in Tokyo. Each is on the day where it was made.
            ("Asia/Tokyo", "happy", "2026-06-01T08:00"), ("America/Los_Angeles", "sad", "2026-05-31T20:00"),
        ]
        for tap in taps {
            let outcome = try await sandbox.run(["tap", tap.emotion, "--at", tap.at, "-q"], environment: ["TZ": tap.zone])
            expectSuccess(outcome, stdout: "")
        }
        let expected: [String: Character] = [
            "2026-03-07": "S", "2026-03-08": "D", "2026-03-09": "N", "2026-05-31": "D", "2026-06-01": "H",
            "2026-10-31": "H", "2026-11-01": "U", "2026-11-02": "D",
            "2026-01-01": "·", "2026-03-06": "·", "2026-03-10": "·", "2026-05-30": "·", "2026-06-02": "·",
            "2025-12-31": " ", "2027-01-03": " ",
        ]
        for zone in ["Asia/Tokyo", "America/Los_Angeles", "America/New_York"] {
            let outcome = try await sandbox.run(["calendar", "--year", "2026"], environment: ["TZ": zone, "COLUMNS": "120"])
            #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
            #expect(!outcome.stdout.contains("\u{1B}"), "a pipe is not coloured: \(outcome)")
            let cells = try cells(outcome, firstMonday: "2025-12-29")
            for (date, letter) in expected {
                expect(cells[date], equals: letter, "\(date) under \(zone): \(outcome)")
            }
            expect(outcome.stdoutLines.first?.hasPrefix("    Jan     Feb     Mar       Apr"), equals: true, "\(outcome)")
        }

        let json = try await sandbox.run(["calendar", "--year", "2026", "--json"], environment: ["TZ": "UTC"])
        func day(_ date: String, _ emotion: String, _ counts: [Int]) -> String {
            let names = ["happy", "smile", "neutral", "upset", "sad"]
            return #"{"date": "\#(date)", "emotion": "\#(emotion)", "counts": {"#
                + zip(names, counts).map { #""\#($0)": \#($1)"# }.joined(separator: ", ") + "}}"
        }
        let days = [
            day("2026-03-07", "smile", [0, 1, 0, 0, 0]), day("2026-03-08", "sad", [1, 0, 0, 0, 1]),
            day("2026-03-09", "neutral", [0, 0, 1, 0, 0]), day("2026-05-31", "sad", [0, 0, 0, 0, 1]),
            day("2026-06-01", "happy", [1, 0, 0, 0, 0]), day("2026-10-31", "happy", [1, 0, 0, 0, 0]),
            day("2026-11-01", "upset", [0, 0, 0, 1, 0]), day("2026-11-02", "sad", [1, 0, 0, 0, 1]),
        ]
        expectSuccess(json, stdout: #"{"since": "2026-01-01T00:00:00+00:00", "until": "2027-01-01T00:00:00+00:00", "days": ["# + days.joined(separator: ", ") + "]}\n")
    }

    @Test func aDayShowsTheEmotionWhoseWholeSumIsLargestEvenPastTheLargestCount() async throws {
        let sandbox = try Sandbox()
        let largest = String(Int.max)
        // Happy adds up to 2 × 9223372036854775807 and sad to one more than it: both are shown as
        // 9223372036854775807, and sad was changed later, but happy was felt more.
        for arguments in [
            ["add", "happy", largest, "--at", "2026-11-02T10:00"], ["reset", "happy"], ["add", "happy", largest, "--at", "2026-11-02T10:01"],
            ["reset", "happy"], ["add", "sad", largest, "--at", "2026-11-02T11:00"], ["reset", "sad"], ["add", "sad", "1", "--at", "2026-11-02T11:01"],
        ] {
            expectSuccess(try await sandbox.run(arguments + ["-q"], environment: ["TZ": "UTC"]), stdout: "")
        }
        let json = try await sandbox.run(["calendar", "--year", "2026", "--json"], environment: ["TZ": "UTC"])
        expectSuccess(json, stdout: #"{"since": "2026-01-01T00:00:00+00:00", "until": "2027-01-01T00:00:00+00:00", "days": [{"date": "2026-11-02", "emotion": "happy", "#
            + #""counts": {"happy": \#(Int.max), "smile": 0, "neutral": 0, "upset": 0, "sad": \#(Int.max)}}]}"# + "\n")
        let grid = try await sandbox.run(["calendar", "--year", "2026"], environment: ["TZ": "UTC", "COLUMNS": "120"])
        try expect(cells(grid, firstMonday: "2025-12-29")["2026-11-02"], equals: "H", "\(grid)")
    }

    @Test func aYearsFirstWeekMayStartInDecemberAndANarrowTerminalShowsTheLatestWeeks() async throws {
        let sandbox = try Sandbox()
        // 2024-12-30 is the Monday of 2025-W01, outside 2025; 2025-12-29 the Monday of the last week.
        for (emotion, at) in [("happy", "2024-12-30T12:00"), ("sad", "2025-01-01T00:00"), ("upset", "2025-12-29T00:00"),
            ("smile", "2025-12-31T23:59")]
        {
            expectSuccess(try await sandbox.run(["tap", emotion, "--at", at, "-q"], environment: ["TZ": "UTC"]), stdout: "")
        }
        let wide = try await sandbox.run(["calendar", "--year", "2025"], environment: ["TZ": "UTC", "COLUMNS": "111"])
        let cells = try cells(wide, firstMonday: "2024-12-30")
        #expect(cells["2024-12-30"] == " " && cells["2024-12-31"] == " ", "\(wide)")
        #expect(cells["2025-01-01"] == "D" && cells["2025-01-02"] == "·", "\(wide)")
        #expect(cells["2025-12-29"] == "U" && cells["2025-12-31"] == "S" && cells["2026-01-01"] == " ", "\(wide)")
        #expect(wide.stdoutLines.count == 10 && wide.stdoutLines.last == "H happy  S smile  N neutral  U upset  D sad  · nothing felt", "\(wide)")

        let narrow = try await sandbox.run(["calendar", "--year", "2025"], environment: ["TZ": "UTC", "COLUMNS": "40"])
        expect(narrow.status, equals: 0, "\(narrow)")
        let lines = narrow.stdoutLines
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(narrow)")
        expect(lines[1], equals: "Mon " + String(repeating: "· ", count: 16) + "U", "\(narrow)")
        expect(lines[3], equals: "Wed " + String(repeating: "· ", count: 16) + "S", "\(narrow)")
        #expect(!lines[1...7].joined().contains("D"), "January 1's week does not fit: \(narrow)")
        expect(lines.suffix(2), equals: ["Showing the last 17 of 53 weeks; widen", "the terminal to see them all."], "\(narrow)")

        let colour = try await sandbox.run(["calendar", "--year", "2025", "--color", "always"], environment: ["TZ": "UTC", "COLUMNS": "40", "NO_COLOR": "1"])
        expect(colour.stdoutLines[3], equals: "Wed " + String(repeating: "· ", count: 16) + "\u{1B}[32m██\u{1B}[0m", "\(colour)")
        #expect(colour.stdoutLines[9].hasPrefix("\u{1B}[33m██\u{1B}[0m happy  "), "\(colour)")
    }

    @Test func theDefaultIsTheTwelveMonthsThroughToday() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()  // So that no local midnight falls between the tap and the calendar.
        let empty = try await sandbox.run(["calendar"], environment: ["TZ": zone, "COLUMNS": "120"])
        #expect(empty.status == 0 && empty.stdoutLines.count == 10, "\(empty)")
        expect(sandbox.contentsOfHome(), equals: [], "reading never creates the data file")

        expectSuccess(try await sandbox.run(["tap", "neutral", "-q"], environment: ["TZ": zone]), stdout: "")
        let log = try await sandbox.run(["log", "--json"], environment: ["TZ": zone])
        let tapped = String(try #require(DataFile.object(log.stdout)?["at"] as? String, "\(log)").prefix(10))
        let json = try await sandbox.run(["calendar", "--json"], environment: ["TZ": zone])
        let object = try #require(DataFile.object(json.stdout), "\(json)")
        // The days shown, as stats writes a range: from the start of the first, up to the start of the day after today.
        let since = try #require(object["since"] as? String)
        let until = try #require(object["until"] as? String)
        #expect(since.dropFirst(10).hasPrefix("T00:00:00") && until.dropFirst(10).hasPrefix("T00:00:00"), "\(json)")
        let from = String(since.prefix(10))
        var utc = Foundation.Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let tomorrow = try #require(Self.day(String(until.prefix(10))))
        let today = try #require(utc.date(byAdding: DateComponents(day: -1), to: tomorrow))
        let through = Self.text(of: today)
        let yearAgo = try #require(utc.date(byAdding: DateComponents(year: -1, day: 1), to: today))
        expect(from, equals: Self.text(of: yearAgo), "\(json)")
        expect(through, equals: tapped, "\(json)")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 1 && days.first?["date"] as? String == tapped && days.first?["emotion"] as? String == "neutral", "\(json)")

        let grid = try await sandbox.run(["calendar"], environment: ["TZ": zone, "COLUMNS": "120"])
        let tappedDay = try #require(Self.day(tapped))
        let weekday = (utc.component(.weekday, from: tappedDay) + 5) % 7  // Foundation's Sunday is 1.
        expect(grid.stdoutLines[1...7].joined().filter { $0 == "N" }.count, equals: 1, "\(grid)")
        #expect(grid.stdoutLines[1 + weekday].contains("N"), "\(grid)")
    }

    @Test(arguments: ["abc", "0", "10000", "", "２０２５", "+2025"])
    func aYearOutsideTheCalendarIsAUsageError(year: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("calendar", "--year=" + year)
        expectUsageError(outcome, command: "emotions calendar", message: "The value '\(year)' is invalid for '--year': give a year")
    }

    /// `--year` takes the next word only if it starts with a digit: a year to check, or nothing.
    @Test func aWordAfterYearIsItsYearOnlyIfItStartsWithADigit() async throws {
        let sandbox = try Sandbox()
        expectUsageError(try await sandbox.run("calendar", "--year", "25x"), command: "emotions calendar",
            message: "The value '25x' is invalid for '--year': give a year")
        expectUsageError(try await sandbox.run("calendar", "--year", "abc"), command: "emotions calendar", message: "Unexpected argument 'abc'")
    }

    /// The views make `emotions.json.days` beside the journal and read it; with it, without it,
    /// damaged, or after an undo of a change it counts, every view shows the same. (That an index
    /// another user planted is passed over is `DayIndexStoreTests`'s, which can make one that lies.)
    @Test func theDayIndexTheViewsMakeNeverChangesWhatTheyShow() async throws {
        let sandbox = try Sandbox()
        let taps = [("happy", "2025-01-05T10:00"), ("sad", "2025-03-08T23:59"), ("smile", "2025-06-01T08:00"), ("happy", "2025-06-01T09:00")]
        for (emotion, at) in taps {
            expectSuccess(try await sandbox.run(["tap", emotion, "--at", at, "-q"], environment: ["TZ": "Asia/Tokyo"]), stdout: "")
        }
        let index = URL(fileURLWithPath: sandbox.defaultDataFile.path + ".days")
        // Whole ranges in the past, so that no output shows the time it was run at.
        let views = [
            ["calendar", "--year", "2025"], ["stats", "--by", "month", "--since", "2025-01-01", "--until", "2026-01-01", "--json"],
            ["stats", "--since", "2025-05-31", "--until", "2025-07-01"],
        ]
        func shown() async throws -> [String] {
            var outputs: [String] = []
            for view in views {
                let outcome = try await sandbox.run(view, environment: ["TZ": "America/New_York"])
                #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
                outputs.append(outcome.stdout)
            }
            return outputs
        }
        let first = try await shown()
        #expect(first[2].contains("happy    1"), "\(first[2])")
        let made = try #require(sandbox.bytes(of: index))
        try expect(sandbox.permissions(of: index), equals: 0o600)
        try expect(await shown(), equals: first)
        try sandbox.write("not an index", to: index)
        try expect(await shown(), equals: first)
        expect(sandbox.bytes(of: index), equals: made)
        try FileManager.default.removeItem(at: index)
        try expect(await shown(), equals: first)
        // An undo of the last tap, which the index counts.
        expectSuccess(try await sandbox.run("undo", "-q"), stdout: "")
        let afterUndo = try await shown()
        try FileManager.default.removeItem(at: index)
        try expect(await shown(), equals: afterUndo)
        #expect(afterUndo != first)
    }
}
