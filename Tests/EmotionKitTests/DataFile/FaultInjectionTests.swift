import EmotionKit
import Foundation
import Synchronization
import Testing

/// The steps of an update that can fail, each made to fail in turn.
enum Step: String, CaseIterable, Sendable {
    case createFolder, openLock, lock, openData, read, createTemporary, write, shortWrite, sync, rename, syncFolder
}

@Suite struct FaultInjectionTests {
    /// The real file system, with `step` failing with `code`.
    private func failing(_ step: Step, with code: Int32 = EIO) -> FileSystem {
        var fileSystem = FileSystem.live
        let live = FileSystem.live
        let fail: @Sendable (String, String) -> SystemError = { SystemError(call: $0, path: $1, errno: code) }
        switch step {
        case .createFolder:
            fileSystem.makeFolderAt = { folder, name, _ throws(SystemError) in throw fail("mkdir", folder.path + "/" + name) }
        case .openLock, .openData, .createTemporary:
            fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
                let isLock = name.hasSuffix(".lock")
                let isTemporary = name.contains(".tmp-")
                // Not the walk's look at the file (O_PATH), which opens nothing for reading.
                let isData = name == "emotions.json" && flags & OpenFlags.linkItself != OpenFlags.linkItself
                if (step == .openLock && isLock) || (step == .openData && isData)
                    || (step == .createTemporary && isTemporary)
                {
                    throw fail("open", folder.path + "/" + name)
                }
                return try live.openAt(folder, name, flags, mode)
            }
        case .lock:
            fileSystem.tryLock = { file throws(SystemError) in throw fail("flock", file.path) }
        case .read:
            fileSystem.read = { file, _ throws(SystemError) in throw fail("read", file.path) }
        case .write:
            fileSystem.write = { file, _ throws(SystemError) in throw fail("write", file.path) }
        case .shortWrite:
            fileSystem.write = { file, bytes throws(SystemError) in
                try live.write(file, Array(bytes.prefix(bytes.count / 2)))
                throw fail("write", file.path)
            }
        case .sync:
            fileSystem.sync = { file throws(SystemError) in throw fail("fsync", file.path) }
        case .rename:
            fileSystem.renameAt = { folder, _, destination throws(SystemError) in
                throw fail("rename", folder.path + "/" + destination)
            }
        case .syncFolder:
            // After the commit point: the store must put the old file back.
            fileSystem.sync = { file throws(SystemError) in
                if live.kind(file.path) == .folder { throw fail("fsync", file.path) }
                try live.sync(file)
            }
        }
        return fileSystem
    }

    private func expectedError(_ step: Step, _ code: Int32) -> (StoreError) -> Bool {
        { error in
            switch (step, error) {
            case (.createFolder, .cannotCreate(let e)), (.openLock, .cannotOpenLock(let e)),
                (.createTemporary, .cannotCreate(let e)):
                return e.errno == code
            case (.lock, .inputOutput(let e)), (.openData, .inputOutput(let e)), (.read, .inputOutput(let e)),
                (.write, .inputOutput(let e)), (.shortWrite, .inputOutput(let e)), (.sync, .inputOutput(let e)),
                (.rename, .inputOutput(let e)), (.syncFolder, .inputOutput(let e)):
                return e.errno == code
            default:
                return false
            }
        }
    }

    @Test(arguments: Step.allCases, [(EIO, false), (ENOSPC, false), (EACCES, false), (EIO, true)])
    func aFailingStepLeavesTheOldFileTemporaryFilesAndObserversAlone(step: Step, failure: (code: Int32, syncs: Bool)) throws {
        let code = failure.code
        let folder = try TemporaryFolder()
        let inner = folder.file(step == .createFolder ? "new" : "")
        let path = (step == .createFolder ? inner : folder.path) + "/emotions.json"
        // With a sync folder set too (issue 23): a failing step of the update is failed as without one.
        let sync = failure.syncs ? #", "sync": {"folder": "\#(folder.path)", "name": "laptop"}"# : ""
        let original = #"{"version": 1, "counts": {"happy": 41}\#(sync)}"#
        if step != .createFolder { try folder.write(original) }
        let before = folder.bytes(of: path)
        let store = TallyStore(path: path, fileSystem: failing(step, with: code))
        let recorder = Recorder()
        let token = try store.observe(options: [.old, .new], recorder.record)

        #expect {
            try store.apply(.tap(.happy))
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return expectedError(step, code)(error)
        }

        expect(folder.bytes(of: path), equals: before, "the data file changed when \(step) failed")
        let leftovers = try folder.contents().filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temporary files left when \(step) failed: \(leftovers)")
        #expect(recorder.changes.isEmpty, "observers were told of a change when \(step) failed")
        withExtendedLifetime(token) {}
        try expect(TallyStore(path: path).apply(.tap(.happy)).count, equals: 1, "the store works again after \(step)")
    }

    @Test func aFolderThatFailsToSyncOnTheFirstSaveLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let store = TallyStore(path: path, fileSystem: failing(.syncFolder))
        #expect(throws: StoreError.inputOutput(SystemError(call: "fsync", path: folder.path, errno: EIO))) {
            try store.apply(.tap(.sad))
        }
        // Nothing was saved, so the lock file the save made is gone again: nothing changed.
        try expect(folder.contents(), equals: [])
    }

    @Test(arguments: [EINVAL, ENOTSUP])
    func aFileSystemThatCannotSyncFoldersDoesNotFailTheUpdate(code: Int32) throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        let folderPath = folder.path
        fileSystem.sync = { file throws(SystemError) in
            if file.path == folderPath { throw SystemError(call: "fsync", path: file.path, errno: code) }
            try FileSystem.live.sync(file)
        }
        let store = TallyStore(path: folder.file("emotions.json"), fileSystem: fileSystem)
        try expect(store.apply(.tap(.sad)), equals: [Change(emotion: .sad, old: 0, new: 1)])
        try expect(store.read()[.sad], equals: 1)
    }

    @Test func aFolderThatCannotBeOpenedToSyncDoesNotFailTheUpdate() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            if name == "." { throw SystemError(call: "open", path: folder.path, errno: EACCES) }
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        let store = TallyStore(path: folder.file("emotions.json"), fileSystem: fileSystem)
        try expect(store.apply(.tap(.upset)), equals: [Change(emotion: .upset, old: 0, new: 1)])
    }

    /// A store over `path` whose journal already holds one tap of happy (from 41 to 42), and the journal's size.
    private func journalled(_ folder: TemporaryFolder) throws -> (path: String, journalSize: Int) {
        let path = try folder.write(#"{"version": 1, "counts": {"happy": 41}}"#)
        try TallyStore(path: path).apply(.tap(.happy))
        return (path, folder.bytes(of: path + ".journal")?.count ?? -1)
    }

    @Test func aJournalThatFailsToSyncIsCutBackAndNothingChanges() throws {
        let folder = try TemporaryFolder()
        let (path, journalSize) = try journalled(folder)
        let before = folder.bytes(of: path)
        var fileSystem = FileSystem.live
        fileSystem.syncData = { file throws(SystemError) in throw SystemError(call: "fdatasync", path: file.path, errno: EIO) }
        let recorder = Recorder()
        let store = TallyStore(path: path, fileSystem: fileSystem)
        let token = try store.observe(options: [.new], recorder.record)
        #expect(throws: StoreError.self) { try store.apply(.tap(.happy)) }
        withExtendedLifetime(token) {}
        #expect(recorder.changes.isEmpty)
        expect(folder.bytes(of: path), equals: before)
        expect(folder.bytes(of: path + ".journal")?.count, equals: journalSize, "the unsynced lines were not cut off")
        try expect(TallyStore(path: path).read()[.happy], equals: 42)
    }

    @Test func aJournalThatCanNeitherSyncNorBeCutBackSaysTheChangeMayBeSaved() throws {
        let folder = try TemporaryFolder()
        let (path, _) = try journalled(folder)
        var fileSystem = FileSystem.live
        fileSystem.syncData = { file throws(SystemError) in throw SystemError(call: "fdatasync", path: file.path, errno: EIO) }
        fileSystem.truncate = { file, _ throws(SystemError) in throw SystemError(call: "ftruncate", path: file.path, errno: EIO) }
        #expect(throws: StoreError.unsyncedChange(SystemError(call: "ftruncate", path: path + ".journal", errno: EIO))) {
            try TallyStore(path: path, fileSystem: fileSystem).apply(.tap(.happy))
        }
    }

    /// Past the commit point (the journal's sync), a data file that cannot be saved fails nothing:
    /// the change is reported, and every reader and the next writer roll the journal forward.
    @Test(arguments: [Step.createTemporary, .write, .rename])
    func aDataFileThatCannotBeSavedAfterTheCommitIsRolledForward(step: Step) throws {
        let folder = try TemporaryFolder()
        let (path, _) = try journalled(folder)
        let before = folder.bytes(of: path)
        var fileSystem = failing(step)
        if step == .write {
            // Only the data file's temporary file fails to be written, not the journal.
            fileSystem.write = { file, bytes throws(SystemError) in
                if file.path.contains(".tmp-") { throw SystemError(call: "write", path: file.path, errno: EIO) }
                try FileSystem.live.write(file, bytes)
            }
        }
        let recorder = Recorder()
        let store = TallyStore(path: path, fileSystem: fileSystem)
        let token = try store.observe(options: [.new], recorder.record)
        try expect(store.apply(.tap(.happy)), equals: [Change(emotion: .happy, old: 42, new: 43)])
        withExtendedLifetime(token) {}
        expect(recorder.changes.count, equals: 1, "observers were not told of a committed change")
        expect(folder.bytes(of: path), equals: before, "the data file was saved after all")
        try expect(TallyStore(path: path).read()[.happy], equals: 43, "a reader did not roll the journal forward")
        try expect(TallyStore(path: path).apply(.tap(.happy)), equals: [Change(emotion: .happy, old: 43, new: 44)])
        #expect(try folder.contents().filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func errorsNameTheFileTheCallAndWhatToDo() {
        let error = StoreError.inputOutput(SystemError(call: "write", path: "/x/.emotions.json.tmp-1", errno: ENOSPC))
        #expect(error.description.contains("/x/.emotions.json.tmp-1"))
        #expect(error.description.contains("No space left on device"))
        #expect(error.description.contains("free space"))
        #expect(error.description.contains("nothing was changed"))
    }
}
