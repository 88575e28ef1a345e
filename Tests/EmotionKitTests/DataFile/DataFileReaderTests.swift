import Foundation
import Testing
@testable import EmotionKit

/// The one reader of the data file, alone: what it opens, what it refuses, what it tells.
struct DataFileReaderTests {
    private func read(
        _ folder: TemporaryFolder, forWriting: Bool = false, fileSystem: FileSystem = .live
    ) throws -> DataFileSnapshot? {
        try NameInFolder.opening("emotions.json", in: folder.path) { dataFile in
            try DataFileReader(fileSystem: fileSystem).read(dataFile, forWriting: forWriting)
        }
    }

    @Test func aMissingFileIsNone() throws {
        let folder = try TemporaryFolder()
        #expect(try read(folder) == nil)
        #expect(try read(folder, forWriting: true) == nil)
        try expect(folder.contents(), equals: [], "reading created something")
    }

    @Test func itTellsTheDocumentTheBytesAndTheStatus() throws {
        let folder = try TemporaryFolder()
        let text = #"{"version": 1, "counts": {"happy": 2}, "x": 1}"#
        let path = try folder.write(text)
        expect(chmod(path, 0o640), equals: 0)
        let snapshot = try #require(try read(folder, forWriting: true))
        expect(snapshot.document.tally[.happy], equals: 2)
        expect(snapshot.bytes, equals: Array(text.utf8))
        expect(snapshot.status?.permissions, equals: 0o640)
        expect(snapshot.status?.owner, equals: UInt32(geteuid()))
        expect(snapshot.writeRefusal, equals: nil)
    }

    @Test(arguments: [EACCES, EPERM, EROFS, ETXTBSY])
    func aFileThatMayNotBeWrittenIsReadWithTheReasonWhy(code: Int32) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {"sad": 3}}"#)
        var fileSystem = FileSystem.live
        // As the system would answer a user without write permission (the file is opened for reading only).
        fileSystem.checkWritable = { folder, name, _ throws(SystemError) in
            throw SystemError(call: "open", path: folder.path + "/" + name, errno: code)
        }
        let snapshot = try #require(try read(folder, forWriting: true, fileSystem: fileSystem))
        expect(snapshot.writeRefusal, equals: SystemError(call: "open", path: path, errno: code))
        expect(snapshot.document.tally[.sad], equals: 3)
        try expect(read(folder, fileSystem: fileSystem)?.writeRefusal, equals: nil, "read only, nothing is refused")
    }

    @Test func theOwnersWriteBitSaysWhetherTheOwnerMayWriteAndRootMayWriteAll() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}")
        try NameInFolder.opening("emotions.json", in: folder.path) { dataFile in
            let owner: UInt32 = 4321
            let readOnly = FileStatus(permissions: 0o444, owner: owner, group: 0)
            #expect(throws: SystemError(call: "open", path: folder.path + "/emotions.json", errno: EACCES)) {
                try FileSystem.checkWritable("emotions.json", in: dataFile.folder, readOnly, by: owner)
            }
            try FileSystem.checkWritable("emotions.json", in: dataFile.folder, FileStatus(permissions: 0o200, owner: owner, group: 0), by: owner)
            try FileSystem.checkWritable("emotions.json", in: dataFile.folder, readOnly, by: 0)
            // Anyone else is asked of the system: a name that is not there cannot be written.
            #expect(throws: SystemError.self) {
                try FileSystem.checkWritable("missing.json", in: dataFile.folder, readOnly, by: owner + 1)
            }
        }
    }

    /// `chattr +i` or `+a` stops even root from replacing the file, and no permission bit says so:
    /// the update is refused before anything is written, the journal included, as it was when the
    /// file was opened for writing to find out.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")), arguments: ["i", "a"])
    func aFileMadeImmutableOrAppendOnlyMayNotBeWrittenEvenByRoot(flag: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {"sad": 3}}"#)
        try #require(try chattr("+" + flag, path), "the file system keeps no such flag")
        defer { _ = try? chattr("-" + flag, path) }
        let snapshot = try #require(try read(folder, forWriting: true))
        expect(snapshot.writeRefusal, equals: SystemError(call: "open", path: path, errno: EPERM))
        expect(snapshot.document.tally[.sad], equals: 3)
    }

    /// Runs `chattr change path`; whether it succeeded.
    private func chattr(_ change: String, _ path: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [change, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func anUpdateOpensTheDataFileForReadingOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"counts": {"sad": 3}}"#)
        let opened = OpenedFlags()
        var fileSystem = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            if name == "emotions.json" { opened.record(flags) }
            return try FileSystem.live.openAt(folder, name, flags, mode)
        }
        _ = try read(folder, forWriting: true, fileSystem: fileSystem)
        expect(opened.all.count, equals: 1)
        #expect(opened.all.allSatisfy { $0 & O_ACCMODE == O_RDONLY }, "opened for writing: every watcher would wake when it closes")
    }

    @Test func anyOtherFailureToOpenOrReadIsAnInputOutputError() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {}}"#)
        var cannotOpen = FileSystem.live
        cannotOpen.openAt = { _, _, _, _ throws(SystemError) in throw SystemError(call: "open", path: path, errno: EIO) }
        #expect(throws: StoreError.inputOutput(SystemError(call: "open", path: path, errno: EIO))) {
            try read(folder, forWriting: true, fileSystem: cannotOpen)
        }
        var cannotRead = FileSystem.live
        cannotRead.read = { file, _ throws(SystemError) in throw SystemError(call: "read", path: file.path, errno: EIO) }
        #expect(throws: StoreError.inputOutput(SystemError(call: "read", path: path, errno: EIO))) {
            try read(folder, fileSystem: cannotRead)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        expect(mkfifo(folder.file("emotions.json"), 0o600), equals: 0)
        #expect(throws: StoreError.unreadableDataFile(path: folder.file("emotions.json"), .notARegularFile(.other))) {
            try read(folder)
        }
    }

    @Test func aFileThatIsNoTallyIsUnreadableAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"version": 2}"#)
        #expect(throws: StoreError.unreadableDataFile(path: path, .newerVersion("2"))) { try read(folder) }
        try folder.write(String(repeating: " ", count: TallyDocument.sizeLimit + 1))
        #expect(throws: StoreError.unreadableDataFile(path: path, .tooLarge(limit: TallyDocument.sizeLimit))) {
            try read(folder)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func rootReadsNoFileWithAnotherName() throws {
        let folder = try TemporaryFolder()
        let secret = try folder.write("root:$6$secret\n", to: "shadow")
        expect(link(secret, folder.file("emotions.json")), equals: 0)
        #expect(throws: StoreError.hardLinkedFile(path: folder.file("emotions.json"), links: 2)) { try read(folder) }
    }
}

/// The flags a file was opened with, from any thread.
private final class OpenedFlags: @unchecked Sendable {  // `flags` is only touched under `lock`.
    private let lock = NSLock()
    private var flags: [Int32] = []

    func record(_ opened: Int32) { lock.withLock { flags.append(opened) } }
    var all: [Int32] { lock.withLock { flags } }
}
