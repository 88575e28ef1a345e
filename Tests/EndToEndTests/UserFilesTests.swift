import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Data files as real users have them: read-only, in folders they may not write, owned by
/// someone else, on read-only media. Every refusal leaves the file's bytes as they were.
struct UserFilesTests {
    private var folder: (Sandbox) -> URL { { $0.defaultDataFile.deletingLastPathComponent() } }

    @Test func aReadOnlyDataFileIsRefusedWith73AndLeftAlone() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3))
        try sandbox.giveToUnprivilegedUser()
        expect(chmod(sandbox.defaultDataFile.path, 0o444), equals: 0)
        let before = sandbox.bytes(of: sandbox.defaultDataFile)

        let outcome = try await sandbox.runUnprivileged("tap", "happy")
        expectFailure(outcome, status: 73, mentioning: [
            "The data file \(sandbox.defaultDataFile.path) cannot be changed: Permission denied", "Make it writable",
        ])
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
        try expect(sandbox.permissions(of: sandbox.defaultDataFile), equals: 0o444)
        expectSuccess(try await sandbox.runUnprivileged("stats", "happy"), stdout: "3\n")
        expectSuccess(try await sandbox.runUnprivileged("reset", "sad"), stdout: "")  // Changes nothing, so allowed.
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func aFolderThatMayNotBeWrittenIsRefusedWith73() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 2))
        try sandbox.giveToUnprivilegedUser()
        let folder = folder(sandbox)
        expect(chmod(folder.path, 0o500), equals: 0)
        defer { chmod(folder.path, 0o700) }
        let before = sandbox.bytes(of: sandbox.defaultDataFile)

        let outcome = try await sandbox.runUnprivileged("add", "sad", "2")
        expectFailure(outcome, status: 73, mentioning: ["\(sandbox.defaultDataFile.path).lock", "Permission denied"])
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
        try expect(FileManager.default.contentsOfDirectory(atPath: folder.path), equals: ["emotions.json"])
    }

    @Test func aLockFileThatMayOnlyBeReadStillLocks() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(smile: 1))
        let lock = sandbox.defaultDataFile.path + ".lock"
        try sandbox.write("", to: URL(fileURLWithPath: lock))
        try sandbox.giveToUnprivilegedUser()
        expect(chmod(lock, 0o444), equals: 0)  // As if another user, or the user by mistake, made it read-only.

        expectSuccess(try await sandbox.runUnprivileged("tap", "smile"), stdout: "smile: 1 → 2\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(smile: 2)))
    }

    @Test func anUpdateKeepsTheFilesPermissions() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(neutral: 1))
        expect(chmod(sandbox.defaultDataFile.path, 0o640), equals: 0)
        expectSuccess(try await sandbox.run("tap", "neutral"), stdout: "neutral: 1 → 2\n")
        try expect(sandbox.permissions(of: sandbox.defaultDataFile), equals: 0o640)
    }

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root can update a file another user owns"))
    func rootRefusesATallyInAFolderAnotherUserOwnsAndChangesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(upset: 4))
        try sandbox.giveToUnprivilegedUser()
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let folder = sandbox.defaultDataFile.deletingLastPathComponent().path
        for arguments in [["tap", "upset"], ["stats"], ["reset", "--all"]] {
            // As with sudo, which keeps HOME: the user could have linked anything into that folder.
            expectFailure(
                try await sandbox.run(arguments), status: 77,
                mentioning: [folder, "belongs to user 65534 (nobody)", "runs as root", "sudo -u nobody", "nothing was changed"])
        }
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
        let status = try FileManager.default.attributesOfItem(atPath: sandbox.defaultDataFile.path)
        expect((status[.ownerAccountID] as? NSNumber)?.uint32Value, equals: Sandbox.unprivilegedID)
        // The user's own tally is untouched and theirs to go on with.
        expectSuccess(try await sandbox.runUnprivileged("tap", "upset"), stdout: "upset: 4 → 5\n")
    }

    @Test(.enabled(if: Sandbox.testsRunAsRoot, "only root can create files in a folder another user owns"))
    func rootCreatesNothingInAUsersHome() async throws {
        let sandbox = try Sandbox()
        try sandbox.giveToUnprivilegedUser()
        expectFailure(try await sandbox.run("tap", "sad"), status: 77, mentioning: [sandbox.home.path, "runs as root"])
        expect(sandbox.contentsOfHome(), equals: [])
        expectSuccess(try await sandbox.runUnprivileged("tap", "sad"), stdout: "sad: 0 → 1\n")
    }

    @Test func readOnlyMediaRefuseChangesWith73ButStatsStillReads() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "-q", "happy"), stdout: "")
        let before = sandbox.bytes(of: sandbox.defaultDataFile)

        let tap = try await sandbox.runOnReadOnlyMedia(folder(sandbox), "tap", "happy")
        expectFailure(tap, status: 73, mentioning: [sandbox.defaultDataFile.path, "Read-only file system"])
        let stats = try await sandbox.runOnReadOnlyMedia(folder(sandbox), "stats", "happy")
        expectSuccess(stats, stdout: "1\n")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func aFirstTapOnReadOnlyMediaIsRefusedWith73AndCreatesNothing() async throws {
        let sandbox = try Sandbox()
        let tap = try await sandbox.runOnReadOnlyMedia(sandbox.home, "tap", "happy")
        expectFailure(tap, status: 73, mentioning: [sandbox.home.path + "/.config", "Read-only file system"])
        expect(sandbox.contentsOfHome(), equals: [])
    }
}
