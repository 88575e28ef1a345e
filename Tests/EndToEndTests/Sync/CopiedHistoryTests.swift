import Foundation
import Testing

/// A whole config folder copied to another machine (a restored backup, a cloned disk): two
/// histories would speak as one. One of them notices, takes a new id, and nothing is lost.
@Suite struct CopiedHistoryTests {
    @Test func aCopiedConfigFolderTakesANewIdAndEveryTapCountsEverywhere() async throws {
        let machines = try Machines(3)
        let (a, b, c) = (machines[0], machines[1], machines[2])
        try expect(await a.run("sync", "--folder", machines.folder.path, "--name", "a").status, equals: 0)
        try expect(await b.run("sync", "--folder", machines.folder.path, "--name", "b").status, equals: 0)
        for emotion in ["happy", "sad"] { expectSuccess(try await a.run("tap", emotion, "-q"), stdout: "") }
        expectSuccess(try await b.run("tap", "smile", "-q"), stdout: "")
        // C is A's config folder, copied whole.
        let config = ".config"
        try FileManager.default.copyItem(at: a.home.appendingPathComponent(config), to: c.home.appendingPathComponent(config))
        // Both tap apart (the folder away), then sync: the second to publish finds its file holding a
        // change it never made.
        let away = machines.root.appendingPathComponent("away")
        try FileManager.default.moveItem(at: machines.folder, to: away)
        let tapA = try await a.run("tap", "happy", "-q")
        let tapC = try await c.run("tap", "upset", "-q")
        #expect(tapA.status == 0 && tapC.status == 0, "\(tapA)\n\(tapC)")
        try FileManager.default.moveItem(at: away, to: machines.folder)
        let first = try await a.run("sync", "--json")
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(Machines.object(first.stdout)?["new_history"] == nil, "\(first)")
        let second = try await c.run("sync", "--json")
        expect(second.status, equals: 0, "\(second)")
        let report = try #require(Machines.object(second.stdout), "\(second)")
        let fresh = try #require(report["new_history"] as? String, "\(second)")
        expect(report["history"] as? String, equals: fresh, "\(second)")
        #expect(second.stderr.hasPrefix("Warning: ") && second.stderr.contains(fresh), "\(second)")
        try await machines.syncAll()
        let stats = try await machines.stats()
        for text in stats {
            expect(text, equals: #"{"counts": {"happy": 2, "smile": 1, "neutral": 0, "upset": 1, "sad": 1}, "total": 5}"# + "\n", "\(stats)")
        }
        // Three histories' files now: a, b, and the copy's new one.
        expect(machines.historyFiles().count, equals: 3, "\(machines.files())")
    }

    @Test func aConfigFolderCopiedWithCpTakesANewIdAtItsFirstTapAndTheOriginalKeepsItsOwn() async throws {
        let machines = try Machines(2)
        let (a, b) = (machines[0], machines[1])
        // B is A's config folder copied with `cp -a` (a new machine set up from a copy of the old one's home).
        let original = try await machines.syncedHistoryCopied(from: a, to: b)
        // The copy taps first, then the original: each publishes at once, through the one folder.
        var outcomes = [try await b.run("tap", "smile"), try await a.run("tap", "upset")]
        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
        try await machines.syncAll()
        outcomes += [try await a.run("sync", "--json"), try await b.run("sync", "--json")]
        #expect(!outcomes.contains { $0.stderr.contains("claim") }, "\(outcomes)")
        expect(Machines.object(outcomes[2].stdout)?["history"] as? String, equals: original, "\(outcomes[2])")
        let fresh = try #require(Machines.object(outcomes[3].stdout)?["history"] as? String, "\(outcomes[3])")
        #expect(fresh != original)
        let stats = try await machines.stats()
        for text in stats {
            expect(text, equals: #"{"counts": {"happy": 1, "smile": 1, "neutral": 0, "upset": 1, "sad": 1}, "total": 4}"# + "\n", "\(stats)")
        }
        var seen: [Set<String>] = []
        for home in [a, b] {
            let lines = try await home.run("log", "--json").stdout.split(separator: "\n").compactMap { Machines.object(String($0)) }
            expect(Set(lines.compactMap { $0["history"] as? String }), equals: [original, fresh], "\(lines)")
            seen.append(Set(lines.compactMap { $0["id"] as? String }))
        }
        #expect(seen[0].count == 4 && seen[0] == seen[1], "\(seen)")
    }

    @Test func aMachineThatImportedAnExportBeforeJoiningHasItsLaterTapsTakenInEverywhere() async throws {
        let machines = try Machines(3)
        let (a, b, c) = (machines[0], machines[1], machines[2])
        try expect(await a.run("sync", "--folder", machines.folder.path, "--name", "a").status, equals: 0)
        try expect(await b.run("sync", "--folder", machines.folder.path, "--name", "b").status, equals: 0)
        for (home, emotion) in [(a, "happy"), (b, "sad"), (a, "happy")] {
            expectSuccess(try await home.run("tap", emotion, "-q"), stdout: "")
        }
        // C starts from A's export, then joins: its file repeats changes the others hold already.
        let export = try await a.run("export")
        let file = c.home.appendingPathComponent("export.jsonl")
        try c.write(export.stdout, to: file)
        try expect(await c.run("import", file.path, "-q").status, equals: 0)
        try expect(await c.run("sync", "--folder", machines.folder.path, "--name", "c").status, equals: 0)
        _ = try await machines.stats()  // A and B read C's file: nothing new in it yet.
        expectSuccess(try await c.run("tap", "neutral", "-q"), stdout: "")
        expectSuccess(try await c.run("tap", "upset", "-q"), stdout: "")
        let stats = try await machines.stats()
        for text in stats {
            expect(text, equals: #"{"counts": {"happy": 2, "smile": 0, "neutral": 1, "upset": 1, "sad": 1}, "total": 5}"# + "\n", "\(stats)")
        }
    }
}
