import Foundation
import Synchronization
import Testing
@testable import EmotionKit

/// The atomic replace alone: what it leaves when each step fails, before and after the commit point.
struct AtomicReplaceTests {
    private static let old = Array("old bytes\n".utf8)
    private static let new = Array("new bytes\n".utf8)
    private static let mine = FileOwnership(keeping: nil)

    /// Writes `new` over `emotions.json` in `folder`, which holds `old` unless `original` is `nil`.
    private func write(
        in folder: TemporaryFolder, original: [UInt8]? = AtomicReplaceTests.old, fileSystem: FileSystem = .live
    ) throws {
        if let original { try Data(original).write(to: URL(fileURLWithPath: folder.file("emotions.json"))) }
        try NameInFolder.opening("emotions.json", in: folder.path) { target in
            try AtomicReplace(fileSystem: fileSystem).write(
                AtomicReplaceTests.new, to: target, ownership: AtomicReplaceTests.mine, replacing: original)
        }
    }

    private func contents(_ folder: TemporaryFolder) -> [UInt8]? {
        folder.bytes(of: folder.file("emotions.json")).map(Array.init)
    }

    @Test func theNewBytesReplaceTheOldWithTheOwnershipGivenAndNothingElseLeft() throws {
        let folder = try TemporaryFolder()
        // Strict enough to show the mode is set, not left to the umask; the owner keeps read and
        // write, as other tests running meanwhile in this process need.
        let previous = umask(0o077)
        defer { umask(previous) }
        try NameInFolder.opening("emotions.json", in: folder.path) { target in
            let shared = FileOwnership(keeping: FileStatus(permissions: 0o640, owner: UInt32(geteuid()), group: UInt32(getegid())))
            try AtomicReplace(fileSystem: .live).write(AtomicReplaceTests.new, to: target, ownership: shared, replacing: nil)
        }
        expect(contents(folder), equals: AtomicReplaceTests.new)
        var status = stat()
        #expect(stat(folder.file("emotions.json"), &status) == 0 && status.st_mode & 0o777 == 0o640)
        try expect(folder.contents(), equals: ["emotions.json"])
    }

    /// The steps before the commit point, and the error each gives.
    enum Step: CaseIterable, Sendable { case createTemporary, givePermissions, write, shortWrite, sync, rename }

    @Test(arguments: Step.allCases)
    func aFailureBeforeTheRenameLeavesTheOldFileAndNoTemporaryFile(step: Step) throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        let failure: @Sendable (String, String) -> SystemError = { SystemError(call: $0, path: $1, errno: ENOSPC) }
        switch step {
        case .createTemporary:
            fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
                if name.contains(".tmp-") { throw failure("open", folder.path + "/" + name) }
                return try FileSystem.live.openAt(folder, name, flags, mode)
            }
        case .givePermissions:
            fileSystem.setPermissions = { file, _ throws(SystemError) in throw failure("fchmod", file.path) }
        case .write:
            fileSystem.write = { file, _ throws(SystemError) in throw failure("write", file.path) }
        case .shortWrite:
            fileSystem.write = { file, bytes throws(SystemError) in
                try FileSystem.live.write(file, Array(bytes.prefix(3)))
                throw failure("write", file.path)
            }
        case .sync:
            fileSystem.sync = { file throws(SystemError) in throw failure("fsync", file.path) }
        case .rename:
            fileSystem.renameAt = { folder, _, name throws(SystemError) in throw failure("rename", folder.path + "/" + name) }
        }
        #expect {
            try write(in: folder, fileSystem: fileSystem)
        } throws: { error in
            switch (step, error as? StoreError) {
            case (.createTemporary, .cannotCreate(let error)?): error.errno == ENOSPC
            case (_, .inputOutput(let error)?): step != .createTemporary && error.errno == ENOSPC
            default: false
            }
        }
        expect(contents(folder), equals: AtomicReplaceTests.old)
        try expect(folder.contents(), equals: ["emotions.json"], "a temporary file was left")
    }

    /// The real file system, but syncing a folder fails with `code`; renames fail from the `failingRename`th on.
    private func folderSyncFailing(_ code: Int32 = EIO, failingRename: Int = .max) -> FileSystem {
        var fileSystem = FileSystem.live
        fileSystem.sync = { file throws(SystemError) in
            if FileSystem.live.kind(file.path) == .folder { throw SystemError(call: "fsync", path: file.path, errno: code) }
            try FileSystem.live.sync(file)
        }
        let renames = Mutex(0)
        fileSystem.renameAt = { folder, source, name throws(SystemError) in
            if renames.withLock({ $0 += 1; return $0 }) >= failingRename {
                throw SystemError(call: "rename", path: folder.path + "/" + name, errno: EIO)
            }
            try FileSystem.live.renameAt(folder, source, name)
        }
        return fileSystem
    }

    @Test func aFolderThatFailsToSyncGetsTheOriginalBack() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StoreError.inputOutput(SystemError(call: "fsync", path: folder.path, errno: EIO))) {
            try write(in: folder, fileSystem: folderSyncFailing())
        }
        expect(contents(folder), equals: AtomicReplaceTests.old)
        try expect(folder.contents(), equals: ["emotions.json"])
    }

    @Test func aFolderThatFailsToSyncOnAFirstWriteLosesTheNewFile() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StoreError.inputOutput(SystemError(call: "fsync", path: folder.path, errno: EIO))) {
            try write(in: folder, original: nil, fileSystem: folderSyncFailing())
        }
        try expect(folder.contents(), equals: [])
    }

    @Test func anOriginalThatCannotBePutBackSaysTheChangeWasMade() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StoreError.unsyncedChange(SystemError(call: "fsync", path: folder.path, errno: EIO))) {
            try write(in: folder, fileSystem: folderSyncFailing(failingRename: 2))
        }
        expect(contents(folder), equals: AtomicReplaceTests.new)
        try expect(folder.contents(), equals: ["emotions.json"])
    }

    @Test(arguments: [EINVAL, ENOTSUP])
    func aFileSystemThatCannotSyncFoldersIsNoError(code: Int32) throws {
        let folder = try TemporaryFolder()
        try write(in: folder, fileSystem: folderSyncFailing(code))
        expect(contents(folder), equals: AtomicReplaceTests.new)
    }

    @Test func onlyTheTemporaryFilesOfKilledSavesAreLeftovers() throws {
        let folder = try TemporaryFolder()
        let leftovers = [".emotions.json.tmp-4242-17", ".emotions.json.tmp-1-4294967295"]
        let bystanders = [".emotions.json.tmp-notes", ".emotions.json.tmp-12-", ".emotions.json.tmp-1-2-3", ".other.json.tmp-1-2"]
        for name in leftovers + bystanders { try folder.write("half", to: name) }
        try write(in: folder)
        try expect(folder.contents(), equals: (["emotions.json"] + bystanders).sorted())
        expect(AtomicReplace.temporaryPrefix(of: "mood.json"), equals: ".mood.json.tmp-")
        #expect(AtomicReplace.isTemporary(".mood.json.tmp-1-2", ".mood.json.tmp-"))
        #expect(!AtomicReplace.isTemporary(".mood.json.tmp-1-2x", ".mood.json.tmp-"))
        #expect(!AtomicReplace.isTemporary(".mood.json.tmp-١-2", ".mood.json.tmp-"), "a digit, but not ASCII")
    }
}
