import Foundation
import Testing

/// Histories and exports made by the release before issue 23, taken over in place by this one: the
/// same counts, log, undo and redo, the export still imports, and once both machines sync, a change
/// both imported before counts once.
struct TakeOverTests {
    /// A sandbox holding `dataFile` and `journal` (the fixtures lack their last line break) as its history.
    private func history(_ dataFile: String, _ journal: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.defaultDataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(dataFile + "\n", to: sandbox.defaultDataFile)
        try sandbox.write(journal + "\n", to: sandbox.defaultDataFile.appendingPathExtension("journal"))
        return sandbox
    }

    private static let mainCounts = #"{"counts": {"happy": 3, "smile": 3, "neutral": 1, "upset": 0, "sad": 5}, "total": 12}"#

    @Test func aHistoryMadeBeforeKeepsItsCountsLogUndoAndRedo() async throws {
        let main = try history(V1Fixtures.mainDataFile, V1Fixtures.mainJournal)
        expectSuccess(try await main.run("stats", "--json"), stdout: Self.mainCounts + "\n")
        let log = try await main.run("log", "--json")
        expect(log.status, equals: 0, "\(log)")
        let entries = try log.stdoutLines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        expect(entries.count, equals: 15)
        // The reset of happy was undone, redone and undone again; the add of upset was undone.
        let undone = entries.filter { $0["undone"] as? Bool == true }.compactMap { $0["command"] as? String }
        expect(undone.sorted(), equals: ["add", "reset"], "\(log.stdout)")
        // Undo takes back the last command, the tap of sad; redo makes it again.
        let undo = try await main.run("undo")
        expect(undo.stdoutLines.last, equals: "sad: 5 → 4", "\(undo)")
        let redo = try await main.run("redo")
        expect(redo.stdoutLines.last, equals: "sad: 4 → 5", "\(redo)")
        expectSuccess(try await main.run("stats", "--json"), stdout: Self.mainCounts + "\n")
        // Nothing of the journal was rewritten: the old lines are still its first bytes.
        let journal = try #require(main.text(of: main.defaultDataFile.appendingPathExtension("journal")))
        #expect(journal.hasPrefix(V1Fixtures.mainJournal + "\n"))
    }

    @Test func anExportMadeBeforeStillImports() async throws {
        let fresh = try Sandbox()
        let file = fresh.root.appendingPathComponent("main.jsonl")
        try fresh.write(V1Fixtures.mainExport + "\n", to: file)
        let imported = try await fresh.run("import", file.path)
        expect(imported.status, equals: 0, "\(imported)")
        expectSuccess(try await fresh.run("stats", "--json"), stdout: Self.mainCounts + "\n")
    }

    @Test func twoHistoriesMadeBeforeSyncAndAChangeBothHeldCountsOnce() async throws {
        // main imported other's tap of happy and sad and its add of smile (not its reset of sad, which
        // the old merge left out): the three are in both journals, under the same ids.
        let main = try history(V1Fixtures.mainDataFile, V1Fixtures.mainJournal)
        let other = try history(V1Fixtures.otherDataFile, V1Fixtures.otherJournal)
        let folder = main.root.appendingPathComponent("shared", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for _ in 0..<2 {
            try expect(await main.run("sync", "--folder", folder.path, "--name", "main").status, equals: 0)
            try expect(await other.run("sync", "--folder", folder.path, "--name", "other").status, equals: 0)
        }
        let mainCounts = try await main.run("stats", "--json")
        let otherCounts = try await other.run("stats", "--json")
        expect(mainCounts.stdout, equals: otherCounts.stdout, "\(mainCounts)\n\(otherCounts)")
        // Every change counts once. The reset of sad other made had seen its own tap of sad, which main
        // imported: it clears that tap everywhere, and nothing else; main's own taps and add of sad stand.
        expect(mainCounts.stdout, equals: #"{"counts": {"happy": 3, "smile": 3, "neutral": 1, "upset": 0, "sad": 4}, "total": 11}"# + "\n")
        let log = try await main.run("log")
        expect(log.stdoutLines.count, equals: 16, "\(log)")  // main's 15 changes and other's reset; its other three are held once.
    }
}
