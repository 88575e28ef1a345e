import Foundation
import Synchronization
import Testing
@testable import EmotionKit

/// What a save passes on to the new file, and who a new lock file is for.
struct FileOwnershipTests {
    /// A new file in `folder`, made as a save makes its temporary file, open for as long as `body` runs.
    private func withNewFile(in folder: TemporaryFolder, _ body: (FileSystem.Descriptor) throws -> Void) throws {
        try NameInFolder.opening("new", in: folder.path) { place in
            let file = try FileSystem.live.openAt(place.folder, place.name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            defer { FileSystem.live.close(file) }
            try body(file)
        }
    }

    @Test func aFirstSaveIsTheEffectiveUsersAndPrivate() {
        let ownership = FileOwnership(keeping: nil)
        expect(ownership.owner, equals: UInt32(geteuid()))
        expect(ownership.group, equals: UInt32(getegid()))
        expect(ownership.permissions, equals: 0o600)
    }

    @Test func executeSetIDAndStickyBitsAreNotKept() {
        let planted = FileStatus(permissions: 0o7777, owner: 1000, group: 100)
        expect(FileOwnership(keeping: planted).permissions, equals: 0o666)
        expect(FileOwnership(keeping: FileStatus(permissions: 0o640, owner: 1000, group: 100)).permissions, equals: 0o640)
    }

    @Test func theNewFileGetsThePermissionsWhateverTheUmaskAndNoChownIfItIsOurs() throws {
        let folder = try TemporaryFolder()
        // Strict enough to show the mode is set, not left to the umask; the owner keeps read and
        // write, as other tests running meanwhile in this process need.
        let previous = umask(0o077)
        defer { umask(previous) }
        var fileSystem = FileSystem.live
        let chowns = Mutex(0)
        fileSystem.setOwner = { _, _, _ throws(SystemError) in chowns.withLock { $0 += 1 } }
        let ours = FileStatus(permissions: 0o644, owner: UInt32(geteuid()), group: UInt32(getegid()))
        try withNewFile(in: folder) { file in try FileOwnership(keeping: ours).give(to: file, using: fileSystem) }
        try expect(mode(folder.file("new")), equals: 0o644)
        expect(chowns.withLock { $0 }, equals: 0)
    }

    @Test func anotherOwnerIsGivenWhereWeMayAndARefusalIsNoError() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        let given = Mutex<[UInt32]>([])
        fileSystem.setOwner = { file, owner, group throws(SystemError) in
            given.withLock { $0 += [owner, group] }
            throw SystemError(call: "fchown", path: file.path, errno: EPERM)
        }
        let theirs = FileStatus(permissions: 0o660, owner: 4242, group: 4343)
        try withNewFile(in: folder) { file in try FileOwnership(keeping: theirs).give(to: file, using: fileSystem) }
        expect(given.withLock { $0 }, equals: [4242, 4343])
        try expect(mode(folder.file("new")), equals: 0o660)
    }

    @Test func aFailureToSetThePermissionsIsThrown() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.setPermissions = { file, _ throws(SystemError) in throw SystemError(call: "fchmod", path: file.path, errno: EIO) }
        try withNewFile(in: folder) { file in
            #expect(throws: SystemError(call: "fchmod", path: folder.file("new"), errno: EIO)) {
                try FileOwnership(keeping: nil).give(to: file, using: fileSystem)
            }
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
    func rootGivesTheNewFileToTheOriginalsOwner() throws {
        let folder = try TemporaryFolder()
        let theirs = FileStatus(permissions: 0o600, owner: 65534, group: 65534)
        try withNewFile(in: folder) { file in try FileOwnership(keeping: theirs).give(to: file, using: .live) }
        var status = stat()
        expect(stat(folder.file("new"), &status), equals: 0)
        #expect(status.st_uid == 65534 && status.st_gid == 65534)
    }

    @Test func aNewLockFileIsTheGroupsOnlyWhenTheGroupMayWriteTheTally() {
        for (dataMode, lockMode) in [(0o660, 0o660), (0o640, 0o600), (0o644, 0o600), (0o666, 0o660), (0o620, 0o660), (0o600, 0o600)] {
            let status = FileStatus(permissions: UInt32(dataMode), owner: 1000, group: 100)
            expect(FileOwnership.lockPermissions(besideDataFile: status), equals: UInt32(lockMode))
        }
        expect(FileOwnership.lockPermissions(besideDataFile: nil), equals: 0o600, "a first save's lock is private")
    }

    private func mode(_ path: String) throws -> UInt32 {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return UInt32(status.st_mode & 0o7777)
    }
}
