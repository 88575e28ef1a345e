import Foundation
import Synchronization
import Testing
@testable import EmotionKit

/// The lock file alone: how it is made, opened, waited for, refused and removed.
///
/// One test at a time: those that wait in the kernel look at the process's `SIGALRM` handler,
/// which a wait on another thread would change under them.
@Suite(.serialized) struct LockFileTests {
    private func take(
        _ folder: TemporaryFolder, mode: UInt32 = 0o600, timeout: Duration = .seconds(10),
        fileSystem: FileSystem = .live, _ body: (LockFile) throws -> Void = { _ in }
    ) throws {
        try NameInFolder.opening("emotions.json", in: folder.path) { dataFile in
            let lock = try LockFile.take(for: dataFile, mode: mode, timeout: timeout, fileSystem: fileSystem)
            defer { lock.release() }
            try body(lock)
        }
    }

    @Test func theFirstTakeMakesTheLockFileWithItsModeWhateverTheUmask() throws {
        let folder = try TemporaryFolder()
        // Strict enough to show the mode is set, not left to the umask; the owner keeps read and
        // write, as other tests running meanwhile in this process need.
        let previous = umask(0o077)
        defer { umask(previous) }
        try take(folder, mode: 0o660) { lock in
            #expect(lock.isNew)
            expect(lock.descriptor.path, equals: folder.file("emotions.json.lock"))
        }
        try expect(mode(folder.file("emotions.json.lock")), equals: 0o660)
        try take(folder, mode: 0o600) { lock in #expect(!lock.isNew) }
        try expect(mode(folder.file("emotions.json.lock")), equals: 0o660, "an existing lock file keeps its mode")
    }

    @Test func aLockHeldElsewhereIsWaitedForWithDoublingPausesThenTaken() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        let tries = Mutex(0)
        let pauses = Mutex<[Duration]>([])
        fileSystem.tryLock = { file throws(SystemError) in
            tries.withLock { $0 += 1; return $0 } > 3 ? try FileSystem.live.tryLock(file) : false
        }
        fileSystem.pause = { duration in pauses.withLock { $0.append(duration) } }
        try take(folder, fileSystem: fileSystem)
        expect(pauses.withLock { $0 }, equals: [.microseconds(100), .microseconds(200), .microseconds(400)])
    }

    #if os(Linux)
    /// Holds the data file's lock through an open file description of its own, as another process would.
    private func holdLock(in folder: TemporaryFolder) throws -> Int32 {
        let held = open(folder.file("emotions.json.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(held >= 0)
        expect(flock(held, LOCK_EX), equals: 0)
        return held
    }

    @Test func aProgramOwningItsProcessWaitsInTheKernelAndHasTheLockAsSoonAsItIsLetGo() throws {
        let folder = try TemporaryFolder()
        let held = try holdLock(in: folder)
        var fileSystem = FileSystem.liveOwningProcess
        let pauses = Mutex(0)
        fileSystem.pause = { _ in pauses.withLock { $0 += 1 } }
        let released = Mutex<MonotonicInstant?>(nil)
        try Thread.startDetached {
            Syscall.sleep(.milliseconds(50))
            released.withLock { $0 = MonotonicInstant.now }
            close(held)
        }
        try take(folder, fileSystem: fileSystem)
        let taken = MonotonicInstant.now
        let letGo = try #require(released.withLock { $0 })
        #expect(letGo <= taken)
        #expect(taken - letGo < .milliseconds(40), "the kernel hands the lock over at once: \(taken - letGo) after")
        expect(pauses.withLock { $0 }, equals: 0, "polled instead of waiting in flock")
    }

    /// Each waiter's timer sends SIGALRM until its wait ends: were the handler put back by one while
    /// another still waited, the other's next SIGALRM would end the process (tests run in parallel
    /// and once did).
    @Test func waitersOnSeveralThreadsAtOnceAllTimeOutAndTheProcessLivesOn() async throws {
        let folder = try TemporaryFolder()
        let held = try holdLock(in: folder)
        defer { close(held) }
        let path = folder.path
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<6 {
                group.addTask {
                    do {
                        try NameInFolder.opening("emotions.json", in: path) { dataFile in
                            let lock = try LockFile.take(
                                for: dataFile, mode: 0o600, timeout: .milliseconds(40 + 25 * index), fileSystem: .liveOwningProcess)
                            lock.release()
                        }
                        return false
                    } catch {
                        if case .lockTimeout = error as? StoreError { return true }
                        return false
                    }
                }
            }
            var all: [Bool] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        expect(outcomes, equals: Array(repeating: true, count: 6), "each waiter gives up with .lockTimeout")
        Syscall.sleep(.milliseconds(50))  // Any SIGALRM left behind would end the process by now.
    }

    @Test func aProgramOwningItsProcessGivesUpAtTheTimeoutAndPutsItsSignalHandlingBack() throws {
        let folder = try TemporaryFolder()
        let held = try holdLock(in: folder)
        defer { close(held) }
        var before = sigaction()
        sigaction(SIGALRM, nil, &before)
        var maskBefore = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &maskBefore)
        let started = MonotonicInstant.now
        #expect(throws: StoreError.self) {
            try take(folder, timeout: .milliseconds(100), fileSystem: .liveOwningProcess)
        }
        let waited = MonotonicInstant.now - started
        #expect(waited >= .milliseconds(100))
        #expect(waited < .seconds(2))
        var after = sigaction()
        sigaction(SIGALRM, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self), "SIGALRM's handler left behind")
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        expect(sigismember(&mask, SIGALRM), equals: sigismember(&maskBefore, SIGALRM), "the thread's mask was left changed")
    }

    /// A FIFO (or device) planted as the lock file is refused as soon as it is found taken, not
    /// waited for until the timeout and then blamed on its holder (75 instead of 77).
    @Test func aLockFileThatIsNoRegularFileIsRefusedEvenWhenSomeoneHoldsIt() throws {
        let folder = try TemporaryFolder()
        let lockPath = folder.file("emotions.json.lock")
        expect(mkfifo(lockPath, 0o600), equals: 0)
        let held = open(lockPath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(held >= 0)
        defer { close(held) }
        expect(flock(held, LOCK_EX), equals: 0)
        for fileSystem in [FileSystem.live, .liveOwningProcess] {
            #expect(throws: StoreError.unsafeLockFile(path: lockPath, .other)) {
                try take(folder, timeout: .milliseconds(200), fileSystem: fileSystem)
            }
        }
    }
    #endif

    @Test func aLockHeldPastTheTimeoutNamesItsHolder() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.tryLock = { _ throws(SystemError) in false }
        fileSystem.lockHolder = { _ in LockHolder(pid: 4242, command: "flock") }
        let expected = StoreError.lockTimeout(
            lockFile: folder.file("emotions.json.lock"), timeout: .milliseconds(20), holder: LockHolder(pid: 4242, command: "flock"))
        #expect(throws: expected) { try take(folder, timeout: .milliseconds(20), fileSystem: fileSystem) }
    }

    @Test func aLockFileOnlyIfPresentIsLockedWhereItIsAndNeverMadeOrOpenedAsSomethingElse() throws {
        let folder = try TemporaryFolder()
        let lockPath = folder.file("emotions.json.lock")
        func takeIfPresent() throws -> LockFile? {
            try NameInFolder.opening("emotions.json", in: folder.path) { dataFile in
                LockFile.takeIfPresent(for: dataFile, fileSystem: .live)
            }
        }
        #expect(try takeIfPresent() == nil)
        #expect(!FileManager.default.fileExists(atPath: lockPath), "no lock file is made")
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: folder.file("planted"))
        #expect(try takeIfPresent() == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("planted")))
        try FileManager.default.removeItem(atPath: lockPath)
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
        #expect(try takeIfPresent() == nil)
        try FileManager.default.removeItem(atPath: lockPath)
        // A FIFO nobody holds: left to `take`, which refuses it beside a data file, and never looks
        // at it beside a link (what the link leads to has its own lock).
        expect(mkfifo(lockPath, 0o600), equals: 0)
        #expect(try takeIfPresent() == nil)
        try FileManager.default.removeItem(atPath: lockPath)
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        let lock = try #require(try takeIfPresent())
        #expect(!lock.isNew && lock.descriptor.path == lockPath)
        // Held: another open file description of it cannot lock it, and another take is not waited for.
        let other = open(lockPath, O_RDONLY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) == -1 && errno == EWOULDBLOCK)
        let started = ContinuousClock.now
        #expect(try takeIfPresent() == nil)
        #expect(ContinuousClock.now - started < .seconds(5))
        lock.release()
        expect(flock(other, LOCK_EX | LOCK_NB), equals: 0)
        #expect(try takeIfPresent() == nil, "held by the other")
    }

    @Test func aLockFileRemovedWhileWaitingIsMadeAnewAndLocked() throws {
        let folder = try TemporaryFolder()
        let lockPath = folder.file("emotions.json.lock")
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        var fileSystem = FileSystem.live
        let removed = Mutex(false)
        fileSystem.tryLock = { file throws(SystemError) in
            // The holder we waited for failed its first save and removed the file it had made.
            let isFirst = removed.withLock { wasRemoved in
                defer { wasRemoved = true }
                return !wasRemoved
            }
            if isFirst { unlink(lockPath) }
            return try FileSystem.live.tryLock(file)
        }
        try take(folder, fileSystem: fileSystem) { lock in
            #expect(lock.isNew)
            var status = stat()
            #expect(fstat(lock.descriptor.raw, &status) == 0 && status.st_nlink == 1, "the lock held has a name")
        }
    }

    @Test func aLinkAFolderOrAFIFOIsNeverOpenedAsTheLock() throws {
        let folder = try TemporaryFolder()
        let lockPath = folder.file("emotions.json.lock")
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: folder.file("planted"))
        #expect(throws: StoreError.unsafeLockFile(path: lockPath, .symbolicLink)) { try take(folder) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("planted")))
        try FileManager.default.removeItem(atPath: lockPath)
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
        #expect(throws: StoreError.unsafeLockFile(path: lockPath, .folder)) { try take(folder) }
        try FileManager.default.removeItem(atPath: lockPath)
        expect(mkfifo(lockPath, 0o600), equals: 0)
        #expect(throws: StoreError.unsafeLockFile(path: lockPath, .other)) { try take(folder) }
    }

    @Test(arguments: [EACCES, EPERM, EROFS])
    func aLockFileWeMayOnlyReadStillLocks(code: Int32) throws {
        let folder = try TemporaryFolder()
        #expect(FileManager.default.createFile(atPath: folder.file("emotions.json.lock"), contents: nil))
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            if flags & O_ACCMODE != O_RDONLY { throw SystemError(call: "open", path: folder.path + "/" + name, errno: code) }
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        try take(folder, fileSystem: fileSystem) { lock in #expect(!lock.isNew) }
        fileSystem.openAt = { folder, name, _, _ throws(SystemError) in
            throw SystemError(call: "open", path: folder.path + "/" + name, errno: code)
        }
        #expect(throws: StoreError.cannotOpenLock(SystemError(call: "open", path: folder.file("emotions.json.lock"), errno: code))) {
            try take(folder, fileSystem: fileSystem)
        }
    }

    @Test func aLockThatCannotBeMadeBesideAFileThatIsNoTallySaysSo() throws {
        let folder = try TemporaryFolder()
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            if flags & O_CREAT != 0 { throw SystemError(call: "open", path: folder.path + "/" + name, errno: EACCES) }
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        let denied = SystemError(call: "open", path: folder.file("emotions.json.lock"), errno: EACCES)
        #expect(throws: StoreError.cannotCreate(denied)) { try take(folder, fileSystem: fileSystem) }
        let path = try folder.write("Name:\tcat\n")
        #expect {
            try take(folder, fileSystem: fileSystem)
        } throws: { error in
            guard case .unreadableDataFile(path, .invalidJSON) = error as? StoreError else { return false }
            return true
        }
    }

    @Test func removeLeavesNothingOfTheLockFile() throws {
        let folder = try TemporaryFolder()
        try take(folder) { lock in lock.remove() }
        try expect(folder.contents(), equals: [])
    }

    private func mode(_ path: String) throws -> UInt32 {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return UInt32(status.st_mode & 0o7777)
    }
}
