import Foundation
import Testing

/// Two homes syncing through one plain folder, as two machines whose sync tool has delivered
/// everything: what one does, the other shows, and the counts agree whatever each did meanwhile.
@Suite struct TwoMachineSyncTests {
    @Test func theDesktopSeesTheLaptopsTapsOnceItSyncsWithTheFolder() async throws {
        let machines = try Machines(2)
        let (laptop, desktop) = (machines[0], machines[1])
        try expect(await laptop.run("sync", "--folder", machines.folder.path, "--name", "laptop").status, equals: 0)
        for emotion in ["happy", "happy", "sad"] {
            expectSuccess(try await laptop.run("tap", emotion, "-q"), stdout: "")
        }
        let synced = try await desktop.run("sync", "--folder", machines.folder.path, "--name", "desktop")
        expect(synced.status, equals: 0, "\(synced)")
        #expect(synced.stdout.contains("took in 3 changes from laptop"), "\(synced)")
        let stats = try await desktop.run("stats", "--json")
        expect(stats.stdout, equals: #"{"counts": {"happy": 2, "smile": 0, "neutral": 0, "upset": 0, "sad": 1}, "total": 3}"# + "\n", "\(stats)")
    }

    @Test func aResetAtTwoWhileTheOtherTapsLeavesOneOnBoth() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        for _ in 0..<2 { expectSuccess(try await a.run("tap", "happy", "-q"), stdout: "") }
        try await machines.syncAll()
        // Apart: A resets happy at 2, B taps happy meanwhile (its sync comes after A's reset is in the folder,
        // but B's tap was made before B took the reset in: B taps with no folder reachable).
        let hidden = machines.root.appendingPathComponent("away")
        try FileManager.default.moveItem(at: machines.folder, to: hidden)
        let tap = try await b.run("tap", "happy", "-q")
        expect(tap.status, equals: 0, "\(tap)")
        try FileManager.default.moveItem(at: hidden, to: machines.folder)
        expectSuccess(try await a.run("reset", "happy", "-q"), stdout: "")
        try await machines.syncAll()
        for stats in try await machines.stats() {
            expect(Machines.count("happy", in: stats), equals: 1, "\(stats)")
        }
    }

    @Test func tapsResetsAndUndosOnBothSidesAgreeAfterTwoSyncsAndLogListsTheSameChanges() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        for round in 0..<3 {
            // Both at once, each in its own process, the folder shared all along.
            async let first = Self.run([["tap", "happy"], ["tap", "sad"], ["reset", "happy"], ["tap", "smile"], ["undo"]], on: a)
            async let second = Self.run(
                [["tap", "happy"], ["add", "sad", "\(round + 2)"], ["undo"], ["tap", "upset"], ["reset", "sad"]], on: b)
            for outcome in try await first + second {
                expect(outcome.status, equals: 0, "\(outcome)")
            }
            try await machines.syncAll()
            let stats = try await machines.stats()
            expect(stats[0], equals: stats[1], "round \(round)")
        }
        let logs = [try await a.run("log", "--json"), try await b.run("log", "--json")]
        let ids = logs.map { Set(($0.stdout.split(separator: "\n")).compactMap { Machines.object(String($0))?["id"] as? String }) }
        #expect(!ids[0].isEmpty && ids[0] == ids[1], "\(logs[0])\n\(logs[1])")
        let texts = [try await a.run("log"), try await b.run("log")]
        expect(Set(texts[0].stdoutLines), equals: Set(texts[1].stdoutLines), "\(texts[0])\n\(texts[1])")
    }

    @Test func undoTakesBackThisMachinesOwnLatestCommandNeverOneThatArrived() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        expectSuccess(try await a.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await b.run("tap", "neutral", "-q"), stdout: "")
        _ = try await a.run("stats")  // B's tap is in A's history now, after A's own.
        let undo = try await a.run("undo")
        #expect(undo.status == 0 && undo.stdout.hasPrefix("Undid 'tap happy'"), "\(undo)")
        // A change arriving from elsewhere does not end what this machine can redo.
        expectSuccess(try await b.run("tap", "sad", "-q"), stdout: "")
        _ = try await a.run("stats")
        let redo = try await a.run("redo")
        #expect(redo.status == 0 && redo.stdout.hasPrefix("Redid 'tap happy'"), "\(redo)")
        // Nothing undone here: nothing to redo, though B undid something.
        expectSuccess(try await b.run("undo", "-q"), stdout: "")
        _ = try await a.run("stats")
        let again = try await a.run("redo")
        #expect(again.status != 0, "\(again)")
        try await machines.syncAll()
        let stats = try await machines.stats()
        expect(stats[0], equals: stats[1], "\(stats)")
        expect(stats[0], equals: #"{"counts": {"happy": 1, "smile": 0, "neutral": 1, "upset": 0, "sad": 0}, "total": 2}"# + "\n", "\(stats)")
    }

    @Test func undoByIdReachesAChangeStillOnlyInTheFolder() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        expectSuccess(try await a.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await b.run("add", "sad", "2", "-q"), stdout: "")
        let line = try #require(try await b.run("log", "--json").stdoutLines.last)
        let id = try #require(Machines.object(line)?["id"] as? String, "\(line)")
        // A has not run anything since B's change reached the folder: `undo ID` takes it in first.
        let undo = try await a.run("undo", String(id.prefix(10)))
        #expect(undo.status == 0 && undo.stdout.hasPrefix("Undid 'add sad 2'"), "\(undo)")
        // And an undo that arrived counts before `undo` picks this machine's latest standing command.
        expectSuccess(try await a.run("tap", "smile", "-q"), stdout: "")
        let smile = try #require(try await a.run("log", "--json").stdoutLines.last)
        let smileID = try #require(Machines.object(smile)?["id"] as? String, "\(smile)")
        expectSuccess(try await b.run("undo", String(smileID.prefix(10)), "-q"), stdout: "")
        let own = try await a.run("undo")
        #expect(own.status == 0 && own.stdout.hasPrefix("Undid 'tap happy'"), "\(own)")
        // Only B's changes left standing: undo says how to take one of those back.
        let none = try await a.run("undo")
        expectFailure(none, status: 1, mentioning: ["Nothing to undo", "emotions undo ID"])
    }

    /// Runs each command (with `-q`) on `home`, in order.
    static func run(_ commands: [[String]], on home: Sandbox) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for command in commands {
            outcomes.append(try await home.run(command + ["-q"]))
        }
        return outcomes
    }
}
