import Foundation
import Testing

/// Notes of several lines, through the built binary: kept with line feeds whatever line ends were
/// typed, shown by `log` over as many lines, escaped in JSON, quoted in CSV; every other control
/// character still refused.
struct MultiLineNoteTests {
    @Test func aNoteOfSeveralLinesIsKeptWithLineFeedsAndShownOverAsManyLines() async throws {
        let sandbox = try Sandbox()
        let utc = ["TZ": "UTC"]
        expectSuccess(try await sandbox.run(["tap", "sad", "--note", "rough day\r\nlong meeting\rthen home"], environment: utc),
                      stdout: "sad: 0 → 1\n")
        let log = try await sandbox.run(["log"], environment: utc)
        #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
        #expect(log.stdout.hasSuffix("sad +1  \"rough day\n                  long meeting\n                  then home\"\n"), "\(log)")
        #expect(log.stdoutLines.count == 3 && log.stdoutLines[0].hasSuffix("  sad +1  \"rough day"), "only the first line starts with the date: \(log)")
        let json = try await sandbox.run(["log", "--json"], environment: utc)
        #expect(json.stdoutLines.count == 1 && json.stdout.contains(#""note": "rough day\nlong meeting\nthen home""#), "\(json)")
        let csv = try await sandbox.run(["export", "--format", "csv"], environment: utc)
        #expect(csv.stdout.contains(",sad,0,1,1,\"rough day\nlong meeting\nthen home\","), "\(csv)")
        let journal = try #require(sandbox.rawText(of: URL(fileURLWithPath: sandbox.defaultDataFile.path + ".journal")))
        #expect(journal.contains(#""note":"rough day\nlong meeting\nthen home""#), "the journal keeps the line feeds escaped: \(journal)")
    }

    @Test func aNoteReadFromStandardInputKeepsItsLinesButNotItsLastLineBreak() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "--note", "-", stdin: "first\r\nsecond\r\n"), stdout: "happy: 0 → 1\n")
        let json = try await sandbox.run("log", "--json")
        #expect(json.stdout.contains(#""note": "first\nsecond","#), "\(json)")
    }

    @Test func otherControlCharactersInANoteAreStillRefused() async throws {
        let sandbox = try Sandbox()
        for note in ["tab\there", "bell\u{07}", "esc\u{1B}[2J", "two\nlines\u{7F}"] {
            let outcome = try await sandbox.run("tap", "sad", "--note", note)
            expectFailure(outcome, status: 64, mentioning: ["Invalid --note", "with line breaks but no other control character"])
        }
        expectSuccess(try await sandbox.run("stats", "sad"), stdout: "0\n")
    }

    @Test func aNoteWithAnEscapeImportedFromAFileIsShownEscapedAndItsLineBreaksAsBreaks() async throws {
        let sandbox = try Sandbox()
        let line = #"{"id": "01JX0000000000000000000001", "at": "2025-01-01T10:00:00.000+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1, "note": "one\ntwo \u202E three"}"#
        let file = sandbox.capture.appendingPathComponent("export.jsonl")
        try sandbox.write(line + "\n", to: file)
        expectSuccess(try await sandbox.run("import", file.path), stdout: "Imported 1 change: happy +1.\n")
        let log = try await sandbox.run(["log"], environment: ["TZ": "UTC"])
        #expect(log.stdout.hasSuffix("happy +1  \"one\n                  two \\u{202E} three\"\n"), "\(log)")
    }
}
