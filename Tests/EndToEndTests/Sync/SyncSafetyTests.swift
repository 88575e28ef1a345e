import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sync folder is as safe as the data folder: another user's planted link is never written
/// through, root uses no folder another user owns, and our files are private.
@Suite struct SyncSafetyTests {
    @Test(arguments: [false, true])
    func aLinkPlantedAsOurOwnFileIsNeverWrittenThrough(ownedByAnother: Bool) async throws {
        let machines = try Machines(1)
        try await machines.joinAll()
        let home = machines[0]
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        let file = try #require(machines.historyFiles().first)
        let target = machines.root.appendingPathComponent("precious.txt")
        try Data("keep me\n".utf8).write(to: target)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        if ownedByAnother, getuid() == 0 {
            expect(lchown(file.path, 65534, 65534), equals: 0)
        }
        for command in [["tap", "sad"], ["sync"], ["stats"]] {
            let outcome = try await home.run(command + (command[0] == "tap" ? ["-q"] : []))
            expect(outcome.status, equals: 0, "\(outcome)")
            if command[0] != "stats" {
                #expect(outcome.stderr.hasPrefix("Warning: ") && outcome.stderr.contains(file.lastPathComponent), "\(outcome)")
                expect(outcome.stderrLines.count, equals: 1, "told once: \(outcome)")
                #expect(!outcome.stderr.contains(".;"), "in whole sentences: \(outcome)")
            }
        }
        try expect(Data(contentsOf: target), equals: Data("keep me\n".utf8))
        expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)), equals: target.path)
        let stats = try await home.run("stats", "--json")
        expect(Machines.count("sad", in: stats.stdout), equals: 1, "\(stats)")
    }

    @Test(.enabled(if: getuid() == 0, "only root refuses a folder another user owns"))
    func rootRefusesAFolderAnotherUserOwns() async throws {
        let machines = try Machines(1)
        let home = machines[0]
        expect(chown(machines.folder.path, 65534, 65534), equals: 0)
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        let outcome = try await home.run("sync", "--folder", machines.folder.path)
        expect(outcome.status, equals: 0, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Warning: ") && outcome.stderr.contains("belongs to"), "\(outcome)")
        #expect(machines.files().isEmpty, "\(machines.files())")
        let tap = try await home.run("tap", "happy", "-q")
        #expect(tap.status == 0 && tap.stderr.contains("belongs to"), "\(tap)")
        #expect(machines.files().isEmpty, "\(machines.files())")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func anotherUsersFileInTheFolderIsNotTakenIn() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        expectSuccess(try await machines[1].run("tap", "happy", "-q"), stdout: "")
        let file = try await machines.ownFile(of: machines[1])
        expect(chown(file.path, 65534, 65534), equals: 0)
        let tap = try await machines[0].run("tap", "sad", "-q")
        #expect(tap.status == 0 && tap.stderr.hasPrefix("Warning: ") && tap.stderr.contains("belongs to"), "\(tap)")
        let stats = try await machines[0].run("stats", "--json")
        #expect(Machines.count("happy", in: stats.stdout) == 0 && Machines.count("sad", in: stats.stdout) == 1, "\(stats)")
    }

    @Test func ourFilesInTheFolderAreMode0600WhateverTheUmask() async throws {
        let machines = try Machines(1)
        let home = machines[0]
        expectSuccess(try await home.run("tap", "happy", "-q"), stdout: "")
        let outcome = try await home.runShell(
            #"umask 000 && exec "$0" sync --folder "# + machines.folder.path, binary: try Emotions.binary().path)
        expect(outcome.status, equals: 0, "\(outcome)")
        let file = try #require(machines.historyFiles().first, "\(machines.files())")
        try expect(home.permissions(of: file), equals: 0o600)
    }
}
