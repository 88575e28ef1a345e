import Foundation
import Testing

/// `stats --json` as its own command line (`QuickStats`, answered from the data file's bytes where it
/// is plainest) prints, says and exits exactly as the full command line does: the same command
/// with `--file` naming the same file, which `QuickStats` never answers.
struct QuickStatsTests {
    /// Runs `stats --json` and `stats --json --file path` with `environment`, and expects the same outcome.
    @discardableResult
    private func expectAgreement(
        _ sandbox: Sandbox, file path: String, environment: [String: String] = [:], _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Outcome {
        let quick = try await sandbox.run(["stats", "--json"], environment: environment)
        let full = try await sandbox.run(["stats", "--json", "--file", path], environment: environment)
        expect(quick.status, equals: full.status, comment, sourceLocation: sourceLocation)
        expect(quick.stdout, equals: full.stdout, comment, sourceLocation: sourceLocation)
        expect(quick.stderr, equals: full.stderr, comment, sourceLocation: sourceLocation)
        return quick
    }

    @Test func aHistoryOfTapsReadsAlike() async throws {
        let sandbox = try Sandbox()
        for arguments in [["tap", "happy"], ["add", "sad", "3"], ["tap", "smile", "+work"]] {
            _ = try await sandbox.run(arguments)
        }
        let outcome = try await expectAgreement(sandbox, file: sandbox.defaultDataFile.path)
        expect(outcome.stdout, equals: "{\"counts\": {\"happy\": 1, \"smile\": 1, \"neutral\": 0, \"upset\": 0, \"sad\": 3}, \"total\": 5}\n")
    }

    @Test func eachWayOfNamingTheFileReadsAlike() async throws {
        let sandbox = try Sandbox()
        let named = sandbox.root.appendingPathComponent("named/emotions.json").path
        let config = sandbox.root.appendingPathComponent("config").path
        _ = try await sandbox.run(["tap", "upset"], environment: ["EMOTIONS_FILE": named])
        _ = try await sandbox.run(["tap", "neutral"], environment: ["XDG_CONFIG_HOME": config])
        _ = try await sandbox.run(["tap", "sad"])
        try await expectAgreement(sandbox, file: named, environment: ["EMOTIONS_FILE": named])
        try await expectAgreement(sandbox, file: config + "/emotions/emotions.json", environment: ["XDG_CONFIG_HOME": config])
        try await expectAgreement(
            sandbox, file: sandbox.defaultDataFile.path, environment: ["XDG_CONFIG_HOME": "relative", "EMOTIONS_FILE": ""])
        try await expectAgreement(sandbox, file: sandbox.home.path + "/.config/emotions/emotions.json", environment: ["HOME": sandbox.home.path + "/"])
        try await expectAgreement(sandbox, file: "emotions.json", environment: ["EMOTIONS_FILE": "emotions.json"], "a relative path")
    }

    @Test func largeCountsAndAFileWithNoJournalReadAlike() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.defaultDataFile.path
        try FileManager.default.createDirectory(at: sandbox.defaultDataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(
            "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": 999999999999999999,\n    \"smile\": 0,\n    \"neutral\": 1,\n"
                + "    \"upset\": 10,\n    \"sad\": 100000000000000000\n  }\n}\n", to: sandbox.defaultDataFile)
        let outcome = try await expectAgreement(sandbox, file: path)
        expect(outcome.stdout, equals: "{\"counts\": {\"happy\": 999999999999999999, \"smile\": 0, \"neutral\": 1, \"upset\": 10, \"sad\": 100000000000000000}, \"total\": 1100000000000000010}\n")
        try sandbox.writeDataFile(Counts(happy: 2, smile: 0, neutral: 0, upset: 0, sad: 0))
        try await expectAgreement(sandbox, file: path, "the test's own form of the file")
    }

    @Test func whatTheFullCommandLineRefusesOrRollsForwardReadsAlike() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.defaultDataFile.path
        try await expectAgreement(sandbox, file: path, "no data file yet")
        _ = try await sandbox.run(["tap", "happy"])
        let saved = try #require(sandbox.bytes(of: sandbox.defaultDataFile))
        _ = try await sandbox.run(["tap", "smile"])
        try saved.write(to: sandbox.defaultDataFile)
        let ahead = try await expectAgreement(sandbox, file: path, "a journal past the data file's position")
        #expect(ahead.stdout.contains("\"smile\": 1"), "\(ahead)")
        try await expectAgreement(sandbox, file: path, environment: ["TZ": "/etc/passwd"], "a TZ that is no zone")
        try await expectAgreement(sandbox, file: path, environment: ["EMOTIONS_LOCK_TIMEOUT": "soon"], "a lock timeout that is no number")
        try await expectAgreement(sandbox, file: path, environment: ["EMOTIONS_HOOK_DEPTH": "\u{E9}"], "a hook setting past ASCII")
        try Data(repeating: 0, count: saved.count).write(to: sandbox.defaultDataFile)
        try await expectAgreement(sandbox, file: path, "a data file zeroed by a power cut, the journal beside it")
        try FileManager.default.removeItem(at: sandbox.defaultDataFile)
        try FileManager.default.createDirectory(at: sandbox.defaultDataFile, withIntermediateDirectories: false)
        let folder = try await expectAgreement(sandbox, file: path, "a folder at the data file's name")
        #expect(folder.status != 0)
    }

    @Test func linksOnTheWayOrAtTheNameReadAlike() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run(["tap", "sad"])
        let real = sandbox.defaultDataFile.deletingLastPathComponent().path
        let linkedFolder = sandbox.root.appendingPathComponent("linked").path
        try FileManager.default.createSymbolicLink(atPath: linkedFolder, withDestinationPath: real)
        try await expectAgreement(
            sandbox, file: linkedFolder + "/emotions.json", environment: ["EMOTIONS_FILE": linkedFolder + "/emotions.json"])
        let linkedFile = sandbox.root.appendingPathComponent("file-link.json").path
        try FileManager.default.createSymbolicLink(atPath: linkedFile, withDestinationPath: sandbox.defaultDataFile.path)
        try await expectAgreement(sandbox, file: linkedFile, environment: ["EMOTIONS_FILE": linkedFile])
    }

    @Test func anEnvironmentEntryShorterThanANameAtTheTopOfTheStackIsNotReadPast() async throws {
        // The last environment entry and the program's path are the stack's last bytes: with `A=` and
        // `./e` there, comparing a 21-byte name with `memcmp` read past the stack and crashed.
        let sandbox = try Sandbox()
        _ = try await sandbox.run(["tap", "happy"])
        let copy = sandbox.home.appendingPathComponent("e")
        try FileManager.default.copyItem(at: try Emotions.binary(), to: copy)
        let outcome = try await sandbox.runShell("exec env -i HOME=\"$HOME\" A= ./e stats --json", binary: copy.path)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(outcome.stdout, equals: "{\"counts\": {\"happy\": 1, \"smile\": 0, \"neutral\": 0, \"upset\": 0, \"sad\": 0}, \"total\": 1}\n")
    }
}
