import Foundation
import Testing

/// `import` of exports made by the release before issue 23 (`V1ImportFixtures`): each file is read
/// as the events of the history that wrote it and taken in as a union by id, with the same meaning
/// as sync, so the counts are the event model's, not a merge rule's.
struct V1ExportImportTests {
    /// A sandbox holding `dataFile` and `journal` (the fixtures lack their last line break) as its history.
    private func history(_ dataFile: String, _ journal: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.defaultDataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(dataFile + "\n", to: sandbox.defaultDataFile)
        try sandbox.write(journal + "\n", to: sandbox.defaultDataFile.appendingPathExtension("journal"))
        return sandbox
    }

    /// Writes `export` (without its last line break) to a file in the sandbox and returns its path.
    private func file(_ sandbox: Sandbox, _ export: String, name: String) throws -> String {
        let file = sandbox.root.appendingPathComponent(name)
        try sandbox.write(export + "\n", to: file)
        return file.path
    }

    @Test func aResetMadeElsewhereClearsWhatItHadSeenAndTheTapsItNeverSawStand() async throws {
        // a tapped happy twice, b imported those and tapped sad, a tapped happy a third time, then b
        // reset happy. The previous release let the reset win by its clock and cleared all three.
        let a = try history(V1ImportFixtures.aDataFile, V1ImportFixtures.aJournal)
        let export = try file(a, V1ImportFixtures.bExport, name: "b.jsonl")
        expectSuccess(try await a.run("import", export), stdout: "Imported 2 changes (2 already there): happy -2, sad +1.\n")
        let counts = #"{"counts": {"happy": 1, "smile": 0, "neutral": 0, "upset": 0, "sad": 1}, "total": 2}"# + "\n"
        expectSuccess(try await a.run("stats", "--json"), stdout: counts)
        // Imported again, and again: nothing new, nothing written, the same counts.
        let journal = a.bytes(of: a.defaultDataFile.appendingPathExtension("journal"))
        for _ in 0..<2 {
            expectSuccess(try await a.run("import", export), stdout: "Nothing to import: the file's 4 changes are already there.\n")
            expect(a.bytes(of: a.defaultDataFile.appendingPathExtension("journal")), equals: journal)
            expectSuccess(try await a.run("stats", "--json"), stdout: counts)
        }
    }

    @Test func anExportImportedIntoAnEmptyHistoryCountsAsTheMachineThatMadeItShowed() async throws {
        let sandbox = try Sandbox()
        let b = try file(sandbox, V1ImportFixtures.bExport, name: "b.jsonl")
        expectSuccess(try await sandbox.run("import", b), stdout: "Imported 4 changes: sad +1.\n")
        expectSuccess(
            try await sandbox.run("stats", "--json"),
            stdout: #"{"counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 1}, "total": 1}"# + "\n")
        // c's backdated tap is first in its file (by `at`) but was made after its reset: it stands.
        let other = sandbox.root.appendingPathComponent("c.json").path
        let c = try file(sandbox, V1ImportFixtures.cExport, name: "c.jsonl")
        expectSuccess(try await sandbox.run("import", c, "--file", other), stdout: "Imported 3 changes: happy +1.\n")
        expectSuccess(try await sandbox.run("stats", "happy", "--file", other), stdout: "1\n")
    }

    @Test func countsFromBeforeHistoryStandWhenTheFirstChangeIsAnImport() async throws {
        // A data file from an emotions older than the journal: counts, no history yet.
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.defaultDataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(#"{"version": 1, "counts": {"happy": 4, "sad": 2}}"#, to: sandbox.defaultDataFile)
        let b = try file(sandbox, V1ImportFixtures.bExport, name: "b.jsonl")
        // b's reset had seen b's taps of happy, not the counts here from before: they stand.
        expectSuccess(try await sandbox.run("import", b), stdout: "Imported 4 changes: sad +1.\n")
        let counts = #"{"counts": {"happy": 4, "smile": 0, "neutral": 0, "upset": 0, "sad": 3}, "total": 7}"# + "\n"
        expectSuccess(try await sandbox.run("stats", "--json"), stdout: counts)
        _ = try await sandbox.run("tap", "smile", "-q")  // Once this history has a name, they are still its own.
        expectSuccess(
            try await sandbox.run("stats", "--json"),
            stdout: #"{"counts": {"happy": 4, "smile": 1, "neutral": 0, "upset": 0, "sad": 3}, "total": 8}"# + "\n")
    }
}
