import Foundation
import Testing

/// A copy that took an id of its own, then stopped syncing and set the folder again.
@Suite struct StoppedCopyTests {
    /// `--stop` keeps the state it stopped with (under `"stopped"`), so that setting the folder again
    /// goes on under the same ids: the original's changes under the original's, the copy's under its own.
    @Test func aCopyThatStopsAndSetsTheFolderAgainKeepsItsIdsAndEveryCount() async throws {
        try await stopAndSetAgain()
    }

    /// A history that lost its journal after it synced, stopped syncing, tapped (which made a new
    /// journal whose counts from before hold everything it had) and set the folder again would take its
    /// own old changes back in from its file in the folder and count them twice: it is refused, as a
    /// lost journal is, and nothing changes.
    @Test func aHistoryThatLostItsJournalCannotSetTheFolderAgainAndCountItsChangesTwice() async throws {
        let (machines, a) = try await Self.syncedThenLostItsJournal()
        try expect(await a.run("tap", "smile").status, equals: 65)
        try expect(await a.run("sync", "--stop").status, equals: 0)
        try expect(await a.run("tap", "smile").status, equals: 0)
        let before = try await a.run("stats", "--json").stdout
        #expect(Machines.count("happy", in: before) == 1 && Machines.count("sad", in: before) == 1, "\(before)")
        let dataFile = a.bytes(of: a.defaultDataFile)
        let folder = machines.files()
        let again = try await a.run("sync", "--folder", machines.folder.path)
        #expect(again.status == 65 && again.stderr.hasPrefix("Error: ") && again.stderr.contains("sync --folder"), "\(again)")
        #expect(a.bytes(of: a.defaultDataFile) == dataFile && machines.files() == folder)
        let after = try await a.run("stats", "--json").stdout
        expect(after, equals: before, "\(after)")
    }

    /// Nor can it get round that by setting another, empty folder first (where it would pass for a
    /// copy and take a new id) and then the first folder again: its old changes would count twice.
    @Test func aHistoryThatLostItsJournalCannotPassForACopyInAnEmptyFolderAndCountItsChangesTwice() async throws {
        let (machines, a) = try await Self.syncedThenLostItsJournal()
        try expect(await a.run("sync", "--stop").status, equals: 0)
        try expect(await a.run("tap", "smile").status, equals: 0)
        let before = try await a.run("stats", "--json").stdout
        let empty = machines.folder.deletingLastPathComponent().appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        let other = try await a.run("sync", "--folder", empty.path)
        #expect(other.status == 65 && other.stderr.hasPrefix("Error: "), "\(other)")
        _ = try await a.run("sync", "--stop")
        _ = try await a.run("sync", "--folder", machines.folder.path)
        _ = try await a.run("sync")
        let after = try await a.run("stats", "--json").stdout
        #expect(Machines.count("happy", in: after) == 1 && Machines.count("sad", in: after) == 1, "\(after)")
        expect(after, equals: before, "\(after)")
    }

    /// Nor by setting the folder again straight after `--stop`, with no change between: the journal
    /// made for what is taken in would hold everything read again on counts that hold it already.
    @Test func aHistoryThatLostItsJournalCannotStopAndSetTheFolderAgainAtOnceAndCountItsChangesTwice() async throws {
        let (machines, a) = try await Self.syncedThenLostItsJournal()
        try expect(await a.run("sync", "--stop").status, equals: 0)
        let before = try await a.run("stats", "--json").stdout
        let again = try await a.run("sync", "--folder", machines.folder.path)
        #expect(again.status == 65 && again.stderr.hasPrefix("Error: "), "\(again)")
        _ = try await a.run("sync")
        let after = try await a.run("stats", "--json").stdout
        #expect(Machines.count("happy", in: after) == 1 && Machines.count("sad", in: after) == 1, "\(after)")
        expect(after, equals: before, "\(after)")
    }

    /// Nor by an import, instead of a change, making the new journal while stopped.
    @Test func aHistoryThatLostItsJournalCannotImportWhileStoppedAndCountItsChangesTwice() async throws {
        let (machines, a) = try await Self.syncedThenLostItsJournal()
        let other = try Sandbox()  // Never syncs: its export holds only its own change.
        try expect(await other.run("tap", "upset").status, equals: 0)
        let export = machines.root.appendingPathComponent("upset.jsonl")
        let exported = try await other.run("export")
        expect(exported.status, equals: 0, "\(exported)")
        try exported.stdout.write(to: export, atomically: false, encoding: .utf8)
        try expect(await a.run("sync", "--stop").status, equals: 0)
        let imported = try await a.run("import", export.path)
        expect(imported.status, equals: 0, "\(imported)")
        let before = try await a.run("stats", "--json").stdout
        let again = try await a.run("sync", "--folder", machines.folder.path)
        #expect(again.status == 65 && again.stderr.hasPrefix("Error: "), "\(again)")
        let after = try await a.run("stats", "--json").stdout
        #expect(Machines.count("happy", in: after) == 1 && Machines.count("sad", in: after) == 1, "\(after)")
        expect(after, equals: before, "\(after)")
    }

    /// A copy made with `cp -a` is no journal made again, whatever its history's file in the folder
    /// holds: a first change there that the journal never wrote (put there by hand or by another
    /// user) does not stop the copy from tapping and syncing under an id of its own.
    @Test func aCopyWhoseFileInTheFolderHoldsAChangeItNeverMadeStillTapsAndSyncs() async throws {
        let machines = try Machines(2)
        let (a, c) = (machines[0], machines[1])
        let original = try await machines.syncedHistoryCopied(from: a, to: c)
        let file = machines.folder.appendingPathComponent(original + ".jsonl")
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "happy", with: "upset")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: false, encoding: .utf8)
        let tap = try await c.run("tap", "smile")
        expect(tap.status, equals: 0, "\(tap)")
        let sync = try await c.run("sync")
        expect(sync.status, equals: 0, "\(sync)")
        let stats = try await c.run("stats", "--json").stdout
        #expect(Machines.count("happy", in: stats) == 1 && Machines.count("smile", in: stats) == 1, "\(stats)")
    }

    /// Two machines that synced a tap each (happy on the first, sad on the second), the first then
    /// having lost its journal; the machines and the first.
    private static func syncedThenLostItsJournal() async throws -> (Machines, Sandbox) {
        let machines = try Machines(2)
        let (a, b) = (machines[0], machines[1])
        try await machines.joinAll()
        try expect(await a.run("tap", "happy").status, equals: 0)
        try expect(await b.run("tap", "sad").status, equals: 0)
        try await machines.syncAll()
        try FileManager.default.removeItem(at: URL(fileURLWithPath: a.defaultDataFile.path + ".journal"))
        return (machines, a)
    }

    private func stopAndSetAgain() async throws {
        let machines = try Machines(2)
        let (a, b) = (machines[0], machines[1])
        // B is A's config folder copied with `cp -a` (a new machine set up from a copy of the old one's home).
        let original = try await machines.syncedHistoryCopied(from: a, to: b)
        try expect(await b.run("tap", "smile").status, equals: 0)
        try expect(await a.run("tap", "upset").status, equals: 0)
        try await machines.syncAll()
        let fresh = try #require(Machines.object(try await b.run("sync", "--json").stdout)?["history"] as? String)
        #expect(fresh != original)
        // A resets happy after taking in B's smile; B takes the reset in.
        try expect(await a.run("reset", "happy").status, equals: 0)
        try await machines.syncAll()
        let before = try await machines.stats()
        // B stops, and sets the folder again.
        try expect(await b.run("sync", "--stop").status, equals: 0)
        let stopped = try await b.run("stats", "--json")
        expect(stopped.stdout, equals: before[1], "\(stopped)")
        let again = try await b.run("sync", "--folder", machines.folder.path, "--json")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        expect(Machines.object(again.stdout)?["history"] as? String, equals: fresh, "\(again)")
        try expect(await b.run("tap", "smile").status, equals: 0)
        try await machines.syncAll()
        let after = try await machines.stats()
        expect(after[0], equals: after[1], "\(after)")
        expect(Machines.count("smile", in: after[0]), equals: 2, "\(after)")
        #expect(Machines.count("upset", in: after[0]) == 1 && Machines.count("sad", in: after[0]) == 1, "\(after)")
        expect(machines.historyFiles().count, equals: 2, "\(machines.files())")
        let lines = try await b.run("log", "--json").stdout.split(separator: "\n").compactMap { Machines.object(String($0)) }
        expect(Set(lines.compactMap { $0["history"] as? String }), equals: [original, fresh], "\(lines)")
    }
}
