import Foundation
import Testing

/// Tags through the built binary: `tap happy +gym`, `--tag`, what `log`, `export`, CSV and hooks show
/// of them, `+work` as a filter, `emotions tags`, and what is refused.
struct TagTests {
    private let environment = ["TZ": "UTC"]

    /// `log --json`'s objects.
    private func logObjects(_ sandbox: Sandbox, _ arguments: String...) async throws -> [[String: Any]] {
        let outcome = try await sandbox.run(["log", "--json"] + arguments, environment: environment)
        expect(outcome.status, equals: 0, "\(outcome)")
        return outcome.stdoutLines.compactMap { DataFile.object($0) }
    }

    /// A history with tagged and untagged changes: happy +1 (friends, gym, 운동), sad +3 (work),
    /// sad +3 (none), sad +2 (2026, work), upset +1 (work, undone).
    private func taggedHistory() async throws -> Sandbox {
        let sandbox = try Sandbox()
        for command in [
            ["tap", "happy", "+gym", "+Friends", "--tag", "운동"], ["add", "sad", "3", "+work"], ["add", "sad", "+3"],
            ["add", "sad", "--tag", "2026", "2", "+work"], ["tap", "upset", "+work"], ["undo"],
        ] {
            let outcome = try await sandbox.run(command + ["-q"], environment: environment)
            expect(outcome.status, equals: 0, "\(command): \(outcome)")
        }
        return sandbox
    }

    @Test func aTapKeepsItsTagsLowerCaseSortedAndLogShowsThem() async throws {
        let sandbox = try Sandbox()
        let tap = try await sandbox.run(["tap", "happy", "+gym", "+Friends", "--tag", "운동", "--note", "long day"], environment: environment)
        expectSuccess(tap, stdout: "happy: 0 → 1\n")
        let log = try await sandbox.run(["log"], environment: environment)
        expect(log.status, equals: 0, "\(log)")
        #expect(log.stdoutLines.count == 1 && log.stdout.contains(#"  happy +1  #friends #gym #운동  "long day""#), "\(log)")
        let objects = try await logObjects(sandbox)
        expect(objects.first?["tags"] as? [String], equals: ["friends", "gym", "운동"])
        let json = try await sandbox.run(["log", "--json"], environment: environment)
        #expect(json.stdout.contains(#""note": "long day", "tags": ["friends", "gym", "운동"]"#), "\(json)")
    }

    @Test func aSignedCountIsACountNotATagAndDigitsAloneAreATagWithTagOption() async throws {
        let sandbox = try await taggedHistory()
        let objects = try await logObjects(sandbox)
        expect(objects.map { $0["new"] as? Int }, equals: [1, 3, 6, 8, 1, 0])
        expect(objects.map { ($0["tags"] as? [String]) ?? [] }, equals: [["friends", "gym", "운동"], ["work"], [], ["2026", "work"], ["work"], []])
        expectSuccess(try await sandbox.run(["stats", "sad"], environment: environment), stdout: "8\n")
    }

    @Test(arguments: [
        (["+"], "'+' alone"), (["+a.b"], "'a.b'"), (["+" + String(repeating: "a", count: 33)], String(repeating: "a", count: 33)),
        ((1...17).map { "+t\($0)" }, "17"), (["--tag", "😀"], "'😀'"), (["--tag", "good meal"], "'good meal'"),
    ])
    func aBadTagIsAUsageErrorThatNamesItWithAnExampleAndChangesNothing(tags: [String], named: String) async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["tap", "sad", "+ok", "-q"], environment: environment), stdout: "")
        let dataFile = sandbox.rawText()
        let journal = try journalBytes(sandbox)
        for command in [["tap", "happy"], ["add", "sad", "2"]] {
            let outcome = try await sandbox.run(command + tags, environment: environment)
            expectFailure(outcome, status: 64, mentioning: [named, "such as +"])
            expect(outcome.stderrLines.first?.contains("tag"), equals: true, "\(outcome)")
        }
        expect(sandbox.rawText(), equals: dataFile)
        try expect(journalBytes(sandbox), equals: journal)
    }

    @Test func tagsOfFewLettersButManyMarksAreRefusedSoTheJournalStaysReadable() async throws {
        // Each tag one letter with 1,000 accents over it (2,001 bytes): sixteen of them made a journal
        // line of 32 KB, which no reader takes, and every later log and stats failed with exit 65.
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["tap", "sad", "+ok", "-q"], environment: environment), stdout: "")
        let journal = try journalBytes(sandbox)
        let tags = "abcdefghijklmnop".map { "+\($0)" + String(repeating: "\u{301}", count: 1000) }
        let outcome = try await sandbox.run(["tap", "happy"] + tags, environment: environment)
        expectFailure(outcome, status: 64, mentioning: ["bytes", "such as +"])
        try expect(journalBytes(sandbox), equals: journal)
        let log = try await sandbox.run(["log"], environment: environment)
        #expect(log.status == 0 && log.stdoutLines.count == 1, "\(log)")
    }

    @Test func resetTakesNoTags() async throws {
        let sandbox = try await taggedHistory()
        let before = sandbox.rawText()
        let outcome = try await sandbox.run(["reset", "happy", "+x"], environment: environment)
        expectFailure(outcome, status: 64, mentioning: ["+x"])
        expect(sandbox.rawText(), equals: before)
    }

    @Test func aTagFiltersLogAndExportAndSeveralTagsMeanAll() async throws {
        let sandbox = try await taggedHistory()
        let work = try await logObjects(sandbox, "+work")
        expect(work.map { $0["new"] as? Int }, equals: [3, 8, 1], "the undone tap is in the history: \(work)")
        try expect(await logObjects(sandbox, "+WORK", "--tag", "2026").map { $0["new"] as? Int }, equals: [8])
        #expect(try await logObjects(sandbox, "+nothing").isEmpty)
        let text = try await sandbox.run(["log", "+gym"], environment: environment)
        #expect(text.stdoutLines.count == 1 && text.stdout.contains("happy +1  #friends #gym #운동"), "\(text)")
        let export = try await sandbox.run(["export", "+work", "+2026"], environment: environment)
        #expect(export.status == 0 && export.stdoutLines.count == 1, "\(export)")
        #expect(export.stdout.contains(#""tags": ["2026", "work"]"#), "\(export)")
    }

    @Test func statsWithATagCountsWhatWasFeltWithItAllTimeOrInTheRange() async throws {
        let sandbox = try await taggedHistory()
        let all = try await sandbox.run(["stats", "+work", "--json"], environment: environment)
        expect(all.status, equals: 0, "\(all)")
        #expect(all.stdout.hasPrefix(#"{"since": null, "until": ""#), "\(all)")
        #expect(all.stdout.hasSuffix(#""counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 5}, "total": 5, "days": 1, "streak": {"current": 1, "longest": 1}}"# + "\n"), "\(all)")
        let both = try await sandbox.run(["stats", "+work", "+2026", "--json"], environment: environment)
        #expect(both.stdout.contains(#""sad": 2}, "total": 2, "days": 1"#), "\(both)")
        let ranged = try await sandbox.run(["stats", "+gym", "--since", "2000-01-01", "--json"], environment: environment)
        #expect(ranged.stdout.hasPrefix(#"{"since": "2000-01-01T00:00:00+00:00", "until": ""#), "\(ranged)")
        #expect(ranged.stdout.contains(#""happy": 1, "smile": 0"#) && ranged.stdout.contains(#""total": 1, "days": 1"#), "\(ranged)")
        let future = try await sandbox.run(["stats", "+work", "--since", "2999-01-01", "--until", "2999-01-02", "--json"], environment: environment)
        #expect(future.stdout.contains(#""total": 0, "days": 0, "streak": {"current": 0, "longest": 0}}"#), "\(future)")
        let table = try await sandbox.run(["stats", "+work"], environment: environment)
        #expect(table.status == 0 && table.stdout.contains("sad") && table.stdout.contains("5"), "\(table)")
        expectSuccess(try await sandbox.run(["stats", "sad", "+work"], environment: environment), stdout: "5\n")
    }

    @Test func tagsListsTheTagsUsedMostFeltFirstAlignedAndAsJSON() async throws {
        let sandbox = try await taggedHistory()
        expectSuccess(
            try await sandbox.run(["tags"], environment: environment),
            stdout: "work     5\n2026     2\nfriends  1\ngym      1\n운동     1\n")
        expectSuccess(
            try await sandbox.run(["tags", "--json"], environment: environment),
            stdout: #"[{"tag": "work", "total": 5}, {"tag": "2026", "total": 2}, {"tag": "friends", "total": 1}, {"tag": "gym", "total": 1}, {"tag": "운동", "total": 1}]"# + "\n")
    }

    @Test func aTagWithAnAccentWrittenEitherWayIsOneTagEverywhere() async throws {
        // "café" as e and a combining accent (as some keyboards and files write it) and as é: one tag,
        // as log and export already had it; tags and stats --by tag kept one row and lost the other.
        let sandbox = try Sandbox()
        let (decomposed, composed) = ("+cafe\u{301}", "+caf\u{E9}")
        for command in [["tap", "happy", decomposed], ["tap", "sad", composed], ["tap", "sad", composed]] {
            expectSuccess(try await sandbox.run(command + ["-q"], environment: environment), stdout: "")
        }
        let tags = try await sandbox.run(["tags", "--json"], environment: environment)
        #expect(tags.status == 0 && tags.stdout.hasSuffix(#""total": 3}]"# + "\n"), "\(tags)")
        for tag in [decomposed, composed] {
            expectSuccess(try await sandbox.run(["stats", "happy", tag], environment: environment), stdout: "1\n")
            expectSuccess(try await sandbox.run(["stats", "sad", tag], environment: environment), stdout: "2\n")
            let byTag = try await sandbox.run(["stats", "--by", "tag", "--since", "2000-01-01", "--json"], environment: environment)
            #expect(byTag.status == 0 && byTag.stdout.contains(#""happy": 1, "smile": 0, "neutral": 0, "upset": 0, "sad": 2"#), "\(byTag)")
        }
    }

    @Test func tagsNeverCreatesTheDataFile() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["tags"]), stdout: "")
        expectSuccess(try await sandbox.run(["tags", "--json"]), stdout: "[]\n")
        expectSuccess(try await sandbox.run(["--file", "new/mood.json", "tags"]), stdout: "")
        expect(sandbox.contentsOfHome(), equals: [])
        expectUsageError(try await sandbox.run(["tags", "gym"]), command: "emotions tags", message: "")
    }

    @Test func tagsReadsTheFileGiven() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["--file", "other.json", "tap", "sad", "+elsewhere", "-q"]), stdout: "")
        expectSuccess(try await sandbox.run(["tags", "--file", "other.json"]), stdout: "elsewhere  1\n")
        expectSuccess(try await sandbox.run(["tags"]), stdout: "")
    }

    @Test func exportThenImportIntoAFreshHomeKeepsTheTags() async throws {
        let sandbox = try await taggedHistory()
        let export = try await sandbox.run(["export"], environment: environment)
        expect(export.status, equals: 0, "\(export)")
        let file = sandbox.root.appendingPathComponent("mood.jsonl")
        try sandbox.write(export.stdout, to: file)
        let fresh = try Sandbox()
        let imported = try await fresh.run(["import", file.path], environment: environment)
        expect(imported.status, equals: 0, "\(imported)")
        let before = try await sandbox.run(["log", "--json"], environment: environment)
        let after = try await fresh.run(["log", "--json"], environment: environment)
        expect(after.stdout, equals: before.stdout, "\(after)")
        try expect(await logObjects(fresh, "+work").count, equals: 3)
        expectSuccess(try await fresh.run(["tags"], environment: environment), stdout: try await sandbox.run(["tags"], environment: environment).stdout)
    }

    @Test func csvKeepsTheTagsInItsLastColumnSeparatedBySpaces() async throws {
        let sandbox = try await taggedHistory()
        let csv = try await sandbox.run(["export", "--format", "csv"], environment: environment)
        expect(csv.status, equals: 0, "\(csv)")
        // Records end with CRLF, as RFC 4180 has them.
        let lines = csv.stdout.components(separatedBy: "\r\n").dropLast()
        expect(lines.first?.hasSuffix(",undone,tags"), equals: true, "\(csv)")
        let lastColumns: [String] = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "?" }
        expect(lastColumns, equals: ["friends gym 운동", "work", "", "2026 work", "work", ""], "\(csv)")
    }

    @Test func aSyncThroughAFolderCarriesTheTags() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (laptop, desktop) = (machines[0], machines[1])
        expectSuccess(try await laptop.run("tap", "happy", "+gym", "+운동", "-q"), stdout: "")
        expectSuccess(try await desktop.run("add", "sad", "2", "+work", "-q"), stdout: "")
        try await machines.syncAll()
        for machine in [laptop, desktop] {
            let log = try await machine.run("log", "--json")
            let tags = log.stdoutLines.compactMap { DataFile.object($0)?["tags"] as? [String] }.sorted { $0.count > $1.count }
            expect(tags, equals: [["gym", "운동"], ["work"]], "\(log)")
            expectSuccess(try await machine.run("stats", "happy", "+gym"), stdout: "1\n")
            expectSuccess(try await machine.run("tags", "--json"), stdout: #"[{"tag": "work", "total": 2}, {"tag": "gym", "total": 1}, {"tag": "운동", "total": 1}]"# + "\n")
        }
    }

    @Test func aHookSeesTheTagsAsAVariableAndInItsInput() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeHook("record", #"""
            #!/bin/sh
            cat >> "$OUT/input"
            printf '[%s]\n' "$EMOTIONS_TAGS" >> "$OUT/tags"

            """#)
        let hooks = try sandbox.hookEnvironment(["EMOTIONS_TAGS": "inherited"])
        expectSuccess(try await sandbox.run(["tap", "happy", "sad", "+gym", "+Friends", "-q"], environment: hooks), stdout: "")
        expectSuccess(try await sandbox.run(["tap", "smile", "-q"], environment: hooks), stdout: "")
        expect(sandbox.hookOutputLines("tags"), equals: ["[friends gym]", "[friends gym]", "[]"])
        let inputs = sandbox.hookOutputLines("input")
        expect(inputs.count, equals: 3)
        #expect(inputs.prefix(2).allSatisfy { $0.contains(#", "tags": ["friends", "gym"], "file": "#) }, "\(inputs)")
        expect(inputs.last.map { !$0.contains("tags") }, equals: true, "\(inputs)")
    }

    /// The journal's bytes beside the default data file.
    private func journalBytes(_ sandbox: Sandbox) throws -> Data? {
        let folder = sandbox.defaultDataFile.deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("journal") }.sorted()
        #expect(!names.isEmpty)
        return names.reduce(Data()) { $0 + (sandbox.bytes(of: folder.appendingPathComponent($1)) ?? Data()) }
    }
}
