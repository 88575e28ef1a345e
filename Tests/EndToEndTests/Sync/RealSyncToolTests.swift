import Foundation
import Testing

/// `emotions sync` over real sync tools: two Syncthing daemons on 127.0.0.1, and a git remote with
/// two clones. Histories on both sides tap, reset and undo at the same time; both converge, and
/// neither tool ever sees a conflict. Under `CI=true` these run, and fail without the tool.
@Suite struct RealSyncToolTests {
    /// What each machine does in one round, at the same time as the other.
    static let rounds: [[[String]]] = [
        [["tap", "happy"], ["tap", "sad"], ["reset", "happy"], ["undo"]],
        [["tap", "happy"], ["add", "smile", "2"], ["undo"], ["tap", "upset"]],
        [["reset", "sad"], ["tap", "happy"], ["undo"], ["tap", "smile"]],
    ]

    @Test(.enabled(if: Shells.isInstalledOrRequired("syncthing"), "syncthing is not installed (apt-get install syncthing)"))
    func twoMachinesOnSyncthingTappingResettingAndUndoingAtOnceConverge() async throws {
        let pair = try await SyncthingPair()
        let homes = [try Sandbox(), try Sandbox()]
        for (index, home) in homes.enumerated() {
            let joined = try await home.run("sync", "--folder", pair.folders[index].path, "--name", "machine-\(index)")
            #expect(joined.status == 0 && joined.stderr.isEmpty, "\(joined)")
        }
        try await pair.waitUntilConnected()
        for (round, commands) in Self.rounds.enumerated() {
            async let first = Self.run(commands, on: homes[0])
            async let second = Self.run(commands, on: homes[1])
            for outcome in try await first + second {
                expect(outcome.status, equals: 0, "round \(round): \(outcome)")
            }
            try pair.rescan()
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        var views = try await Self.views(of: homes)
        while views[0] != views[1] {  // Each holds its own changes: the same ids means all of them.
            guard ContinuousClock.now < deadline else {
                Issue.record("no convergence within 60 s: \(views)\n\(pair.differences())\n\(pair.logs)")
                break
            }
            try pair.rescan()
            try await Task.sleep(for: .milliseconds(200))
            views = try await Self.views(of: homes)
        }
        #expect(pair.conflictCopies().isEmpty, "\(pair.conflictCopies())")
        await pair.stop()
    }

    @Test(.enabled(if: Shells.isInstalledOrRequired("git"), "git is not installed"))
    func twoClonesOfAGitRemoteNeverConflictAndConverge() async throws {
        let remote = try await GitRemote(clones: 2)
        let homes = [try Sandbox(), try Sandbox()]
        for (index, home) in homes.enumerated() {
            let folder = remote.clones[index].appendingPathComponent("emotions")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let joined = try await home.run("sync", "--folder", folder.path, "--name", "clone-\(index)")
            #expect(joined.status == 0 && joined.stderr.isEmpty, "\(joined)")
        }
        for commands in Self.rounds {
            for (index, home) in homes.enumerated() {
                for outcome in try await Self.run(commands, on: home) {
                    expect(outcome.status, equals: 0, "\(outcome)")
                }
                let synced = try await home.run("sync")
                #expect(synced.status == 0 && synced.stderr.isEmpty, "\(synced)")
                let round = try await remote.syncRound(clone: index)
                #expect(!round.conflicted, "\(round)")
            }
        }
        // Two more rounds each with nothing new: everything has gone both ways.
        for _ in 0..<2 {
            for (index, home) in homes.enumerated() {
                let synced = try await home.run("sync")
                #expect(synced.status == 0 && synced.stderr.isEmpty, "\(synced)")
                let round = try await remote.syncRound(clone: index)
                #expect(!round.conflicted, "\(round)")
            }
        }
        let views = try await Self.views(of: homes)
        expect(views[0], equals: views[1], "\(views)")
        #expect(views[0].ids.count > 10, "\(views)")
        for index in 0..<2 {
            #expect(try await remote.isClean(index))
        }
    }

    /// What a machine shows: its counts, and the ids of the changes it holds.
    struct View: Equatable, CustomStringConvertible {
        let stats: String
        let ids: Set<String>
        var description: String { "\(stats.trimmingCharacters(in: .newlines)) (\(ids.count) changes)" }
    }

    /// Each home's view, after an `emotions sync` on each.
    static func views(of homes: [Sandbox]) async throws -> [View] {
        var views: [View] = []
        for home in homes {
            _ = try await home.run("sync")
            let stats = try await home.run("stats", "--json").stdout
            let log = try await home.run("log", "--json").stdout
            let ids = Set(log.split(separator: "\n").compactMap { Machines.object(String($0))?["id"] as? String })
            views.append(View(stats: stats, ids: ids))
        }
        return views
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
