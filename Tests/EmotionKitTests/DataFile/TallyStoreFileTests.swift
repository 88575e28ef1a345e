import EmotionKit
import Foundation
import Testing

/// How an update treats the files around the data file: leftovers, permissions, owners, messages.
@Suite struct TallyStoreFileTests {
    @Test func theNextSaveRemovesTemporaryFilesLeftByKilledProcessesAndNothingElse() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"version": 1, "counts": {"happy": 2}}"#)
        let leftovers = [".emotions.json.tmp-4242-17", ".emotions.json.tmp-1-4294967295"]
        let bystanders = [
            ".emotions.json.tmp-notes", ".emotions.json.tmp-12-", ".emotions.json.tmp-1-2-3",
            ".other.json.tmp-1-2", "emotions.json.tmp-1-2", "emotions.json.bak",
        ]
        for name in leftovers + bystanders {
            try folder.write("half a file", to: name)
        }
        let store = TallyStore(path: path)

        try expect(store.read()[.happy], equals: 2)
        try expect(folder.contents().count, equals: 1 + leftovers.count + bystanders.count, "a read removed files")
        try store.apply(.reset(.neutral))  // A no-op: nothing is saved, so nothing is cleaned.
        #expect(try folder.contents().contains(leftovers[0]))

        try store.apply(.tap(.happy))
        try expect(folder.contents(), equals: (["emotions.json", "emotions.json.journal", "emotions.json.lock"] + bystanders).sorted())
        try expect(store.read()[.happy], equals: 3)
    }

    /// A writer killed after renaming its data file, before it had looked for leftovers, would leave
    /// the next one no sign of a leftover (the journal is not ahead): so an update that looks, looks
    /// before it renames.
    @Test func anUpdateThatLooksForLeftoversLooksBeforeItReplacesTheDataFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        try TallyStore(path: path).apply(.tap(.happy))
        // A change another process committed and did not save, and the temporary file it left.
        let journal = path + ".journal"
        let line = #"{"id":"01M8D736YC5QA4MJGTDDB340C5","at":"2026-11-27T00:39:42.796+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":2,"group":"01M8D736YC5QA4MJGTDDB340C5"}"#
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        try handle.close()
        try folder.write("half a file", to: ".emotions.json.tmp-4242-17")
        let steps = Steps()
        var fileSystem = FileSystem.live
        fileSystem.entries = { file in
            steps.add("list")
            return FileSystem.live.entries(file)
        }
        fileSystem.renameAt = { file, source, destination throws(SystemError) in
            steps.add("rename")
            try FileSystem.live.renameAt(file, source, destination)
        }
        try TallyStore(path: path, fileSystem: fileSystem).apply(.tap(.happy))
        expect(steps.all, equals: ["list", "rename"])
        #expect(try !folder.contents().contains(".emotions.json.tmp-4242-17"))
        try expect(TallyStore(path: path).read()[.sad], equals: 1)
    }

    @Test func anUpdateKeepsTheFilesPermissions() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {"sad": 1}}"#)
        for permissions in [0o640, 0o644, 0o600, 0o660, 0o604] {
            expect(chmod(path, mode_t(permissions)), equals: 0)
            try TallyStore(path: path).apply(.tap(.sad))
            try expect(permissionsOf(path), equals: permissions)
        }
        try expect(TallyStore(path: path).read()[.sad], equals: 6)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
    func anUpdateByRootKeepsTheFilesOwner() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {"smile": 1}}"#)
        expect(chown(path, 65534, 65534), equals: 0)
        try TallyStore(path: path).apply(.tap(.smile))
        var status = stat()
        expect(stat(path, &status), equals: 0)
        #expect(status.st_uid == 65534 && status.st_gid == 65534, "root took the user's file")
        try expect(TallyStore(path: path).read()[.smile], equals: 2)
    }

    @Test func theFirstSaveCreatesAPrivateFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let previous = umask(0)
        defer { umask(previous) }
        try TallyStore(path: path).apply(.tap(.upset))
        try expect(permissionsOf(path), equals: 0o600)
        try expect(permissionsOf(path + ".lock"), equals: 0o600)
    }

    @Test(arguments: [EACCES, EROFS])
    func aFileThatMayNotBeWrittenRefusesChangesButNotNoOps(code: Int32) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"version": 1, "counts": {"happy": 2}}"#)
        let before = folder.bytes(of: path)
        var fileSystem = FileSystem.live
        fileSystem.checkWritable = { folder, name, _ throws(SystemError) in
            // As for a user without write permission, or on read-only media; root is never refused.
            throw SystemError(call: "open", path: folder.path + "/" + name, errno: code)
        }
        let store = TallyStore(path: path, fileSystem: fileSystem)

        try expect(store.apply(.reset(.sad)), equals: [], "a no-op must not need write access")
        #expect(throws: StoreError.readOnly(SystemError(call: "open", path: path, errno: code))) {
            try store.apply(.tap(.happy))
        }
        #expect(throws: TallyError.self) { try store.apply(.add(-3, to: .happy)) }  // Refused first for its own reason.
        expect(folder.bytes(of: path), equals: before)
        try expect(store.read()[.happy], equals: 2)
        try expect(folder.contents(), equals: ["emotions.json", "emotions.json.lock"])
    }

    @Test func aLockTimeoutNamesTheHoldersPid() {
        let plain = StoreError.lockTimeout(lockFile: "/x/e.json.lock", timeout: .seconds(10), holder: nil)
        #expect(plain.description.contains("another emotions process holds it"))
        let ours = StoreError.lockTimeout(
            lockFile: "/x/e.json.lock", timeout: .milliseconds(1500), holder: LockHolder(pid: 4242, command: "emotions"))
        #expect(ours.description.contains("waiting 1500 ms for the lock /x/e.json.lock"))
        #expect(ours.description.contains("another emotions process (pid 4242) holds it"))
        let other = StoreError.lockTimeout(
            lockFile: "/x/e.json.lock", timeout: .seconds(1), holder: LockHolder(pid: 7, command: "flock"))
        #expect(other.description.contains("another process (pid 7, flock) holds it"))
        #expect(other.description.contains("EMOTIONS_LOCK_TIMEOUT"))
    }

    @Test func aReadOnlyErrorSaysWhatToDo() {
        let error = StoreError.readOnly(SystemError(call: "open", path: "/m/emotions.json", errno: EROFS))
        #expect(error.description.contains("/m/emotions.json cannot be changed: Read-only file system"))
        #expect(error.description.contains("Make it writable"))
        #expect(error.description.contains("nothing was changed"))
    }

    private func permissionsOf(_ path: String) throws -> Int {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return Int(status.st_mode & 0o7777)
    }
}

/// What a file system was asked to do, in order, from any thread.
private final class Steps: @unchecked Sendable {  // `steps` is only touched under `lock`.
    private let lock = NSLock()
    private var steps: [String] = []

    func add(_ step: String) { lock.withLock { steps.append(step) } }
    var all: [String] { lock.withLock { steps } }
}
