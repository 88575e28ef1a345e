import Foundation
import Testing

/// `tap EMOTION` as its own command line (`QuickTap`, made from the data file's bytes where it is
/// plainest) prints, says, exits and saves exactly as the full command line does: the same command
/// with `--file` naming the same file, which `QuickTap` never makes, run in a second sandbox that
/// holds the same files. Ids and times differ from run to run; everything else must be the same.
struct QuickTapTests {
    /// Two sandboxes after the same first tap (a first save, which the full command line makes).
    private func twoSandboxes() async throws -> (quick: Sandbox, full: Sandbox) {
        let quick = try Sandbox(), full = try Sandbox()
        for sandbox in [quick, full] { _ = try await sandbox.run(["tap", "happy"]) }
        return (quick, full)
    }

    /// Runs `tap` with `arguments` in `quick`, and with `--file` too in `full`, and expects the same
    /// outcome, the same data file and journal (ids and times aside) and the same other files.
    @discardableResult
    private func expectAgreement(
        _ quick: Sandbox, _ full: Sandbox, _ arguments: [String], environment: [String: String] = [:], _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Outcome {
        let fast = try await quick.run(["tap"] + arguments, environment: environment)
        let whole = try await full.run(["--file", full.defaultDataFile.path, "tap"] + arguments, environment: environment)
        expect(fast.status, equals: whole.status, comment, sourceLocation: sourceLocation)
        expect(fast.stdout, equals: whole.stdout, comment, sourceLocation: sourceLocation)
        expect(
            fast.stderr.replacingOccurrences(of: quick.root.path, with: "ROOT"),
            equals: whole.stderr.replacingOccurrences(of: full.root.path, with: "ROOT"), comment, sourceLocation: sourceLocation)
        for suffix in ["", ".journal"] {
            let file = { (sandbox: Sandbox) in URL(fileURLWithPath: sandbox.defaultDataFile.path + suffix) }
            expect(masked(quick.bytes(of: file(quick))), equals: masked(full.bytes(of: file(full))), comment, sourceLocation: sourceLocation)
        }
        let folder = { (sandbox: Sandbox) in
            try FileManager.default.contentsOfDirectory(atPath: sandbox.defaultDataFile.deletingLastPathComponent().path).sorted()
        }
        expect(try folder(quick), equals: try folder(full), comment, sourceLocation: sourceLocation)
        return fast
    }

    /// A file's text with what differs from run to run (ids, times, the latest time) masked.
    private func masked(_ bytes: Data?) -> String {
        String(decoding: bytes ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: #""latest": -?\d+"#, with: "\"latest\": T", options: .regularExpression)
            .replacingOccurrences(of: #""(from|until)": \d+"#, with: "\"$1\": T", options: .regularExpression)
            .replacingOccurrences(of: #""(id|group)":"[0-9A-Z]{26}""#, with: "\"$1\":\"ID\"", options: .regularExpression)
            .replacingOccurrences(of: #""at":"[^"]+""#, with: "\"at\":\"AT\"", options: .regularExpression)
    }

    @Test func aTapSavesAndPrintsAsTheFullCommandLine() async throws {
        let (quick, full) = try await twoSandboxes()
        for emotion in ["happy", "smile", "neutral", "upset", "sad", "sad"] {
            try await expectAgreement(quick, full, [emotion], "\(emotion)")
        }
        let stats = try await quick.run(["stats", "--json"])
        expect(stats.stdout, equals: "{\"counts\": {\"happy\": 2, \"smile\": 1, \"neutral\": 1, \"upset\": 1, \"sad\": 2}, \"total\": 7}\n")
        let log = try await quick.run(["log", "--json", "-n", "1"])
        #expect(log.stdout.contains("\"command\": \"tap\"") && log.stdout.contains("\"emotion\": \"sad\""), "\(log)")
        // The journal alone holds every tap: without the data file, the counts are made again from it.
        try FileManager.default.removeItem(at: quick.defaultDataFile)
        expect(try await quick.run(["stats", "--json"]).stdout, equals: stats.stdout)
    }

    @Test func whatOnlyTheFullCommandLineDoesAgrees() async throws {
        let (quick, full) = try await twoSandboxes()
        try await expectAgreement(quick, full, ["very-happy"], "an alias")
        try await expectAgreement(quick, full, ["HAPPY"], "another case")
        try await expectAgreement(quick, full, ["happy"], environment: ["LANG": "ko_KR.UTF-8"], "Korean labels")
        try await expectAgreement(quick, full, ["happy"], environment: ["LC_ALL": "ko"], "Korean labels from LC_ALL")
        try await expectAgreement(quick, full, ["happy"], environment: ["LC_ALL": "kok_IN", "LANG": "ko_KR"], "Konkani, not Korean")
        try await expectAgreement(quick, full, ["happy"], environment: ["TZ": "Asia/Tokyo"], "a zone of its own")
        try await expectAgreement(quick, full, ["happy"], environment: ["EMOTIONS_LOCK_TIMEOUT": "soon"], "a timeout that is no number")
        try await expectAgreement(quick, full, ["happy"], environment: ["EMOTIONS_HOOK_DEPTH": "9"], "deep in hooks")
        try await expectAgreement(quick, full, ["nope"], "no emotion")
        try await expectAgreement(quick, full, ["sad", "sad"], "two taps")
    }

    @Test func hooksRunAsTheFullCommandLineRunsThem() async throws {
        let (quick, full) = try await twoSandboxes()
        for sandbox in [quick, full] {
            let hooks = sandbox.defaultDataFile.deletingLastPathComponent().appendingPathComponent("hooks")
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: false)
            let hook = hooks.appendingPathComponent("say")
            try sandbox.write("#!/bin/sh\ncat >/dev/null\necho \"hook $EMOTIONS_EMOTION $EMOTIONS_OLD $EMOTIONS_NEW\"\n", to: hook)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hook.path)
        }
        let outcome = try await expectAgreement(quick, full, ["sad"], "a hooks folder beside the data file")
        #expect(outcome.stdout.contains("sad: 0 → 1"), "\(outcome)")
    }

    @Test func filesTheFastPathDoesNotTakeAgree() async throws {
        let (quick, full) = try await twoSandboxes()
        for sandbox in [quick, full] {
            // The same counts in compact JSON, as a hand or another tool might write them.
            try sandbox.write("{\"version\": 1, \"counts\": {\"happy\": 5}}\n", to: sandbox.defaultDataFile)
            try FileManager.default.removeItem(atPath: sandbox.defaultDataFile.path + ".journal")
        }
        try await expectAgreement(quick, full, ["happy"], "compact JSON, no journal")
        try await expectAgreement(quick, full, ["happy"], "the form a save writes, after it")
        for sandbox in [quick, full] {
            try FileManager.default.removeItem(atPath: sandbox.defaultDataFile.path + ".lock")
        }
        try await expectAgreement(quick, full, ["happy"], "no lock file")
    }

    @Test func aTapWaitsForATakenLock() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run(["tap", "happy"])
        // Eight at once: every one counted once, each line a step of its own.
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for _ in 0..<8 { group.addTask { try await sandbox.run(["tap", "happy"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for outcome in outcomes { expect(outcome.status, equals: 0, "\(outcome)") }
        let olds = outcomes.compactMap { Int($0.stdout.split(separator: " ").dropFirst().first ?? "") }.sorted()
        expect(olds, equals: Array(1...8))
        expect(try await sandbox.run(["stats", "--json"]).stdout.contains("\"happy\": 9"), equals: true)
    }
}
