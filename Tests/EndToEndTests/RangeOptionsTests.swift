import Foundation
import Testing

/// The range options `stats`, `log`, `export` and `calendar` share (`--today`, `--yesterday`,
/// `--week`, `--last-week`, `--month`, `--last-month`, `--year [YYYY]`, `--since`, `--until`),
/// through the built binary: each names the same days on every view, under several `TZ` values.
struct RangeOptionsTests {
    /// A day of the local calendar, as the tests count them.
    private struct Day: Comparable {
        let date: Date

        /// `2026-11-23`.
        var text: String {
            let parts = RangeOptionsTests.calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }

        /// The day `days` later (earlier if negative).
        func adding(days: Int) -> Day {
            Day(date: RangeOptionsTests.calendar.date(byAdding: .day, value: days, to: date) ?? date)
        }

        static func < (lhs: Day, rhs: Day) -> Bool { lhs.date < rhs.date }
    }

    /// A Gregorian calendar in UTC: days are counted as dates, the zone's offset added apart.
    private static let calendar: Foundation.Calendar = {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    /// The day `year`-`month`-`day`.
    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Day {
        Day(date: calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date())
    }

    /// The hours east of UTC of a midday zone such as `<+03>-3`.
    private static func hoursEast(of zone: String) -> Int {
        -(Int(zone.drop { $0 != ">" }.dropFirst()) ?? 0)
    }

    /// `+03:00`.
    private static func offsetText(hoursEast: Int) -> String {
        String(format: "%@%02d:00", hoursEast < 0 ? "-" : "+", abs(hoursEast))
    }

    /// One tap the test makes, on its local day.
    private struct Tap {
        let emotion: String
        let day: Day
        let time: String
    }

    /// The days an option names: what `stats`, `log` and `export` hold (`first` to `last`, or to
    /// now), and what `calendar` shows (the whole period).
    private struct Expected {
        let option: [String]
        let first: Day
        let last: Day
        let isWhole: Bool
        let calendarLast: Day
    }

    /// The lines of `log --json`, `export` and the like, each as an object.
    private func objects(_ outcome: Outcome) -> [[String: Any]] {
        outcome.stdoutLines.compactMap { DataFile.object($0) }
    }

    @Test func everyShorthandNamesTheSameDaysOnStatsLogExportAndCalendar() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        let east = Self.hoursEast(of: zone)
        let offset = Self.offsetText(hoursEast: east)
        let now = Date().addingTimeInterval(TimeInterval(east * 3600))
        let parts = Self.calendar.dateComponents([.year, .month, .day, .weekday], from: now)
        let today = Self.day(parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let monday = today.adding(days: -(((parts.weekday ?? 2) + 5) % 7))
        let firstOfMonth = Self.day(parts.year ?? 0, parts.month ?? 0, 1)
        let lastMonth = Self.calendar.dateComponents([.year, .month], from: firstOfMonth.adding(days: -1).date)
        let firstOfLastMonth = Self.day(lastMonth.year ?? 0, lastMonth.month ?? 0, 1)
        let firstOfNextMonth = Self.day(parts.month == 12 ? (parts.year ?? 0) + 1 : parts.year ?? 0, (parts.month ?? 0) % 12 + 1, 1)
        let taps = [
            Tap(emotion: "neutral", day: firstOfLastMonth, time: "08:00"), Tap(emotion: "upset", day: monday.adding(days: -5), time: "10:00"),
            Tap(emotion: "sad", day: today.adding(days: -1), time: "21:00"), Tap(emotion: "smile", day: firstOfMonth, time: "07:00"),
            Tap(emotion: "happy", day: today, time: "09:00"), Tap(emotion: "smile", day: Self.day(2025, 6, 1), time: "12:00"),
        ]
        for tap in taps {
            let at = tap.day.text + "T" + tap.time
            expectSuccess(try await sandbox.run(["tap", tap.emotion, "--at", at, "-q"], environment: ["TZ": zone]), stdout: "")
        }
        let ordered = taps.sorted { ($0.day, $0.time) < ($1.day, $1.time) }
        let year = Self.day(parts.year ?? 0, 1, 1)
        let expectations = [
            Expected(option: ["--today"], first: today, last: today, isWhole: false, calendarLast: today),
            Expected(option: ["--yesterday"], first: today.adding(days: -1), last: today.adding(days: -1), isWhole: true,
                calendarLast: today.adding(days: -1)),
            Expected(option: ["--week"], first: monday, last: today, isWhole: false, calendarLast: monday.adding(days: 6)),
            Expected(option: ["--last-week"], first: monday.adding(days: -7), last: monday.adding(days: -1), isWhole: true,
                calendarLast: monday.adding(days: -1)),
            Expected(option: ["--month"], first: firstOfMonth, last: today, isWhole: false, calendarLast: firstOfNextMonth.adding(days: -1)),
            Expected(option: ["--last-month"], first: firstOfLastMonth, last: firstOfMonth.adding(days: -1), isWhole: true,
                calendarLast: firstOfMonth.adding(days: -1)),
            Expected(option: ["--year"], first: year, last: today, isWhole: false, calendarLast: Self.day(parts.year ?? 0, 12, 31)),
            Expected(option: ["--year", "2025"], first: Self.day(2025, 1, 1), last: Self.day(2025, 12, 31), isWhole: true,
                calendarLast: Self.day(2025, 12, 31)),
            Expected(option: ["--year=2025"], first: Self.day(2025, 1, 1), last: Self.day(2025, 12, 31), isWhole: true,
                calendarLast: Self.day(2025, 12, 31)),
        ]
        for expected in expectations {
            let held = ordered.filter { expected.first <= $0.day && $0.day <= expected.last }
            let since = expected.first.text + "T00:00:00" + offset
            try await expectViews(sandbox, zone: zone, expected, held: held, since: since, offset: offset, today: today)
        }
    }

    /// What each of the four views shows for `expected.option`.
    private func expectViews(
        _ sandbox: Sandbox, zone: String, _ expected: Expected, held: [Tap], since: String, offset: String, today: Day
    ) async throws {
        let option = expected.option
        let environment = ["TZ": zone]
        let log = try await sandbox.run(["log"] + option + ["--json"], environment: environment)
        #expect(log.status == 0 && objects(log).compactMap { $0["emotion"] as? String } == held.map(\.emotion), "\(option): \(log)")

        let stats = try await sandbox.run(["stats"] + option + ["--json"], environment: environment)
        let counts = try #require(DataFile.object(stats.stdout), "\(option): \(stats)")
        expect(counts["since"] as? String, equals: since, "\(option): \(stats)")
        let until = try #require(counts["until"] as? String, "\(option): \(stats)")
        if expected.isWhole {
            expect(until, equals: expected.last.adding(days: 1).text + "T00:00:00" + offset, "\(option): \(stats)")
        } else {
            #expect(until.hasPrefix(today.text + "T") && until.hasSuffix(offset), "\(option) ends now: \(stats)")
        }
        expect(counts["total"] as? Int, equals: held.count, "\(option): \(stats)")

        let export = try await sandbox.run(["export"] + option + ["--format", "CSV"], environment: environment)
        let rows = export.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(export.status == 0 && rows.count == held.count + 1, "\(option): \(export)")
        expect(rows.first?.hasPrefix("at,date,time,offset,"), equals: true, "\(option): \(export)")

        let calendar = try await sandbox.run(["calendar"] + option + ["--json"], environment: environment)
        let days = try #require(DataFile.object(calendar.stdout), "\(option): \(calendar)")
        expect(days["since"] as? String, equals: since, "\(option): \(calendar)")
        expect(days["until"] as? String, equals: expected.calendarLast.adding(days: 1).text + "T00:00:00" + offset, "\(option): \(calendar)")
        let dates = (days["days"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
        expect(dates, equals: Array(Set(held.map(\.day.text))).sorted(), "\(option): \(calendar)")
    }

    /// The same past year and the same days across a daylight saving change, on all four views,
    /// in zones either side of UTC.
    @Test(arguments: ["Asia/Tokyo", "America/New_York", "UTC"])
    func aPastYearAndAGivenRangeAreTheSameOnEveryView(zone: String) async throws {
        let sandbox = try Sandbox()
        for (emotion, at) in [("happy", "2024-12-31T23:30"), ("sad", "2025-01-01T00:00"), ("smile", "2025-03-08T12:00"),
            ("upset", "2025-03-09T12:00"), ("neutral", "2025-12-31T23:59"), ("happy", "2026-01-01T00:00")]
        {
            expectSuccess(try await sandbox.run(["tap", emotion, "--at", at, "-q"], environment: ["TZ": zone]), stdout: "")
        }
        let environment = ["TZ": zone]
        let (newYear, spring) = switch zone {
        case "Asia/Tokyo": ("+09:00", ("+09:00", "+09:00"))
        case "America/New_York": ("-05:00", ("-05:00", "-04:00"))
        default: ("+00:00", ("+00:00", "+00:00"))
        }
        let year = #""since": "2025-01-01T00:00:00\#(newYear)", "until": "2026-01-01T00:00:00\#(newYear)""#
        let stats = try await sandbox.run(["stats", "--year", "2025", "--json"], environment: environment)
        expectSuccess(stats, stdout: "{\(year), "
            + #""counts": {"happy": 0, "smile": 1, "neutral": 1, "upset": 1, "sad": 1}, "total": 4, "days": 4, "streak": {"current": 1, "longest": 2}}"# + "\n")
        let calendar = try await sandbox.run(["calendar", "--year", "2025", "--json"], environment: environment)
        #expect(calendar.status == 0 && calendar.stdout.hasPrefix("{\(year), \"days\": [{\"date\": \"2025-01-01\""), "\(calendar)")
        let log = try await sandbox.run(["log", "--year", "2025", "--json"], environment: environment)
        expect(objects(log).compactMap { $0["emotion"] as? String }, equals: ["sad", "smile", "upset", "neutral"], "\(log)")
        let export = try await sandbox.run(["export", "--year=2025"], environment: environment)
        expect(objects(export).compactMap { $0["emotion"] as? String }, equals: ["sad", "smile", "upset", "neutral"], "\(export)")

        let days = try await sandbox.run(["calendar", "--since", "2025-03-08T18:00", "--until", "2025-03-09", "--json"], environment: environment)
        #expect(days.stdout.hasPrefix(
            #"{"since": "2025-03-08T00:00:00\#(spring.0)", "until": "2025-03-10T00:00:00\#(spring.1)", "days": [{"date": "2025-03-08", "#),
            "every day the range touches, whole: \(days)")
        expect((DataFile.object(days.stdout)?["days"] as? [Any])?.count, equals: 2, "\(days)")
    }

    @Test(arguments: [
        (["log", "--week", "--yesterday"], "emotions log", "'--yesterday' and '--week' cannot be used together; choose one."),
        (["export", "--today", "--since", "7d"], "emotions export", "'--today' and '--since' cannot be used together; choose one."),
        (["calendar", "--year", "2025", "--until", "now"], "emotions calendar", "'--year' and '--until' cannot be used together; choose one."),
        (["stats", "--last-month", "--month"], "emotions stats", "'--month' and '--last-month' cannot be used together; choose one."),
        (["calendar", "--last-week", "--year"], "emotions calendar", "'--last-week' and '--year' cannot be used together; choose one."),
        (["log", "--year", "0"], "emotions log", "The value '0' is invalid for '--year': give a year of the calendar from 1 to 9999"),
        (["calendar", "--since", "tomorow"], "emotions calendar", "Invalid --since: 'tomorow' is not a TIME"),
    ])
    func conflictingOrImpossibleRangesAreUsageErrors(arguments: [String], command: String, message: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(arguments, environment: ["TZ": "UTC"])
        expectUsageError(outcome, command: command, message: message)
        expect(sandbox.contentsOfHome(), equals: [])
    }

    /// Refused when the command runs, as a range backwards is: no usage line.
    @Test(arguments: [
        (["stats", "--year", "9999"], "Error: Invalid range: --year 9999 reaches outside what the history keeps (the history keeps "
            + "times in the years 1 to 9999, both in UTC and at their local offset); name a period within them, or give --since and --until."),
        (["log", "--year", "9999"], "Error: Invalid range: --year 9999 reaches outside what the history keeps"),
        (["calendar", "--since", "0001-01-01"], "Error: Invalid range: more than 100000 days to show in a calendar; give a later --since or an earlier --until."),
    ])
    func aRangeTooLongOrPastTheYearsIsRefused(arguments: [String], message: String) async throws {
        let sandbox = try Sandbox()
        expectFailure(try await sandbox.run(arguments, environment: ["TZ": "UTC"]), status: 64, mentioning: [message])
        let year = try await sandbox.run(["calendar", "--year", "9999", "--json"], environment: ["TZ": "UTC"])
        expectSuccess(year, stdout: #"{"since": "9999-01-01T00:00:00+00:00", "until": null, "days": []}"# + "\n")
    }

    @Test func calendarShowsEveryDayOfTheCurrentMonthAndOfARangeWithoutSince() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        let month = try await sandbox.run(["calendar", "--month", "--json"], environment: ["TZ": zone])
        let object = try #require(DataFile.object(month.stdout), "\(month)")
        let since = try #require(object["since"] as? String)
        let until = try #require(object["until"] as? String)
        #expect(since.dropFirst(7).hasPrefix("-01T00:00:00") && until.dropFirst(7).hasPrefix("-01T00:00:00"), "\(month)")
        let grid = try await sandbox.run(["calendar", "--until", "2025-06-30", "--json"], environment: ["TZ": "UTC"])
        expectSuccess(grid, stdout: #"{"since": "2024-07-01T00:00:00+00:00", "until": "2025-07-01T00:00:00+00:00", "days": []}"# + "\n")
    }

    /// Option values are read in any case, as emotion names are.
    @Test func optionValuesAreReadInAnyCase() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["tap", "happy", "--at", "2025-06-01T12:00", "-q"], environment: ["TZ": "UTC"]), stdout: "")
        let byDay = try await sandbox.run(["stats", "--by", "Day", "--since", "2025-06-01", "--until", "2025-06-01", "--json"], environment: ["TZ": "UTC"])
        #expect(byDay.status == 0 && byDay.stdout.hasPrefix(#"{"by": "day", "#), "\(byDay)")
        let csv = try await sandbox.run(["export", "--format", "CSV"], environment: ["TZ": "UTC"])
        #expect(csv.status == 0 && csv.stdoutLines.first?.hasPrefix("at,date,time,") == true, "\(csv)")
        let colour = try await sandbox.run(["--color", "ALWAYS", "calendar", "--year", "2025"], environment: ["TZ": "UTC", "COLUMNS": "120"])
        #expect(colour.status == 0 && colour.stdout.contains("\u{1B}["), "\(colour)")
        let script = try await sandbox.run("--generate-completion-script", "Fish")
        #expect(script.status == 0 && script.stdout.hasPrefix("# fish completion"), "\(script)")
    }
}
