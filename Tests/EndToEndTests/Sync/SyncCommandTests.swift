import Foundation
import Testing

/// `emotions sync` itself: setting, moving and forgetting the folder, and what it prints.
@Suite struct SyncCommandTests {
    @Test func syncWithNoFolderSetIsAUsageErrorNamingFolder() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run("sync")
        expectFailure(outcome, status: 64, mentioning: ["Error: No sync folder is set for this history. Set one with 'emotions sync --folder PATH'"])
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func aBadNameIsAUsageErrorSaidInASentence() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("sync", "--folder", sandbox.home.path, "--name", "")
        expectFailure(outcome, status: 64, mentioning: ["Error: The name '' is not one a history can have. Give 1 to 64 characters"])
        #expect(!sandbox.exists(sandbox.defaultDataFile))
    }

    @Test func aRelativeFolderIsTakenFromTheWorkingFolder() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        try FileManager.default.createDirectory(at: sandbox.home.appendingPathComponent("Sync/emotions"), withIntermediateDirectories: true)
        let outcome = try await sandbox.run("sync", "--folder", "Sync/emotions", "--json")
        expect(outcome.status, equals: 0, "\(outcome)")
        let object = try #require(Machines.object(outcome.stdout), "\(outcome)")
        expect(object["folder"] as? String, equals: sandbox.home.path + "/Sync/emotions", "\(outcome)")
        let history = try #require(object["history"] as? String, "\(outcome)")
        let file = sandbox.home.appendingPathComponent("Sync/emotions/\(history).jsonl")
        #expect(sandbox.exists(file), "\(outcome)")
    }

    @Test func jsonSaysWhatWasSentTakenAndWarnedAbout() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        expectSuccess(try await machines[0].run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await machines[1].run("tap", "sad", "-q"), stdout: "")
        expectSuccess(try await machines[1].run("tap", "sad", "-q"), stdout: "")
        let outcome = try await machines[0].run("sync", "--json")
        expect(outcome.status, equals: 0, "\(outcome)")
        let object = try #require(Machines.object(outcome.stdout), "\(outcome)")
        expect(object["sent"] as? Int, equals: 0, "\(outcome)")
        expect(object["taken"] as? [String: Int], equals: ["machine-1": 2], "\(outcome)")
        expect((object["warnings"] as? [Any])?.isEmpty, equals: true, "\(outcome)")
        expect(object["name"] as? String, equals: "machine-0", "\(outcome)")
    }

    @Test func stopForgetsTheFolderAndChangesNoLongerGoThere() async throws {
        let machines = try Machines(1)
        try await machines.joinAll()
        let home = machines[0]
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        let file = try #require(machines.historyFiles().first)
        let published = home.bytes(of: file)
        let stop = try await home.run("sync", "--stop", "--json")
        #expect(stop.status == 0 && stop.stdout == "{\"syncing\": false}\n", "\(stop)")
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        expect(home.bytes(of: file), equals: published)
        expectFailure(try await home.run("sync"), status: 64, mentioning: ["--folder"])
        let stats = try await home.run("stats", "--json")
        expect(Machines.count("happy", in: stats.stdout), equals: 2, "\(stats)")
    }

    @Test func folderAgainMovesItAndTheNewFolderGetsTheWholeHistory() async throws {
        let machines = try Machines(1)
        try await machines.joinAll()
        let home = machines[0]
        for emotion in ["happy", "sad", "happy"] { expectSuccess(try await home.run("tap", emotion, "-q"), stdout: "") }
        let file = try #require(machines.historyFiles().first)
        let published = try #require(home.bytes(of: file))
        let moved = machines.root.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        let outcome = try await home.run("sync", "--folder", moved.path, "--json")
        expect(outcome.status, equals: 0, "\(outcome)")
        let object = try #require(Machines.object(outcome.stdout), "\(outcome)")
        expect(object["sent"] as? Int, equals: 3, "\(outcome)")
        expect(home.bytes(of: moved.appendingPathComponent(file.lastPathComponent)), equals: published)
        // From now on changes go to the new folder only.
        expectSuccess(try await home.run("tap", "smile", "-q"), stdout: "")
        expect(home.bytes(of: file), equals: published)
        let grown = try #require(home.bytes(of: moved.appendingPathComponent(file.lastPathComponent)))
        #expect(grown.count > published.count && grown.starts(with: published))
    }

    @Test(arguments: [["--stop"], ["--name", "renamed"]])
    func syncingAgainWithTheSameFolderKeepsTheIdAndSendsNothingTwice(between: [String]) async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        expectSuccess(try await a.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await b.run("tap", "sad", "-q"), stdout: "")
        expectSuccess(try await a.run("tap", "smile", "-q"), stdout: "")
        let file = try await machines.ownFile(of: a)
        if between == ["--stop"] {
            try expect(await a.run("sync", "--stop").status, equals: 0)
        } else {
            try expect(await a.run(["sync", "--folder", machines.folder.path] + between).status, equals: 0)
            // Rolled back meanwhile to its header and first change: made whole under its first header.
            let bytes = try Data(contentsOf: file)
            let lines = bytes.split(separator: 0x0A)
            try bytes.prefix(lines[0].count + 1 + lines[1].count + 1).write(to: file)
        }
        expectSuccess(try await a.run("tap", "upset", "-q"), stdout: "")
        let again = try await a.run("sync", "--folder", machines.folder.path, "--json")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        let report = try #require(Machines.object(again.stdout), "\(again)")
        #expect(report["new_history"] == nil && report["history"] as? String == file.deletingPathExtension().lastPathComponent, "\(again)")
        expect(machines.historyFiles().count, equals: 2, "\(machines.files())")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        expect(lines.count, equals: 4, "\(lines)")
    }
}
