import EmotionKit
import Foundation
import Testing

/// What the store refuses when someone else shapes the paths it walks, and what it never touches.
///
/// Run as root (as CI does), these are the attacks of a user against `sudo emotions`; a folder or
/// link "of another user" is given to `nobody`.
///
/// One at a time: two of them set the process's umask, which the store reads to tell a folder it
/// just made (`DataFileLocator.isJustMade`), and a test beside them that made a folder meanwhile
/// saw it as not its own and left it behind on a failed save (a red ASan run in CI).
@Suite(.serialized) struct TallyStoreSafetyTests {
    private static let otherUser: UInt32 = 65534

    /// A file's bytes, owner and mode: what must not change when an attack is refused.
    private struct Snapshot: Equatable {
        let bytes: Data?
        let owner: UInt32
        let mode: UInt32

        init(_ path: String) {
            var status = stat()
            _ = lstat(path, &status)
            bytes = FileManager.default.contents(atPath: path)
            owner = status.st_uid
            mode = UInt32(status.st_mode)
        }
    }

    @Test func aLockFileLinkedToAnotherFileIsRefusedAndTheFileUntouched() throws {
        let folder = try TemporaryFolder()
        let protected = try folder.write("root:x:0:0\n", to: "shadow")
        expect(chmod(protected, 0o640), equals: 0)
        let before = Snapshot(protected)
        let path = try folder.write(#"{"counts": {"happy": 1}}"#)
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: protected)
        #expect(throws: StoreError.unsafeLockFile(path: path + ".lock", .symbolicLink)) {
            try TallyStore(path: path).apply(.tap(.happy))
        }
        expect(Snapshot(protected), equals: before)
        try expect(TallyStore(path: path).read()[.happy], equals: 1)
    }

    @Test func aDanglingLockLinkCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let planted = folder.file("profile.d-x.sh")
        try FileManager.default.createSymbolicLink(atPath: folder.file("emotions.json.lock"), withDestinationPath: planted)
        #expect(throws: StoreError.unsafeLockFile(path: folder.file("emotions.json.lock"), .symbolicLink)) {
            try TallyStore(path: folder.file("emotions.json")).apply(.tap(.happy))
        }
        #expect(!FileManager.default.fileExists(atPath: planted))
        #expect(!FileManager.default.fileExists(atPath: folder.file("emotions.json")))
    }

    @Test func aLockFileThatIsAFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("emotions.json.lock"), withIntermediateDirectories: false)
        #expect(throws: StoreError.unsafeLockFile(path: folder.file("emotions.json.lock"), .folder)) {
            try TallyStore(path: folder.file("emotions.json")).apply(.tap(.happy))
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a link to another user"))
    func aDataFileLinkAnotherUserOwnsIsNeitherReadNorWritten() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write(#"{"counts": {"sad": 3}}"#, to: "roots.json")
        let before = Snapshot(target)
        let link = folder.file("emotions.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        expect(lchown(link, Self.otherUser, Self.otherUser), equals: 0)
        let refusal = StoreError.foreignLink(path: link, owner: Self.otherUser)
        #expect(throws: refusal) { try TallyStore(path: link).apply(.tap(.sad)) }
        #expect(throws: refusal) { try TallyStore(path: link).read() }
        expect(Snapshot(target), equals: before)
        #expect(refusal.description.contains("user 65534 (nobody) owns"))
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func rootUsesNoTallyInAFolderAnotherUserOwns() throws {
        let folder = try TemporaryFolder()
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        let path = try folder.write(#"{"counts": {"upset": 2}}"#, to: "home/emotions.json")
        expect(chown(home, Self.otherUser, Self.otherUser), equals: 0)
        expect(chown(path, Self.otherUser, Self.otherUser), equals: 0)
        let before = Snapshot(path)
        let refusal = StoreError.foreignFolder(path: home, owner: Self.otherUser)
        #expect(throws: refusal) { try TallyStore(path: path).apply(.tap(.upset)) }
        #expect(throws: refusal) { try TallyStore(path: path).read() }
        // Nor does it make folders there.
        #expect(throws: refusal) { try TallyStore(path: home + "/new/emotions.json").apply(.tap(.upset)) }
        expect(Snapshot(path), equals: before)
        try expect(folder.contents(of: home), equals: ["emotions.json"])
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func rootUsesNoHardLinkedDataFile() throws {
        let folder = try TemporaryFolder()
        let secret = try folder.write("root:$6$secret\n", to: "shadow")
        expect(link(secret, folder.file("emotions.json")), equals: 0)
        #expect(throws: StoreError.hardLinkedFile(path: folder.file("emotions.json"), links: 2)) {
            try TallyStore(path: folder.file("emotions.json")).read()
        }
        #expect(throws: StoreError.hardLinkedFile(path: folder.file("emotions.json"), links: 2)) {
            try TallyStore(path: folder.file("emotions.json")).apply(.tap(.happy))
        }
        // The refusal quotes nothing of the file.
        #expect {
            try TallyStore(path: folder.file("emotions.json")).read()
        } throws: { error in
            !"\(error)".contains("$6$secret")
        }
    }

    @Test func aStrictUmaskStillGivesTheOwnerReadAndWrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/emotions.json")
        let previous = umask(0o277)
        defer { umask(previous) }
        try TallyStore(path: path).apply(.tap(.smile))
        try expect(mode(path), equals: 0o600)
        try expect(mode(path + ".lock"), equals: 0o600)
        try expect(mode(folder.file("a")), equals: 0o700)
        try expect(mode(folder.file("a/b")), equals: 0o700)
        try TallyStore(path: path).apply(.tap(.smile))
        try expect(mode(path), equals: 0o600, "a save after the first kept the mode")
        try expect(TallyStore(path: path).read()[.smile], equals: 2)
    }

    @Test func aChangeThatWouldMakeTheFileTooLargeIsRefused() throws {
        let folder = try TemporaryFolder()
        // Just under the limit as written, just over it once the counts are laid out a line each.
        let filler = String(repeating: "x", count: 1024 * 1024 - 80)
        let path = try folder.write(#"{"version":1,"counts":{"happy":1},"n":"\#(filler)"}"#)
        let before = folder.bytes(of: path)
        try expect(TallyStore(path: path).read()[.happy], equals: 1)
        #expect {
            try TallyStore(path: path).apply(.tap(.happy))
        } throws: { error in
            guard case let .tooLargeToSave(shown, size, limit) = error as? StoreError else { return false }
            return shown == path && size > limit && limit == 1024 * 1024
        }
        expect(folder.bytes(of: path), equals: before)
    }

    @Test func aFailedFirstSaveRemovesTheFoldersAndLockItMade() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.write = { file, _ throws(SystemError) in throw SystemError(call: "write", path: file.path, errno: ENOSPC) }
        #expect(throws: StoreError.self) {
            try TallyStore(path: folder.file("new/deeper/emotions.json"), fileSystem: fileSystem).apply(.tap(.sad))
        }
        try expect(folder.contents(), equals: [], "a full disk left what the failed save made")
    }

    @Test func aFileThatIsNoTallyIsReportedAsSuchEvenWhereNoLockCanBeMade() throws {
        // /proc/self/status: no lock file can be created beside it, but the reason to give is that it is not ours.
        #expect {
            try TallyStore(path: "/proc/self/status").apply(.tap(.happy))
        } throws: { error in
            guard case .unreadableDataFile = error as? StoreError else { return false }
            return true
        }
    }

    @Test func aLockFileThatExistsButCannotBeOpenedSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {}}"#)
        #expect(FileManager.default.createFile(atPath: path + ".lock", contents: nil))
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            if name.hasSuffix(".lock"), flags & O_CREAT == 0 {
                throw SystemError(call: "open", path: folder.path + "/" + name, errno: EACCES)
            }
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        let refusal = StoreError.cannotOpenLock(SystemError(call: "open", path: path + ".lock", errno: EACCES))
        #expect(throws: refusal) { try TallyStore(path: path, fileSystem: fileSystem).apply(.tap(.happy)) }
        #expect(refusal.description.hasPrefix("Cannot open the lock file \(path).lock: Permission denied"))
    }

    @Test func cleanUpAfterAFailedFirstSaveRemovesNothingALinkSwappedInLeadsTo() throws {
        // Another user, able to rename in the folder, swaps the folder being made for a link to a
        // folder of ours holding an empty `b`, and fills the disk: removing "a/b" by its path
        // would remove that `b` through the link.
        let folder = try TemporaryFolder()
        let protected = folder.file("protected")
        try FileManager.default.createDirectory(atPath: protected + "/b", withIntermediateDirectories: true)
        var fileSystem = FileSystem.live
        let shared = folder.path
        fileSystem.write = { file, _ throws(SystemError) in
            expect(rename(shared + "/a", shared + "/a.old"), equals: 0)
            expect(symlink(protected, shared + "/a"), equals: 0)
            throw SystemError(call: "write", path: file.path, errno: ENOSPC)
        }
        #expect(throws: StoreError.self) {
            try TallyStore(path: folder.file("a/b/emotions.json"), fileSystem: fileSystem).apply(.tap(.sad))
        }
        #expect(FileManager.default.fileExists(atPath: protected + "/b"), "the clean-up went through the link")
        try expect(folder.contents(of: folder.file("a.old")), equals: [], "the folder made and its lock are gone from where they were made")
    }

    @Test func aFolderSwappedInWhileBeingMadeIsNotMadeOursByAChmod() throws {
        // Under a strict umask a new folder is 0500 and made 0700; a folder of ours swapped in for it
        // must keep its mode (and so whatever its owner meant by it).
        let folder = try TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        _ = try folder.write("mine", to: "locked/notes")
        expect(chmod(locked, 0o500), equals: 0)
        var fileSystem = FileSystem.live
        let shared = folder.path
        fileSystem.makeFolderAt = { parent, name, mode throws(SystemError) in
            try FileSystem.live.makeFolderAt(parent, name, mode)
            expect(rename(shared + "/" + name, shared + "/" + name + ".made"), equals: 0)
            expect(rename(locked, shared + "/" + name), equals: 0)
        }
        let previous = umask(0o277)
        defer { umask(previous) }
        _ = try? TallyStore(path: folder.file("new/emotions.json"), fileSystem: fileSystem).apply(.tap(.sad))
        try expect(mode(folder.file("new")), equals: 0o500, "the swapped-in folder was given to us with a chmod")
    }

    @Test func aNewLockFileIsTheGroupsOnlyWhenTheGroupMayWriteTheTally() throws {
        let folder = try TemporaryFolder()
        for (dataMode, lockMode) in [(0o660, 0o660), (0o640, 0o600), (0o644, 0o600), (0o666, 0o660), (0o600, 0o600)] {
            let path = try folder.write(#"{"counts": {}}"#, to: "t\(dataMode).json")
            expect(chmod(path, mode_t(dataMode)), equals: 0)
            try TallyStore(path: path).apply(.tap(.happy))
            try expect(mode(path + ".lock"), equals: lockMode, "a data file \(String(dataMode, radix: 8))")
        }
    }

    @Test func executeAndSetIDBitsOfAPlantedFileAreNotPassedOn() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {}}"#)
        expect(chmod(path, 0o6777), equals: 0)
        try TallyStore(path: path).apply(.tap(.happy))
        try expect(mode(path), equals: 0o666)
    }

    @Test func messagesQuoteAtMostAShortPartOfAHugeNumber() throws {
        let folder = try TemporaryFolder()
        let digits = String(repeating: "9", count: 200_000)
        let path = try folder.write(#"{"version": 1, "counts": {"happy": \#(digits)}}"#)
        #expect {
            try TallyStore(path: path).read()
        } throws: { error in
            "\(error)".count < 400
        }
        #expect(StoreError.foreignFolder(path: "/x", owner: 4_000_000_000).description.contains("sudo -u '#4000000000'"))
    }

    private func mode(_ path: String) throws -> Int {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return Int(status.st_mode & 0o7777)
    }
}
