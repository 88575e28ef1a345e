import Foundation
import Testing

/// `stats --by weekday`, the streak under `stats` and in a range's JSON, `--by` without a range
/// starting at the history's first change, and the one wording of a cut-off view, through the binary.
struct StatsViewsTests {
    private func tap(_ sandbox: Sandbox, _ emotion: String, at time: String, zone: String) async throws {
        let outcome = try await sandbox.run(["tap", emotion, "--at", time, "-q"], environment: ["TZ": zone])
        expect(outcome.status, equals: 0, "\(outcome)")
    }

    private func counts(_ happy: Int, _ smile: Int, _ neutral: Int, _ upset: Int, _ sad: Int) -> String {
        #"{"happy": \#(happy), "smile": \#(smile), "neutral": \#(neutral), "upset": \#(upset), "sad": \#(sad)}"#
    }

    @Test(arguments: ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "UTC"])
    func byWeekdayShowsAllSevenMondayFirstEachChangeOnItsOwnLocalDay(zone: String) async throws {
        let sandbox = try Sandbox()
        try await tap(sandbox, "happy", at: "2026-11-16T00:00", zone: zone)  // A Monday.
        try await tap(sandbox, "smile", at: "2026-11-16T23:59", zone: zone)
        try await tap(sandbox, "sad", at: "2026-11-15T23:59", zone: zone)  // Sunday.
        try await tap(sandbox, "happy", at: "2026-11-23T12:00", zone: zone)  // Monday again.
        // Made in Tokyo, it stays on Tokyo's Tuesday wherever it is looked at.
        try await tap(sandbox, "upset", at: "2026-11-17T08:00", zone: "Asia/Tokyo")
        let outcome = try await sandbox.run(["stats", "--by", "weekday", "--json"], environment: ["TZ": zone])
        expect(outcome.status, equals: 0, "\(outcome)")
        let empty = counts(0, 0, 0, 0, 0)
        let rows = [
            #"{"weekday": "monday", "counts": \#(counts(2, 1, 0, 0, 0)), "total": 3, "score": 4.67}"#,
            #"{"weekday": "tuesday", "counts": \#(counts(0, 0, 0, 1, 0)), "total": 1, "score": 2}"#,
        ] + ["wednesday", "thursday", "friday", "saturday"].map { #"{"weekday": "\#($0)", "counts": \#(empty), "total": 0, "score": null}"# }
            + [#"{"weekday": "sunday", "counts": \#(counts(0, 0, 0, 0, 1)), "total": 1, "score": 1}"#]
        #expect(outcome.stdout.hasPrefix(#"{"by": "weekday", "since": null, "until": ""#), "\(outcome)")
        #expect(outcome.stdout.hasSuffix(#", "weekdays": ["# + rows.joined(separator: ", ") + "]}\n"), "\(zone): \(outcome)")
        // A range given: only the second Monday.
        let range = try await sandbox.run(["stats", "--by", "weekday", "--since", "2026-11-23", "--until", "2026-11-23", "--json"], environment: ["TZ": zone])
        #expect(range.stdout.contains(#""since": "2026-11-23T00:00:00"#), "\(range)")
        #expect(range.stdout.contains(#"{"weekday": "monday", "counts": \#(counts(1, 0, 0, 0, 0)), "total": 1, "score": 5}"#), "\(range)")
        #expect(range.stdout.contains(#"{"weekday": "sunday", "counts": \#(empty), "total": 0, "score": null}"#), "\(range)")
    }

    @Test func byWeekdayPrintsATableUnderItsRange() async throws {
        let sandbox = try Sandbox()
        try await tap(sandbox, "happy", at: "2026-11-16T10:00", zone: "UTC")
        try await tap(sandbox, "sad", at: "2026-11-22T10:00", zone: "UTC")
        let outcome = try await sandbox.run(["stats", "--by", "weekday", "--since", "2026-11-16", "--until", "2026-11-22"], environment: ["TZ": "UTC"])
        expectSuccess(outcome, stdout: """
            From 2026-11-16 00:00 to 2026-11-23 00:00
                       😄  🙂  😐  😕  😢  total  score
            Monday      1   ·   ·   ·   ·      1    5.0
            Tuesday     ·   ·   ·   ·   ·      ·       
            Wednesday   ·   ·   ·   ·   ·      ·       
            Thursday    ·   ·   ·   ·   ·      ·       
            Friday      ·   ·   ·   ·   ·      ·       
            Saturday    ·   ·   ·   ·   ·      ·       
            Sunday      ·   ·   ·   ·   1      1    1.0

            """)
        expectFailure(try await sandbox.run("stats", "sad", "--by", "weekday"), status: 64, mentioning: ["'sad' and '--by' cannot be used together"])
    }

    @Test(arguments: ["Asia/Tokyo", "America/Los_Angeles"])
    func aRangesJSONAndTableCountTheDaysWithAChangeAndTheirRuns(zone: String) async throws {
        let sandbox = try Sandbox()
        // Nov 1, 2 and 3; 5; 8 and 9 (a tap undone: no change); 10, 11.
        for day in ["01", "02", "03", "05", "08", "10", "11"] {
            try await tap(sandbox, "happy", at: "2026-11-\(day)T12:00", zone: zone)
        }
        try await tap(sandbox, "sad", at: "2026-11-09T12:00", zone: zone)
        try expect(await sandbox.run(["undo", "-q"], environment: ["TZ": zone]).status, equals: 0)
        // An add that cancels a tap on the 6th: nothing felt that day.
        try await tap(sandbox, "sad", at: "2026-11-06T12:00", zone: zone)
        try expect(await sandbox.run(["add", "sad", "-1", "--at", "2026-11-06T13:00", "-q"], environment: ["TZ": zone]).status, equals: 0)
        let json = try await sandbox.run(["stats", "--since", "2026-11-01", "--until", "2026-11-11", "--json"], environment: ["TZ": zone])
        #expect(json.stdout.hasSuffix(#""total": 7, "days": 7, "streak": {"current": 2, "longest": 3}}"# + "\n"), "\(json)")
        // The range's last day, the 12th, has nothing yet: the run ending on the 11th is current.
        let twelfth = try await sandbox.run(["stats", "--since", "2026-11-01", "--until", "2026-11-12", "--json"], environment: ["TZ": zone])
        #expect(twelfth.stdout.hasSuffix(#""days": 7, "streak": {"current": 2, "longest": 3}}"# + "\n"), "\(twelfth)")
        let thirteenth = try await sandbox.run(["stats", "--since", "2026-11-01", "--until", "2026-11-13", "--json"], environment: ["TZ": zone])
        #expect(thirteenth.stdout.hasSuffix(#""days": 7, "streak": {"current": 0, "longest": 3}}"# + "\n"), "\(thirteenth)")
        let table = try await sandbox.run(["stats", "--since", "2026-11-01", "--until", "2026-11-11"], environment: ["TZ": zone, "COLUMNS": "80"])
        expect(table.stdoutLines.last, equals: "7 days felt · current streak 2 · longest 3", "\(table)")
        // An emotion's count stays just that.
        expectSuccess(try await sandbox.run(["stats", "happy", "--since", "2026-11-01", "--until", "2026-11-11"], environment: ["TZ": zone]), stdout: "7\n")
    }

    @Test func withoutARangeStatsStaysTheCountsAndUntilNowGivesTheStreakOfAllTime() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        for at in ["3d", "2d", "1d"] {
            try await tap(sandbox, "smile", at: at, zone: zone)
        }
        try await tap(sandbox, "smile", at: "10d", zone: zone)
        try expect(await sandbox.run(["stats"], environment: ["TZ": zone]).stdoutLines.count, equals: 6)
        expectSuccess(try await sandbox.run(["stats", "--json"], environment: ["TZ": zone]), stdout: #"{"counts": \#(counts(0, 4, 0, 0, 0)), "total": 4}"# + "\n")
        let all = try await sandbox.run(["stats", "--until", "now"], environment: ["TZ": zone])
        expect(all.stdoutLines.first?.hasPrefix("From the start of the history"), equals: true, "\(all)")
        expect(all.stdoutLines.last, equals: "4 days felt · current streak 3 · longest 3", "\(all)")
        // Narrow: the parts fill the width, as the table does.
        let narrow = try await sandbox.run(["stats", "--until", "now"], environment: ["TZ": zone, "COLUMNS": "20"])
        expect(narrow.stdoutLines.suffix(3), equals: ["4 days felt", "current streak 3", "longest 3"], "\(narrow)")
        let today = try await sandbox.run(["stats", "--today", "--json"], environment: ["TZ": zone])
        #expect(today.stdout.hasSuffix(#""days": 0, "streak": {"current": 0, "longest": 0}}"# + "\n"), "\(today)")
    }

    @Test(arguments: [("day", 3), ("week", 1), ("month", 1)])
    func byPeriodWithoutARangeStartsAtTheHistorysFirstChange(length: String, periods: Int) async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        try await tap(sandbox, "happy", at: "2d", zone: zone)
        let outcome = try await sandbox.run(["stats", "--by", length, "--json"], environment: ["TZ": zone])
        let object = try #require(DataFile.object(outcome.stdout), "\(outcome)")
        let rows = try #require(object["periods"] as? [[String: Any]])
        // A week or a month may have begun since the tap: then two.
        #expect(rows.count == periods || (length != "day" && rows.count == periods + 1), "\(outcome)")
        expect((rows.first?["total"] as? Int), equals: 1, "the first period holds the tap: \(outcome)")
        // An empty history shows the current period alone.
        let empty = try Sandbox()
        let none = try await empty.run(["stats", "--by", length, "--json"], environment: ["TZ": zone])
        expect((DataFile.object(none.stdout)?["periods"] as? [Any])?.count, equals: 1, "\(none)")
    }

    @Test func byPeriodWithoutARangeStillShowsTheUsualSpanOfALongHistory() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        try await tap(sandbox, "happy", at: "40d", zone: zone)
        let outcome = try await sandbox.run(["stats", "--by", "day", "--json"], environment: ["TZ": zone])
        let rows = try #require(DataFile.object(outcome.stdout)?["periods"] as? [Any], "\(outcome)")
        expect(rows.count, equals: 14, "\(outcome)")
        // A range given is shown whole, empty days before the first change included.
        let given = try await sandbox.run(["stats", "--by", "day", "--since", "45d", "--json"], environment: ["TZ": zone])
        expect((DataFile.object(given.stdout)?["periods"] as? [Any])?.count, equals: 46, "\(given)")
    }

    @Test func statsAndCalendarWordACutOffViewAlike() async throws {
        let sandbox = try Sandbox()
        try await tap(sandbox, "happy", at: "2026-11-02T09:00", zone: "UTC")
        let stats = try await sandbox.run(["stats", "--by", "day", "--since", "2026-10-01", "--until", "2026-11-04"], environment: ["TZ": "UTC", "COLUMNS": "40"])
        expect(stats.stdoutLines.suffix(2), equals: ["Showing the last 28 of 35 days; widen", "the terminal to see them all."], "\(stats)")
        let calendar = try await sandbox.run(["calendar", "--year", "2026"], environment: ["TZ": "UTC", "COLUMNS": "40"])
        expect(calendar.stdoutLines.suffix(2), equals: ["Showing the last 17 of 53 weeks; widen", "the terminal to see them all."], "\(calendar)")
    }
}
