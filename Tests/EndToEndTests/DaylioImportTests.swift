import Foundation
import Testing

/// `import --from daylio`, through the built binary: a Daylio CSV export brought over under several
/// zones, imported again for nothing, its user's own moods mapped, and every refusal naming the line
/// of the Daylio file while leaving every file as it was.
struct DaylioImportTests {
    /// A Daylio export of the newer layout, newest row first, with a byte order mark, CR LF, a quoted
    /// multi-line note, `|` activities, 12- and 24-hour times and a mood of the user's own.
    static let export = "\u{FEFF}full_date,date,weekday,time,mood,activities,note_title,note\r\n"
        + "2025-03-02,2 March,Sunday,9:12 pm,super happy,\"friends | good meal\",\"Dinner\",\"At Sam's,\r\nlate\"\r\n"
        + "2025-03-02,2 March,Sunday,8:30 am,meh,\"work\",\"\",\"\"\r\n"
        + "2025-03-01,1 March,Saturday,21:05,rad,\"gym | friends\",\"\",\"PR on squats\"\r\n"

    /// The bytes of the default data file and its journal.
    private func files(_ sandbox: Sandbox) -> [Data?] {
        [sandbox.bytes(of: sandbox.defaultDataFile), sandbox.bytes(of: URL(fileURLWithPath: sandbox.defaultDataFile.path + ".journal"))]
    }

    /// Writes `text` to `name` in the sandbox's capture folder and returns its path.
    private func daylioFile(_ sandbox: Sandbox, _ text: String, name: String = "daylio_export.csv") throws -> String {
        let file = sandbox.capture.appendingPathComponent(name)
        try sandbox.write(text, to: file)
        return file.path
    }

    @Test(arguments: [("Asia/Tokyo", "+09:00"), ("America/New_York", "-05:00"), ("UTC", "+00:00")])
    func aDaylioExportIsBroughtOverAtItsLocalTimesAndImportingItAgainAddsNothing(zone: String, offset: String) async throws {
        let sandbox = try Sandbox()
        let file = try daylioFile(sandbox, Self.export)
        let tz = ["TZ": zone]
        let run = { (arguments: [String]) in try await sandbox.run(arguments, environment: tz) }
        expectSuccess(try await run(["import", "--from", "daylio", file, "--map", "super happy=happy"]),
                      stdout: "Imported 3 changes: happy +2, neutral +1.\n")
        let log = try await run(["log", "--json"])
        expect(log.stdoutLines.count, equals: 3, "\(log)")
        for (line, fragment) in zip(log.stdoutLines, [
            #""at": "2025-03-01T21:05:00.000\#(offset)", "command": "tap", "emotion": "happy", "old": 0, "new": 1, "note": "PR on squats""#,
            #""at": "2025-03-02T08:30:00.000\#(offset)", "command": "tap", "emotion": "neutral", "old": 0, "new": 1,"#,
            #""at": "2025-03-02T21:12:00.000\#(offset)", "command": "tap", "emotion": "happy", "old": 1, "new": 2, "note": "Dinner\nAt Sam's,\nlate""#,
        ]) {
            #expect(line.contains(fragment), "\(line)")
        }
        let text = try await run(["log"])
        #expect(text.stdout.contains("happy +1  #friends #good-meal  \"Dinner\n                  At Sam's,\n                  late\"\n"), "\(text)")
        let before = files(sandbox)
        expectSuccess(try await run(["import", "--from", "daylio", file, "--map", "super happy=happy"]),
                      stdout: "Nothing to import: the file's 3 changes are already there.\n")
        expect(files(sandbox), equals: before)
        // A month later, the user exports again: the same rows under a new one, in a new file.
        let later = Self.export.replacingOccurrences(of: "note\r\n", with: "note\r\n2025-04-01,1 April,Tuesday,7:00 am,awful,,\"\",\"\"\r\n")
        expectSuccess(try await run(["import", "--from", "daylio", try daylioFile(sandbox, later, name: "april.csv"), "--map", "super happy=happy"]),
                      stdout: "Imported 1 change (3 already there): sad +1.\n")
        expectSuccess(try await run(["stats", "happy"]), stdout: "2\n")
    }

    @Test func aMoodOfTheUsersOwnWithoutAMapIsRefusedNamingItAndTheMapSyntaxAndNothingIsImported() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad")
        let before = files(sandbox)
        let outcome = try await sandbox.run("import", "--from", "daylio", try daylioFile(sandbox, Self.export))
        expectFailure(outcome, status: 65, mentioning: [
            "'super happy' (1 row, first on line 2)", "--map LABEL=EMOTION,...", "Nothing was imported.",
        ])
        expect(files(sandbox), equals: before)
        let dryRun = try await sandbox.run("import", "--from", "daylio", try daylioFile(sandbox, Self.export), "--map", "super happy=smile", "--dry-run")
        expectSuccess(dryRun, stdout: "Would import 3 changes: happy +1, smile +1, neutral +1.\n")
        expect(files(sandbox), equals: before)
    }

    @Test func aBadRowIsRefusedNamingItsLineInTheDaylioFileAndNothingIsImported() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad")
        let before = files(sandbox)
        let header = "full_date,date,weekday,time,mood,activities,note_title,note\n"
        let good = "2025-03-02,2 March,Sunday,9:12 pm,rad,,\"\",\"two\nlines\"\n"
        let cases: [(String, [String])] = [
            (header + good + "2025-03-01,1 March,Saturday,9:99 pm,rad,,\"\",\"\"\n", ["line 4", "'9:99 pm'", "9:12 pm or 21:12"]),
            (header + good + "2025-03-01,1 March,Saturday,9:00 pm,rad,\"\"\n", ["line 4", "6 fields", "the header 8"]),
            (header + good + "2025-02-30,30 February,Sunday,9:00 pm,rad,,,\n", ["line 4", "'2025-02-30'"]),
            ("name,when\nx,y\n", ["line 1", "full_date, time, mood"]),
            // A row a year ahead: refused by import's own check, named by its line of the Daylio file.
            (header + "2099-01-01,1 January,Thursday,9:00 am,rad,,,\n" + good, ["line 2", "more than a day after now"]),
        ]
        for (text, fragments) in cases {
            let outcome = try await sandbox.run("import", "--from", "daylio", try daylioFile(sandbox, text))
            expectFailure(outcome, status: 65, mentioning: fragments + ["Nothing was imported"])
            expect(files(sandbox), equals: before, "a refused import changed a file: \(outcome)")
        }
    }

    @Test func aMapWithoutFromDaylioOrABadMapIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let file = try daylioFile(sandbox, Self.export)
        expectUsageError(try await sandbox.run("import", file, "--map", "super happy=happy"), command: "emotions import",
                         message: "The value 'super happy=happy' is invalid for '--map': it names Daylio's moods; give --from daylio too")
        expectUsageError(try await sandbox.run("import", "--from", "daylio", file, "--map", "super happy=joy"), command: "emotions import",
                         message: "The value 'super happy=joy' is invalid for '--map': 'super happy=joy': 'joy' is not an emotion")
        expectUsageError(try await sandbox.run("import", "--from", "daylo", file), command: "emotions import",
                         message: "Unknown value 'daylo' for '--from'. Did you mean 'daylio'?")
    }

    @Test func activitiesThatBecomeNoTagAreSaidOnStandardErrorAndTheRestIsImported() async throws {
        let sandbox = try Sandbox()
        let text = "year,date,weekday,time,mood,activities,note\n2018,18 May,Friday,11:54 pm,good,\"🎮 | cook\",\"party\"\n"
        let outcome = try await sandbox.run("import", "--from", "daylio", try daylioFile(sandbox, text))
        #expect(outcome.status == 0 && outcome.stdout == "Imported 1 change: smile +1.\n", "\(outcome)")
        expect(outcome.stderr, equals: "Warning: the activity '🎮' (1 row) became no tag: a tag needs a letter or digit. Rename it in "
            + "Daylio and export again to keep it.\n", "\(outcome)")
    }

    /// Each row's activities become its tap's tags, which `log` shows and `stats +TAG` counts by.
    @Test
    func activitiesBecomeTagsThatLogShows() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run(["import", "--from", "daylio", try daylioFile(sandbox, Self.export), "--map", "super happy=happy"],
                                  environment: ["TZ": "UTC"])
        let log = try await sandbox.run(["log", "--json"], environment: ["TZ": "UTC"])
        expect(log.stdoutLines.count, equals: 3, "\(log)")
        #expect(log.stdoutLines[0].contains(#""note": "PR on squats", "tags": ["friends", "gym"]"#), "\(log)")
        #expect(log.stdoutLines[1].contains(#""tags": ["work"]"#), "\(log)")
        #expect(log.stdoutLines[2].contains(#""tags": ["friends", "good-meal"]"#), "\(log)")
        let text = try await sandbox.run(["log"], environment: ["TZ": "UTC"])
        expect(text.stdoutLines.first?.hasSuffix("happy +1  #friends #gym  \"PR on squats\""), equals: true, "\(text)")
        let friends = try await sandbox.run("stats", "+friends", "--json")
        #expect(friends.status == 0 && friends.stdout.contains(#""happy": 2"#) && friends.stdout.contains(#""neutral": 0"#), "\(friends)")
    }
}
