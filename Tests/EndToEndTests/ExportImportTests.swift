import Foundation
import Testing

/// `export` and `import`, through the built binary: whole outputs under real time zones, round
/// trips into an empty history, and refusals that leave every file as it was.
struct ExportImportTests {
    /// A second data file in the sandbox, for the history an export is imported into.
    private func otherFile(_ sandbox: Sandbox) -> String {
        sandbox.root.appendingPathComponent("other/emotions.json").path
    }

    /// The bytes of the default data file and its journal.
    private func files(_ sandbox: Sandbox) -> [Data?] {
        [sandbox.bytes(of: sandbox.defaultDataFile), sandbox.bytes(of: URL(fileURLWithPath: sandbox.defaultDataFile.path + ".journal"))]
    }

    /// Writes `lines` to a file in the sandbox's capture folder and returns its path.
    /// Expects `outcome` to be a CSV export of untagged changes that, without its last four columns
    /// (`id`, `command_id` and `undone`, which hold ids made at each run, and the empty `tags`), is `expected`.
    private func expectCSV(_ outcome: Outcome, withoutIDs expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let trimmed = outcome.stdout
            .replacingOccurrences(of: ",id,command_id,undone,tags\r\n", with: "\r\n")
            .replacingOccurrences(of: #",[0-9A-Z]{26},[0-9A-Z]{26},(true|false),\r\n"#, with: "\r\n", options: .regularExpression)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
        #expect(trimmed == expected, sourceLocation: sourceLocation)
    }

    /// Writes `lines`, an export, to a file as the release before issue 23 wrote it: without where
    /// each change was made (`history`, `hseq`, `after`), so that `import` reads it as the events of
    /// the history that wrote it; ImportUnionTests import exports as they are now written.
    private func exportFile(_ sandbox: Sandbox, _ lines: [String], name: String = "export.jsonl") throws -> String {
        let file = sandbox.capture.appendingPathComponent(name)
        try sandbox.write(lines.map { ExportLines.withoutAddress($0) + "\n" }.joined(), to: file)
        return file.path
    }

    @Test func csvAndJSONLinesAreWholeAtEachChangesOwnOffsetUnderTokyo() async throws {
        let sandbox = try Sandbox()
        let tokyo = ["TZ": "Asia/Tokyo"]
        _ = try await sandbox.run(["tap", "happy", "smile", "--at", "2025-11-22T23:59", "--note", "rough, \"long\" day"], environment: tokyo)
        _ = try await sandbox.run(["add", "sad", "3", "--at", "2025-11-23T00:00:30.5", "--note", "=SUM(A1)"], environment: tokyo)
        _ = try await sandbox.run(["add", "sad", "-1", "--at", "2025-11-22T12:00"], environment: ["TZ": "America/New_York"])
        let csv = try await sandbox.run(["export", "--format", "csv"], environment: ["TZ": "UTC"])
        expectCSV(csv, withoutIDs: """
            at,date,time,offset,command,emotion,old,new,delta,note\r
            2025-11-22T23:59:00.000+09:00,2025-11-22,23:59:00,+09:00,tap,happy,0,1,1,"rough, ""long"" day"\r
            2025-11-22T23:59:00.000+09:00,2025-11-22,23:59:00,+09:00,tap,smile,0,1,1,"rough, ""long"" day"\r
            2025-11-23T00:00:30.500+09:00,2025-11-23,00:00:30,+09:00,add,sad,0,3,3,'=SUM(A1)\r
            2025-11-22T12:00:00.000-05:00,2025-11-22,12:00:00,-05:00,add,sad,3,2,-1,\r

            """)
        let day = try await sandbox.run(["export", "--format", "csv", "--since", "2025-11-23", "--until", "2025-11-23"], environment: tokyo)
        // Tokyo's 2025-11-23 holds the add at 00:00:30 there, and the one made at noon in New York (02:00 in Tokyo).
        #expect(day.stdout.split(separator: "\r\n").count == 3 && day.stdout.contains(",add,sad,0,3,3,") && day.stdout.contains(",-05:00,add,sad,3,2,-1,"), "\(day)")
        let jsonl = try await sandbox.run(["export"], environment: tokyo)
        let log = try await sandbox.run(["log", "--json"], environment: tokyo)
        expectSuccess(jsonl, stdout: jsonl.stdout)
        // log --json's objects are the export's with the view's command_id, delta and undone after them.
        let viewed = #", "command_id": "[0-9A-Z]{26}", "delta": -?[0-9]+, "undone": (true|false)\}$"#
        expect(log.stdoutLines.map { $0.replacingOccurrences(of: viewed, with: "}", options: .regularExpression) }, equals: jsonl.stdoutLines.map(ExportLines.withoutAddress))
        let objects = jsonl.stdoutLines.compactMap { DataFile.object($0) }
        expect(objects.count, equals: 4)
        #expect(objects[0]["events"] as? Int == 2 && objects[0]["group"] == nil, "the first of two says how many")
        #expect(objects[1]["group"] as? String == objects[0]["id"] as? String && objects[1]["events"] == nil)
        #expect(objects[2]["group"] == nil && objects[2]["events"] == nil, "a one-change command has neither")
        expectFailure(try await sandbox.run("export", "--since", "yesterdy"), status: 64, mentioning: ["Invalid --since: 'yesterdy'"])
        expectFailure(try await sandbox.run("export", "--format", "xml"), status: 64, mentioning: ["--format"])
    }

    /// An undone backdated tap was an ordinary CSV row, while `stats` and `calendar` leave it out:
    /// a spreadsheet could not rebuild what `stats` counts.
    @Test func summingTheDeltaOfTheCSVsTapsAndAddsNotUndoneGivesWhatStatsCounts() async throws {
        let sandbox = try Sandbox()
        let utc = ["TZ": "UTC"]
        for arguments in [
            ["tap", "sad", "happy", "--at", "2025-11-20T09:00"], ["add", "sad", "3", "--at", "2025-11-21T09:00"],
            ["tap", "smile", "--at", "2025-11-18T09:00"], ["undo"],  // The backdated tap of smile, undone.
            ["add", "sad", "-2", "--at", "2025-11-22T09:00"], ["reset", "happy"], ["undo"], ["tap", "upset", "--at", "2025-11-19T09:00"],
            ["undo"], ["redo"], ["add", "neutral", "2", "--at", "2025-11-23T09:00"], ["add", "neutral", "-2"], ["tap", "neutral"],
        ] {
            try expect(await sandbox.run(arguments + ["-q"], environment: utc).status, equals: 0, "\(arguments)")
        }
        let csv = try await sandbox.run(["export", "--format", "csv"], environment: utc)
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast().map { $0.components(separatedBy: ",") }
        let header = try #require(rows.first)
        #expect(header.suffix(4) == ["id", "command_id", "undone", "tags"] && header.prefix(10) == ["at", "date", "time", "offset", "command", "emotion", "old", "new", "delta", "note"])
        let column = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        func sum(since: String?) -> [String: Int] {
            var sums: [String: Int] = [:]
            for row in rows.dropFirst() where ["tap", "add"].contains(row[column["command"] ?? 0]) && row[column["undone"] ?? 0] == "false"
                && since.map({ row[column["date"] ?? 0] >= $0 }) ?? true {
                sums[row[column["emotion"] ?? 0], default: 0] += Int(row[column["delta"] ?? 0]) ?? 0
            }
            return sums.mapValues { max(0, $0) }  // As stats, no count shown below zero.
        }
        #expect(rows.contains { $0[column["emotion"] ?? 0] == "smile" && $0[column["undone"] ?? 0] == "true" }, "\(csv)")
        for since in ["2025-01-01", "2025-11-21"] {
            let stats = try await sandbox.run(["stats", "--since", since, "--json"], environment: utc)
            let counts = try #require(DataFile.object(stats.stdout)?["counts"] as? [String: Int], "\(stats)")
            let sums = sum(since: since)
            expect(counts, equals: Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, sums[$0] ?? 0) }), "since \(since): \(csv.stdout)")
        }
        expect(sum(since: nil), equals: ["sad": 2, "happy": 1, "upset": 1, "neutral": 1], "\(csv.stdout)")
        let ids = rows.dropFirst().map { $0[column["id"] ?? 0] }
        #expect(Set(ids).count == ids.count && ids.allSatisfy { $0.count == 26 })
        let tapOfTwo = rows.filter { $0[column["date"] ?? 0] == "2025-11-20" }.map { $0[column["command_id"] ?? 0] }
        #expect(tapOfTwo.count == 2 && Set(tapOfTwo).count == 1, "tap sad happy is one command")
    }

    @Test func csvKeepsEachSideOfNewYorksDaylightSavingChange() async throws {
        let sandbox = try Sandbox()
        let newYork = ["TZ": "America/New_York"]
        _ = try await sandbox.run(["tap", "happy", "--at", "2026-03-08T01:30"], environment: newYork)
        _ = try await sandbox.run(["tap", "happy", "--at", "2026-03-08T03:30"], environment: newYork)
        expectCSV(try await sandbox.run(["export", "--format", "csv"], environment: ["TZ": "Asia/Tokyo"]), withoutIDs: """
            at,date,time,offset,command,emotion,old,new,delta,note\r
            2026-03-08T01:30:00.000-05:00,2026-03-08,01:30:00,-05:00,tap,happy,0,1,1,\r
            2026-03-08T03:30:00.000-04:00,2026-03-08,03:30:00,-04:00,tap,happy,1,2,1,\r

            """)
        expectSuccess(try await Sandbox().run("export", "--format", "csv"), stdout: "at,date,time,offset,command,emotion,old,new,delta,note,id,command_id,undone,tags\r\n")
    }

    @Test func exportThenImportIntoAnEmptyHistoryGivesTheSameLogAndImportingTwiceAddsNothing() async throws {
        let sandbox = try Sandbox()
        for arguments in [
            ["tap", "happy", "smile", "--note", "two at once"], ["add", "sad", "3", "--at", "2025-01-01T10:00"],
            ["reset", "sad", "--note", "=clear"], ["undo"], ["redo"], ["tap", "neutral", "--at", "yesterday"], ["undo"],
            ["tap", "upset", "--note", "ça va — \u{202E}merci"],
        ] {
            try expect(await sandbox.run(arguments + ["-q"], environment: ["TZ": "Asia/Kolkata"]).status, equals: 0)
        }
        let export = try await sandbox.run("export")
        let file = try exportFile(sandbox, export.stdoutLines)
        let other = otherFile(sandbox)
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Imported 9 changes: happy +1, smile +1, upset +1.\n")
        for command in [["log"], ["log", "--json"], ["stats", "--json"], ["export", "--format", "csv"]] {
            let here = try await sandbox.run(command, environment: ["TZ": "America/New_York"])
            let there = try await sandbox.run(command + ["--file", other], environment: ["TZ": "America/New_York"])
            expectSuccess(there, stdout: here.stdout)
        }
        let journal = sandbox.bytes(of: URL(fileURLWithPath: other + ".journal"))
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Nothing to import: the file's 9 changes are already there.\n")
        expect(sandbox.bytes(of: URL(fileURLWithPath: other + ".journal")), equals: journal, "a second import wrote to the journal")
        // Undo is this history's own: the other made nothing, so it has nothing to undo; by id, it takes back the same.
        try expect(await sandbox.run("undo", "--file", other).status, equals: 1)
        let upset = try await commandID(sandbox, of: "upset")
        let undoHere = try await sandbox.run("undo", upset)
        expectSuccess(try await sandbox.run("undo", upset, "--file", other), stdout: undoHere.stdout)
    }

    /// The id of the command of the latest change of `emotion` in `file` (nil: the default file).
    private func commandID(_ sandbox: Sandbox, of emotion: String, file: String? = nil) async throws -> String {
        let log = try await sandbox.run(["log", "--json", "-n", "1", emotion] + (file.map { ["--file", $0] } ?? []))
        return try #require(DataFile.object(log.stdoutLines.first)?["command_id"] as? String, "\(log)")
    }

    @Test func twoMachinesThatSendEachOtherExportsAgreeWhateverEachUndid() async throws {
        let sandbox = try Sandbox()
        let laptop = otherFile(sandbox)
        /// Sends `from`'s whole export to `to` (nil: the default file) and returns what import said.
        func send(from: String?, to: String?) async throws -> String {
            let export = try await sandbox.run(["export"] + (from.map { ["--file", $0] } ?? []))
            let outcome = try await sandbox.run(["import", try exportFile(sandbox, export.stdoutLines)] + (to.map { ["--file", $0] } ?? []))
            expect(outcome.status, equals: 0, "\(outcome)")
            return outcome.stdout
        }
        func stats(_ file: String?) async throws -> String {
            try await sandbox.run(["stats", "--json"] + (file.map { ["--file", $0] } ?? [])).stdout
        }
        _ = try await sandbox.run("tap", "happy", "sad", "-q")
        _ = try await sandbox.run("add", "smile", "5", "-q")
        _ = try await send(from: nil, to: laptop)
        // The desktop undoes the add; the laptop, which made nothing of it, resets happy and taps
        // neutral; then the desktop resets everything (happy and sad).
        _ = try await sandbox.run("undo", "-q")
        _ = try await sandbox.run("reset", "happy", "--file", laptop, "-q")
        _ = try await sandbox.run("tap", "neutral", "--file", laptop, "-q")
        _ = try await sandbox.run("reset", "--all", "-q")
        try expect(await send(from: laptop, to: nil), equals: "Imported 2 changes (3 already there): neutral +1.\n")
        try expect(await send(from: nil, to: laptop), equals: "Imported 3 changes (5 already there): smile -5, sad -1.\n")
        // Again both ways: nothing new.
        try expect(await send(from: laptop, to: nil), equals: "Nothing to import: the file's 8 changes are already there.\n")
        try expect(await send(from: nil, to: laptop), equals: "Nothing to import: the file's 8 changes are already there.\n")
        let counts = #"{"counts": {"happy": 0, "smile": 0, "neutral": 1, "upset": 0, "sad": 0}, "total": 1}"# + "\n"
        try expect(await stats(nil), equals: counts)
        try expect(await stats(laptop), equals: counts)

        // The desktop taps; the laptop takes back the desktop's reset by its id: sad comes back there
        // (happy stays cleared by the laptop's own reset), and here once the undo arrives. The
        // desktop's undo then takes back its own tap, and its redo makes it again.
        _ = try await sandbox.run("tap", "upset", "-q")
        let reset = try await commandID(sandbox, of: "sad")
        let laptopUndo = try await sandbox.run("undo", reset, "--file", laptop)
        #expect(laptopUndo.status == 0 && laptopUndo.stdout.hasPrefix("Undid 'reset happy sad'"), "\(laptopUndo)")
        try expect(await stats(laptop), equals: #"{"counts": {"happy": 0, "smile": 0, "neutral": 1, "upset": 0, "sad": 1}, "total": 2}"# + "\n")
        try expect(await send(from: laptop, to: nil), equals: "Imported 2 changes (8 already there): sad +1.\n")
        let undo = try await sandbox.run("undo")
        #expect(undo.status == 0 && undo.stdout.hasPrefix("Undid 'tap upset'") && undo.stdout.hasSuffix("upset: 1 → 0\n"), "\(undo)")
        let redo = try await sandbox.run("redo")
        #expect(redo.status == 0 && redo.stdout.hasPrefix("Redid 'tap upset'"), "\(redo)")
        try expect(await send(from: nil, to: laptop), equals: "Imported 3 changes (10 already there): upset +1.\n")
        let final = #"{"counts": {"happy": 0, "smile": 0, "neutral": 1, "upset": 1, "sad": 1}, "total": 3}"# + "\n"
        try expect(await stats(nil), equals: final)
        try expect(await stats(laptop), equals: final)
    }

    @Test func anAddUndoneOnBothMachinesAndRedoneOnOneStaysUndoneOnBothAndImportingAgainChangesNothing() async throws {
        let sandbox = try Sandbox()
        let other = otherFile(sandbox)
        _ = try await sandbox.run("add", "smile", "2", "-q")
        let first = try exportFile(sandbox, try await sandbox.run("export").stdoutLines, name: "first.jsonl")
        _ = try await sandbox.run("import", first, "--file", other, "-q")
        let add = try await commandID(sandbox, of: "smile")
        _ = try await sandbox.run("undo", add, "--file", other, "-q")  // Undone there,
        _ = try await sandbox.run("undo", "-q")  // and here, and made again here only.
        _ = try await sandbox.run("redo", "-q")
        // Two undos name the add, one redo: it stays undone until the other machine redoes it too.
        let file = try exportFile(sandbox, try await sandbox.run("export").stdoutLines)
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Imported 2 changes (1 already there); the counts are as they were.\n")
        let journal = sandbox.bytes(of: URL(fileURLWithPath: other + ".journal"))
        for _ in 0..<2 {
            expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Nothing to import: the file's 3 changes are already there.\n")
            expect(sandbox.bytes(of: URL(fileURLWithPath: other + ".journal")), equals: journal, "a second import wrote to the journal")
        }
        let back = try exportFile(sandbox, try await sandbox.run("export", "--file", other).stdoutLines, name: "back.jsonl")
        expectSuccess(try await sandbox.run("import", back), stdout: "Imported 1 change (3 already there): smile -2.\n")
        for file in [nil, other] {
            expectSuccess(try await sandbox.run(["stats", "smile"] + (file.map { ["--file", $0] } ?? [])), stdout: "0\n")
        }
        _ = try await sandbox.run("reset", "smile", "--file", other, "-q")
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Nothing to import: the file's 3 changes are already there.\n")
    }

    @Test func aResetImportedAfterTapsMadeHereSinceLeavesThemStanding() async throws {
        let sandbox = try Sandbox()
        let other = otherFile(sandbox)
        _ = try await sandbox.run("tap", "happy", "-q")
        _ = try await sandbox.run("import", try exportFile(sandbox, try await sandbox.run("export").stdoutLines, name: "first.jsonl"), "--file", other, "-q")
        _ = try await sandbox.run("reset", "happy", "--file", other, "-q")
        _ = try await sandbox.run("reset", "happy", "-q")
        let file = try exportFile(sandbox, try await sandbox.run("export").stdoutLines)
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Imported 1 change (1 already there); the counts are as they were.\n")
        _ = try await sandbox.run("tap", "happy", "happy", "--file", other, "-q")
        // Imported again after two taps there: the reset, which had not seen them, clears nothing.
        expectSuccess(try await sandbox.run("import", file, "--file", other), stdout: "Nothing to import: the file's 2 changes are already there.\n")
        expectSuccess(try await sandbox.run("stats", "happy", "--file", other), stdout: "2\n")
        // And the other way: the two taps come here after the reset, and stand.
        let back = try exportFile(sandbox, try await sandbox.run("export", "--file", other).stdoutLines, name: "back.jsonl")
        expectSuccess(try await sandbox.run("import", back), stdout: "Imported 3 changes (2 already there): happy +2.\n")
        expectSuccess(try await sandbox.run("stats", "happy"), stdout: "2\n")
    }

    @Test func aBadLineRefusesTheWholeFileAndChangesNothing() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad")
        let before = files(sandbox)
        let good = #"{"id": "01JX0000000000000000000001", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}"#
        let cases: [(lines: [String], fragments: [String])] = [
            ([good, #"{"id": "01JX0000000000000000000002", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "joy", "old": 0, "new": 1}"#],
             ["line 2", "\"joy\""]),
            ([good, "", "not json at all"], ["line 3", "not valid JSON"]),
            ([good, good], ["line 2", "also on line 1"]),
            ([#"{"id": "01JX0000000000000000000003", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "events": 2}"#],
             ["line 1", "command of 2"]),
            ([good, #"{"id": "01JX0000000000000000000004", "at": "2025-01-01T10:00:00.000+00:00", "command": "undo", "emotion": "sad", "old": 1, "new": 0, "reverts": "01JX0000000000000000000009"}"#],
             ["line 2", "01JX0000000000000000000009", "no command in the file or the history"]),
        ]
        for (lines, fragments) in cases {
            let outcome = try await sandbox.run("import", try exportFile(sandbox, lines))
            expectFailure(outcome, status: 65, mentioning: fragments + ["Nothing was imported"])
            expect(files(sandbox), equals: before, "a refused import changed a file: \(outcome)")
        }
        expectFailure(try await sandbox.run("import", sandbox.capture.path), status: 74, mentioning: ["is a folder"])
        expectFailure(try await sandbox.run("import", "missing.jsonl"), status: 74, mentioning: ["missing.jsonl"])
        expectFailure(try await sandbox.run("import", "/dev/zero"), status: 74, mentioning: ["larger than 64 MiB"])
        expect(files(sandbox), equals: before)
    }

    /// A newcomer's likeliest import: the CSV export. The message says what import reads instead.
    @Test func aCSVExportIsRefusedSayingImportReadsTheJSONLinesExport() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad", "--note", "csv")
        let csv = sandbox.root.appendingPathComponent("history.csv")
        let exported = try await sandbox.run("export", "--format", "csv")
        try sandbox.write(exported.stdout, to: csv)
        let before = files(sandbox)
        let outcome = try await sandbox.run("import", csv.path)
        expectFailure(outcome, status: 65, mentioning: [
            "Error: Cannot import line 1: it is the header of a CSV export (emotions export --format csv), and emotions "
                + "import reads the JSON Lines that 'emotions export' writes by default, one change per line. "
                + "Nothing was imported; export the history again without --format csv.",
        ])
        expect(files(sandbox), equals: before)
    }

    /// Anything else that is not JSON is no CSV export: the message says what import reads, shows a
    /// control as every message does, and names the line of the file alone.
    @Test func aFileThatIsNotJSONNorACSVExportIsToldWhatImportReads() async throws {
        let sandbox = try Sandbox()
        let screen = try await sandbox.run(["import", "-"], stdin: "\u{1B}[2J\n")
        expectFailure(screen, status: 65, mentioning: [
            #"Error: Cannot import line 1: it is not valid JSON: unexpected character '\u{1B}' where a value was expected "#
                + "at byte 1 of the line. emotions import reads the JSON Lines that 'emotions export' writes, one change per line. "
                + "Nothing was imported.\n",
        ])
        #expect(!screen.stderr.contains("CSV"), "\(screen)")
        let hello = try await sandbox.run(["import", "-"], stdin: "\n\nhello\n")
        expectFailure(hello, status: 65, mentioning: ["Error: Cannot import line 3: it is not valid JSON: unexpected character 'h' where "
            + "a value was expected at byte 1 of the line. Nothing was imported"])
        #expect(!hello.stderr.contains("line 1"), "\(hello)")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func aChangeWhoseIdIsInTheHistoryForAnotherChangeIsRefusedNotTakenForAlreadyThere() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("add", "happy", "3", "--note", "mine")
        _ = try await sandbox.run("tap", "sad")
        let export = try await sandbox.run("export").stdoutLines
        expect(export.count, equals: 2)
        let before = files(sandbox)
        // The same id with another amount or emotion is not the change the history holds.
        for edited in [
            export[0].replacingOccurrences(of: #""new": 3"#, with: #""new": 7"#),
            export[0].replacingOccurrences(of: #""happy""#, with: #""smile""#),
        ] {
            #expect(edited != export[0])
            let file = try exportFile(sandbox, [edited, export[1]])
            for dryRun in [[], ["--dry-run"]] {
                expectFailure(
                    try await sandbox.run(["import", file] + dryRun), status: 65,
                    mentioning: ["line 1", "is in the history already for another change", "Nothing was imported"])
            }
        }
        expectSuccess(
            try await sandbox.run("import", try exportFile(sandbox, export)), stdout: "Nothing to import: the file's 2 changes are already there.\n")
        expect(files(sandbox), equals: before)
    }

    @Test func garbageIsRefusedWithALineNumberAndNeverCrashes() async throws {
        let sandbox = try Sandbox()
        var generator = SeededGenerator(seed: 1414)
        var garbage = [UInt8]()
        for _ in 0..<4096 { garbage.append(UInt8(truncatingIfNeeded: generator.next())) }
        let file = sandbox.capture.appendingPathComponent("garbage")
        try Data(garbage).write(to: file)
        let outcome = try await sandbox.run("import", file.path)
        expectFailure(outcome, status: 65, mentioning: ["Cannot import line 1: ", "Nothing was imported"])
        let nested = try exportFile(sandbox, [String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)])
        expectFailure(try await sandbox.run("import", nested, "--dry-run"), status: 65, mentioning: ["line 1"])
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func dryRunChangesNothingAndMinusReadsStandardInput() async throws {
        let sandbox = try Sandbox()
        let line = #"{"id": "01JX0000000000000000000001", "at": "2025-01-01T10:00:00.000+00:00", "command": "add", "emotion": "happy", "old": 2, "new": 5, "note": "from the laptop"}"#
        let file = try exportFile(sandbox, [line])
        expectSuccess(try await sandbox.run("import", file, "--dry-run"), stdout: "Would import 1 change: happy +3.\n")
        expect(sandbox.contentsOfHome(), equals: [], "a dry run created something")
        expectSuccess(try await sandbox.run(["import", "-"], stdin: line + "\n"), stdout: "Imported 1 change: happy +3.\n")
        let log = try await sandbox.run(["log"], environment: ["TZ": "Asia/Tokyo"])
        expectSuccess(log, stdout: "2025-01-01 10:00  01JX000000  happy +3  \"from the laptop\"\n")
        expectSuccess(try await sandbox.run("import", file, "-q"), stdout: "")
    }

    @Test func aChangeTheHistoryCannotKeepOrOneMadeMoreThanADayAheadIsRefusedAndOneAnHourAheadIsKept() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "sad")
        let before = files(sandbox)
        let good = #"{"id": "01JX0000000000000000000001", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}"#
        let lastDay = #"{"id": "01JX0000000000000000000002", "at": "9999-12-31T23:59:59.999-18:00", "command": "tap", "emotion": "smile", "old": 0, "new": 1}"#
        expectFailure(try await sandbox.run("import", try exportFile(sandbox, [good, lastDay])), status: 65,
                      mentioning: ["line 2", "9999-12-31T23:59:59.999-18:00, falls after the year 9999 in UTC", "Nothing was imported"])
        expect(files(sandbox), equals: before)
        // By this machine's clock: two days ahead is refused, an hour ahead is kept at its time.
        func line(_ number: Int, hoursAhead: Double) -> String {
            let format = ISO8601DateFormatter()
            format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let at = format.string(from: Date().addingTimeInterval(hoursAhead * 3600)).replacingOccurrences(of: "Z", with: "+00:00")
            return #"{"id": "01JX000000000000000000010\#(number)", "at": "\#(at)", "command": "tap", "emotion": "upset", "old": 0, "new": 1}"#
        }
        let ahead = line(1, hoursAhead: 48)
        expectFailure(try await sandbox.run("import", try exportFile(sandbox, [good, ahead]), "--dry-run"), status: 65,
                      mentioning: ["line 2", "more than a day after now", "Nothing was imported"])
        expectFailure(try await sandbox.run("import", try exportFile(sandbox, [good, ahead])), status: 65,
                      mentioning: ["line 2", "more than a day after now", "Nothing was imported"])
        expect(files(sandbox), equals: before)
        expectSuccess(try await sandbox.run("import", try exportFile(sandbox, [good, line(2, hoursAhead: 1)])),
                      stdout: "Imported 2 changes: happy +1, upset +1.\n")
        _ = try await sandbox.run("tap", "neutral")
        let last = try await sandbox.run("log", "-n", "2", "--json")
        expect(last.stdoutLines.compactMap { DataFile.object($0)?["emotion"] as? String }, equals: ["neutral", "upset"], "\(last)")
        // A TIME given as an argument is refused by the same rule, as a usage error (64).
        expectFailure(try await sandbox.run("tap", "happy", "--at", "9999-12-31T23:59:59.999-18:00"), status: 64,
                      mentioning: ["--at", "falls after the year 9999 in UTC"])
    }

    /// What Usage.md promises of a change imported from a clock an hour ahead: `log` lists it last,
    /// and a range whose `--until` reaches past now finds it; `--since` alone ends now, and says so.
    @Test func aChangeAnHourAheadIsFoundByARangeWhoseUntilReachesPastNow() async throws {
        let sandbox = try Sandbox()
        let utc = ["TZ": "UTC"]
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let inAnHour = Date().addingTimeInterval(3600)
        let at = format.string(from: inAnHour).replacingOccurrences(of: "Z", with: "+00:00")
        let line = #"{"id": "01JX0000000000000000000101", "at": "\#(at)", "command": "tap", "emotion": "upset", "old": 0, "new": 1}"#
        expectSuccess(try await sandbox.run(["import", "-"], stdin: line + "\n"), stdout: "Imported 1 change: upset +1.\n")
        _ = try await sandbox.run("tap", "sad", "-q")
        let listed = try await sandbox.run(["log"], environment: utc)
        #expect(listed.status == 0 && listed.stdoutLines.last?.contains("  upset +1") == true, "\(listed)")
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let tomorrow = day.string(from: Date().addingTimeInterval(86_400))
        for range in [["--since", "today", "--until", tomorrow], ["--since", "30min", "--until", tomorrow], ["--until", tomorrow]] {
            let found = try await sandbox.run(["log", "upset"] + range, environment: utc)
            #expect(found.status == 0 && found.stdoutLines.count == 1, "\(range): \(found)")
        }
        let soon = String(at.prefix(16))  // Within the hour ahead: after now, before the change.
        expectSuccess(try await sandbox.run(["log", "upset", "--since", soon, "--until", tomorrow], environment: utc),
                      stdout: try await sandbox.run(["log", "upset"], environment: utc).stdout)
        expectFailure(try await sandbox.run(["log", "--since", soon], environment: utc), status: 64, mentioning: [
            "Error: Invalid range: --since '\(soon)' is after now, where a range without --until ends; give an earlier "
                + "time, or an --until after it too.",
        ])
    }

    @Test func olderImportedChangesDoNotHideNewerOnesFromLogSince() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("tap", "happy")
        let file = try exportFile(sandbox, [
            #"{"id": "01JX0000000000000000000001", "at": "2020-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "sad", "old": 0, "new": 1}"#,
            #"{"id": "01JX0000000000000000000002", "at": "2020-06-01T10:00:00.000+00:00", "command": "tap", "emotion": "smile", "old": 0, "new": 1}"#,
        ])
        expectSuccess(try await sandbox.run("import", file), stdout: "Imported 2 changes: smile +1, sad +1.\n")
        let since = try await sandbox.run("log", "--since", "2021-01-01", "--json")
        expect(since.stdoutLines.compactMap { DataFile.object($0)?["emotion"] as? String }, equals: ["happy"], "\(since)")
        let last = try await sandbox.run("log", "-n", "2", "--json")
        expect(last.stdoutLines.compactMap { DataFile.object($0)?["emotion"] as? String }, equals: ["smile", "happy"], "\(last)")
    }

    @Test func hooksRunForEachImportedChange() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("record", """
            #!/bin/sh
            cat >> "$OUT/input"
            echo >> "$OUT/input"

            """)
        let file = try exportFile(sandbox, [
            #"{"id": "01JX0000000000000000000001", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "note": "n"}"#,
        ])
        expectSuccess(try await sandbox.run(["import", file], environment: try sandbox.hookEnvironment()), stdout: "Imported 1 change: sad +1.\n")
        let input = try #require(DataFile.object(sandbox.hookOutputLines("input").first))
        #expect(input["note"] as? String == "n" && input["new"] as? Int == 1 && input["command"] as? String == "tap")
    }
}
