import Foundation
import Testing

/// A sync folder that is not there (removed, its drive not mounted): the local change stands and
/// the user is told; once the folder is back, the next command publishes.
@Suite struct MissingFolderTests {
    @Test func aTapWithTheFolderMissingSucceedsWarnsAndIsPublishedOnceItIsBack() async throws {
        let machines = try Machines(1)
        try await machines.joinAll()
        let home = machines[0]
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        let file = try #require(machines.historyFiles().first)
        let before = try Data(contentsOf: file)
        try FileManager.default.removeItem(at: machines.folder)
        let tap = try await home.run("tap", "sad", "-q")
        #expect(tap.status == 0 && tap.stdout.isEmpty, "\(tap)")
        #expect(tap.stderr.hasPrefix("Warning: ") && tap.stderr.contains(machines.folder.path), "\(tap)")
        #expect(tap.stderr.contains("does not exist"), "\(tap)")
        let stats = try await home.run("stats", "--json")
        expect(Machines.count("sad", in: stats.stdout), equals: 1, "\(stats)")
        // Back again (an empty folder, as a drive mounted afresh): the next command publishes the whole file.
        try FileManager.default.createDirectory(at: machines.folder, withIntermediateDirectories: true)
        expectSuccess(try await home.run("tap", "smile", "-q"), stdout: "")
        let after = try Data(contentsOf: file)
        #expect(after.starts(with: before) && after.split(separator: 0x0A).count == 4, "\(String(decoding: after, as: UTF8.self))")
    }

    @Test func undoAndResetWithTheFolderMissingWarnAndStand() async throws {
        let machines = try Machines(1)
        try await machines.joinAll()
        let home = machines[0]
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        try FileManager.default.removeItem(at: machines.folder)
        for command in [["tap", "happy"], ["undo"], ["reset", "happy"]] {
            let outcome = try await home.run(command + ["-q"])
            expect(outcome.status, equals: 0, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("Warning: ") && outcome.stderr.contains("does not exist"), "\(outcome)")
        }
        let sync = try await home.run("sync", "--json")
        #expect(sync.status == 0 && sync.stderr.contains("does not exist"), "\(sync)")
        // Said once, in whole sentences.
        #expect(sync.stderr.components(separatedBy: "are kept").count == 2 && !sync.stderr.contains(".;"), "\(sync)")
    }
}
