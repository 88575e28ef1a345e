@testable import EmotionKit
import Foundation
import Testing

/// The sync folder's files: opening the folder safely, listing, reading whole lines, appending to our own file.
@Suite struct SyncFolderTests {
    private static let ours = "01KAT8FW5X6N3X9R2T4K7M1P0Z"
    private static let theirs = "01KAT9AAAAAAAAAAAAAAAAAAAA"

    private func history(_ text: String = ours) throws -> HistoryID {
        try #require(HistoryID(text: text))
    }

    private func open(_ path: String, dataFileStatus: FileStatus? = nil) throws -> SyncFolder {
        try SyncFolder(opening: path, dataFileStatus: dataFileStatus)
    }

    private func entry(_ folder: SyncFolder, _ name: String) throws -> SyncFolder.Entry {
        try #require(try folder.entries().files.first { $0.name == name })
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Opening

    @Test func aMissingFolderIsATypedErrorNamingIt() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("Sync/emotions")
        #expect(throws: SyncFolderError.missing(path: path)) { try open(path) }
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let temporary = try TemporaryFolder()
        let path = try temporary.write("x", to: "Sync")
        #expect(throws: SyncFolderError.notAFolder(path: path, .regularFile)) { try open(path) }
    }

    @Test func ourOwnLinkToTheFolderIsFollowed() throws {
        let temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: temporary.file("Sync"), withDestinationPath: "real")
        let folder = try open(temporary.file("Sync"))
        _ = try folder.append(Array("a\n".utf8), to: history(), expectedSize: 0)
        expect(temporary.bytes(of: temporary.file("real/\(Self.ours).jsonl")), equals: Data("a\n".utf8))
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a link to another user"))
    func aLinkAnotherUserPlantedAsTheFolderIsNotFollowed() throws {
        let temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("elsewhere"), withIntermediateDirectories: false)
        let link = temporary.file("Sync")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere")
        expect(lchown(link, 65534, 65534), equals: 0)
        #expect(throws: SyncFolderError.foreignLink(path: link, owner: 65534)) { try open(link) }
        #expect(try temporary.contents(of: temporary.file("elsewhere")).isEmpty)
    }

    @Test(.enabled(if: geteuid() == 0, "root's own rule"))
    func rootUsesNoSyncFolderAnotherUserOwns() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("Sync")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        expect(chown(path, 65534, 65534), equals: 0)
        #expect(throws: SyncFolderError.foreignFolder(path: path, owner: 65534)) { try open(path) }
    }

    // MARK: - Appending

    @Test func theFirstAppendMakesOurFileMode0600AndLaterOnesAddToItsEnd() throws {
        let temporary = try TemporaryFolder()
        let folder = try open(temporary.path)
        let first = try folder.append(Array("one\n".utf8), to: history(), expectedSize: 0)
        let second = try folder.append(Array("two\nthree\n".utf8), to: history(), expectedSize: first)
        #expect((first, second) == (4, 14))
        let path = temporary.file(Self.ours + ".jsonl")
        expect(temporary.bytes(of: path), equals: Data("one\ntwo\nthree\n".utf8))
        var status = stat()
        expect(stat(path, &status), equals: 0)
        expect(status.st_mode & 0o7777, equals: 0o600)
        expect(status.st_uid, equals: geteuid())
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func asRootOurFileIsGivenToTheDataFilesOwner() throws {
        let temporary = try TemporaryFolder()
        let dataFile = FileStatus(permissions: 0o640, owner: 65534, group: 65534)
        let folder = try open(temporary.path, dataFileStatus: dataFile)
        let size = try folder.append(Array("one\n".utf8), to: history(), expectedSize: 0)
        _ = try folder.append(Array("two\n".utf8), to: history(), expectedSize: size)
        var status = stat()
        expect(stat(temporary.file(Self.ours + ".jsonl"), &status), equals: 0)
        #expect((status.st_uid, status.st_gid, status.st_mode & 0o7777) == (65534, 65534, 0o600), "the data file's owner, but 0600")
    }

    @Test func aFileNotTheSizeWeLeftItAtIsNotWrittenTo() throws {
        let temporary = try TemporaryFolder()
        let folder = try open(temporary.path)
        let path = try temporary.write("one\ntwo\n", to: Self.ours + ".jsonl")
        #expect(throws: SyncFolderError.sizeMismatch(path: path, expected: 12, actual: 8), "rolled back: shorter") {
            try folder.append(Array("three\n".utf8), to: history(), expectedSize: 12)
        }
        #expect(throws: SyncFolderError.sizeMismatch(path: path, expected: 4, actual: 8), "written by someone else: longer") {
            try folder.append(Array("three\n".utf8), to: history(), expectedSize: 4)
        }
        expect(temporary.bytes(of: path), equals: Data("one\ntwo\n".utf8))
    }

    @Test func aMissingFileIsMadeOnlyWhenExpectedEmpty() throws {
        let temporary = try TemporaryFolder()
        let folder = try open(temporary.path)
        let path = temporary.file(Self.ours + ".jsonl")
        #expect(throws: SyncFolderError.sizeMismatch(path: path, expected: 8, actual: 0)) {
            try folder.append(Array("three\n".utf8), to: history(), expectedSize: 8)
        }
        expect(temporary.bytes(of: path), equals: nil, "lost: the caller sends everything again, from 0")
    }

    @Test func aLinkPlantedAsOurFileIsNotFollowed() throws {
        let temporary = try TemporaryFolder()
        let target = try temporary.write("precious\n", to: "target")
        let link = temporary.file(Self.ours + ".jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let folder = try open(temporary.path)
        #expect(throws: SyncFolderError.notARegularFile(path: link, .symbolicLink)) {
            try folder.append(Array("x\n".utf8), to: history(), expectedSize: 9)
        }
        #expect(throws: SyncFolderError.notARegularFile(path: link, .symbolicLink)) {
            try folder.append(Array("x\n".utf8), to: history(), expectedSize: 0)
        }
        expect(temporary.bytes(of: target), equals: Data("precious\n".utf8))
        #expect(
            try folder.entries()
                == SyncFolder.Listing(files: [], skipped: [.notARegularFile(path: link, .symbolicLink)], names: [Self.ours + ".jsonl"]))
    }

    @Test func theSizeAnAppendReturnsIsOursSoBytesAnotherWriterSlippedInAreFoundNextTime() throws {
        let temporary = try TemporaryFolder()
        var fileSystem = FileSystem.live
        let live = FileSystem.live
        // Another writer (a copy of this history) appends between our size check and our write.
        fileSystem.write = { file, bytes throws(SystemError) in
            try live.write(file, Array("theirs\n".utf8))
            try live.write(file, bytes)
        }
        let folder = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: fileSystem)
        let path = temporary.file(Self.ours + ".jsonl")
        let size = try folder.append(Array("mine\n".utf8), to: history(), expectedSize: 0)
        expect(size, equals: 5, "what this history wrote, not the file's size after")
        #expect(throws: SyncFolderError.sizeMismatch(path: path, expected: 5, actual: 12)) {
            try SyncFolder(opening: temporary.path, dataFileStatus: nil).append([], to: history(), expectedSize: size)
        }
    }

    @Test func openingTheFolderOpensEachNameOnItsPathOnceAndLooksAtNoFileInIt() throws {
        let temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("a/b"), withIntermediateDirectories: true)
        let opened = OpenedNames()
        var fileSystem = FileSystem.live
        let live = FileSystem.live
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            opened.add(name)
            return try live.openAt(folder, name, flags, mode)
        }
        let folder = try SyncFolder(opening: temporary.file("a/b"), dataFileStatus: nil, fileSystem: fileSystem)
        // Where the kernel can tell that no link is on the way (`openat2`), the folder is opened in one call.
        let inOneCall = FileSystem.live.openFolderWithoutLinks.flatMap { $0("/", true) }.map { live.close($0) } != nil
        expect(opened.names, equals: (inOneCall ? [] : temporary.path.split(separator: "/").map(String.init) + ["a", "b"]))
        expect(folder.status.kind, equals: .folder)
        try temporary.write("y\n", to: "a/b/" + Self.theirs + ".jsonl")
        try temporary.write("z\n", to: "a/b/" + Self.ours + ".jsonl")
        let listing = try folder.entries(leavingOut: Self.ours + ".jsonl")
        expect(listing.files.map(\.name), equals: [Self.theirs + ".jsonl"])
        expect(listing.files.map(\.size), equals: [2])
        #expect(listing.holdsLeftOut, "the name left out is there, not looked at")
        #expect(try !folder.entries(leavingOut: Self.ours + ".x").holdsLeftOut)
        expect(opened.names.filter { $0.hasSuffix(".jsonl") }, equals: [], "each file is looked at where it is, not opened")
    }

    // MARK: - Listing

    @Test func aFolderOpenedInOneCallIsListedThroughItsOwnDescriptorFirstAndAFreshOneAfter() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        let listings = OpenedNames()
        let live = FileSystem.live
        let fileSystem = Self.recordingListings(in: listings, as: "own descriptor", through: "through")
        let folder = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: fileSystem)
        try expect(folder.entries().names, equals: [Self.theirs + ".jsonl"])
        try temporary.write("b\n", to: Self.ours + ".jsonl")
        try expect(folder.entries().names, equals: [Self.ours + ".jsonl", Self.theirs + ".jsonl"], "listed from the start again")
        let inOneCall = live.openFolderWithoutLinks.flatMap { $0("/", true) }.map { live.close($0) } != nil
        expect(listings.names, equals: (inOneCall && live.entriesThrough != nil ? ["through", "own descriptor"] : ["own descriptor", "own descriptor"]))
    }

    @Test func namesListedBeforeAreLookedAtWithoutReadingTheFolderWhileItsTimeHolds() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        try temporary.write("b\n", to: Self.ours + ".jsonl")
        let listings = OpenedNames()
        let fileSystem = Self.recordingListings(in: listings, as: "listed", through: nil)
        let folder = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: fileSystem)
        let first = try folder.entries(leavingOut: Self.ours + ".jsonl")
        let listed = ListedNames(names: first.names, in: folder.status)
        #expect(listed.stillHold(in: folder.status))
        // Grown in place since: looked at by name, its new size found, the folder not read.
        try SyncFolderTests.append("c\n", to: temporary.file(Self.theirs + ".jsonl"))
        let again = try folder.entries(leavingOut: Self.ours + ".jsonl", listed: listed)
        expect(listings.names, equals: ["listed"])
        #expect(again.files.map(\.name) == [Self.theirs + ".jsonl"] && again.files.map(\.size) == [4] && again.holdsLeftOut)
        expect(again.names, equals: first.names)
        // Another time, or another folder: the folder is read.
        var moved = listed
        moved.nanoseconds = (moved.nanoseconds + 1) % 1_000_000_000
        _ = try folder.entries(listed: moved)
        var other = listed
        other.folder = FileIdentity(device: listed.folder.device, inode: listed.folder.inode + 1)
        _ = try folder.entries(listed: other)
        expect(listings.names, equals: ["listed", "listed", "listed"])
    }

    /// rsync -t, unison and the like set a folder's modification time to another copy's after making
    /// names in it; the time it then shows may be the very one listed. Its change time moves all the same.
    @Test func aNameMadeInTheFolderIsFoundThoughItsModificationTimeWasSetBack() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        let first = try open(temporary.path)
        let listed = ListedNames(names: try first.entries().names, in: first.status)
        try temporary.write("b\n", to: Self.ours + ".jsonl")
        let modified = first.status.modified.components
        var times = [
            timespec(tv_sec: Int(modified.seconds), tv_nsec: Int(modified.attoseconds / 1_000_000_000)),
            timespec(tv_sec: Int(modified.seconds), tv_nsec: Int(modified.attoseconds / 1_000_000_000)),
        ]
        expect(utimensat(AT_FDCWD, temporary.path, &times, 0), equals: 0)
        let again = try open(temporary.path)
        expect(again.status.modified, equals: first.status.modified, "the time set back, as a sync tool sets it")
        try expect(again.entries(listed: listed).names, equals: [Self.ours + ".jsonl", Self.theirs + ".jsonl"])
    }

    @Test func onlyASettledTimeOnALocalFileSystemIsKeptAsThePromiseOfTheNames() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        try temporary.write("x", to: "notes.txt")
        var local = FileSystem.live
        local.isOnLocalFileSystem = { _ in true }
        // Changed just now: a name made in the same tick of a coarse clock would leave the time as it is.
        let fresh = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: local)
        expect(fresh.settledNames(of: try fresh.entries()), equals: nil)
        // Its modification time set back, as a sync tool sets it: its change time is now's.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3)], ofItemAtPath: temporary.path)
        let setBack = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: local)
        expect(setBack.settledNames(of: try setBack.entries()), equals: nil)
        // Both times 3 s old.
        let live = FileSystem.live
        local.status = { file throws(SystemError) in
            var status = try live.status(file)
            status.changed = status.changed - .seconds(3)
            return status
        }
        let settled = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: local)
        let kept = try #require(settled.settledNames(of: try settled.entries()))
        expect(kept.names, equals: [Self.theirs + ".jsonl"], "names of ours only")
        #expect(kept.stillHold(in: settled.status) && kept.folder == settled.status.identity)
        var remote = local
        remote.isOnLocalFileSystem = { _ in false }
        let elsewhere = try SyncFolder(opening: temporary.path, dataFileStatus: nil, fileSystem: remote)
        expect(elsewhere.settledNames(of: try elsewhere.entries()), equals: nil, "a server's clock, or a program's word")
    }

    @Test func theListingHoldsTheHistoriesFilesAndCopiesByNameAndNothingElse() throws {
        let temporary = try TemporaryFolder()
        let copy = Self.theirs + ".sync-conflict-20261126-141500-ABCDEFG.jsonl"
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        try temporary.write("a\nb\n", to: copy)
        try temporary.write("x", to: ".syncthing." + Self.ours + ".jsonl.tmp")
        try temporary.write("x", to: "notes.txt")
        try FileManager.default.createDirectory(atPath: temporary.file(".stfolder"), withIntermediateDirectories: false)
        let folder = try open(temporary.path)
        _ = try folder.append(Array("mine\n".utf8), to: history(), expectedSize: 0)
        let listing = try folder.entries()
        expect(listing.skipped, equals: [])
        expect(listing.files.map(\.name), equals: [Self.ours + ".jsonl", Self.theirs + ".jsonl", copy])
        let (mine, their) = (try history(), try history(Self.theirs))
        expect(listing.files.map(\.kind), equals: [.history(mine), .history(their), .conflictCopy(of: their)])
        expect(listing.files.map(\.size), equals: [5, 2, 4])
        var status = stat()
        expect(stat(temporary.file(copy), &status), equals: 0)
        let copyEntry = listing.files[2]
        expect(copyEntry.identity.inode, equals: UInt64(status.st_ino))
        expect(copyEntry.modified, equals: .seconds(Int64(status.st_mtim.tv_sec)) + .nanoseconds(Int64(status.st_mtim.tv_nsec)))
        #expect(copyEntry.modified > .seconds(Int64(Date().timeIntervalSince1970) - 60))
    }

    @Test func aFIFOInPlaceOfAFileIsSkippedWithoutBlocking() throws {
        let temporary = try TemporaryFolder()
        let fifo = temporary.file(Self.theirs + ".jsonl")
        let ours = temporary.file(Self.ours + ".jsonl")
        expect(mkfifo(fifo, 0o600), equals: 0)
        expect(mkfifo(ours, 0o600), equals: 0)
        let folder = try open(temporary.path)
        try expect(folder.entries().skipped, equals: [.notARegularFile(path: ours, .other), .notARegularFile(path: fifo, .other)])
        let listed = SyncFolder.Entry(
            name: Self.theirs + ".jsonl", kind: .history(try history(Self.theirs)), size: 0,
            identity: FileIdentity(device: 0, inode: 0), modified: .zero)
        #expect(throws: SyncFolderError.notARegularFile(path: fifo, .other)) { try folder.read(listed, from: 0, limit: 100) }
        #expect(throws: SyncFolderError.notARegularFile(path: ours, .other)) {
            try folder.append(Array("x\n".utf8), to: history(), expectedSize: 0)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func aFileAnotherUserOwnsIsSkippedAndNeverRead() throws {
        let temporary = try TemporaryFolder()
        let path = try temporary.write("a\n", to: Self.theirs + ".jsonl")
        expect(chown(path, 65534, 65534), equals: 0)
        let folder = try open(temporary.path)
        #expect(
            try folder.entries()
                == SyncFolder.Listing(files: [], skipped: [.foreignFile(path: path, owner: 65534)], names: [Self.theirs + ".jsonl"]))
    }

    // MARK: - Reading

    @Test func aHalfDeliveredLastLineIsLeftForLater() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("{\"a\":1}\n{\"b\":2}\n{\"c\"", to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        let first = try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: 0, limit: 1 << 20)
        expect(text(first.bytes), equals: "{\"a\":1}\n{\"b\":2}\n")
        expect(first.end, equals: 16)
        let nothingYet = try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: first.end, limit: 1 << 20)
        #expect(nothingYet.bytes.isEmpty && nothingYet.end == 16)
        try temporary.write("{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n", to: Self.theirs + ".jsonl")
        let rest = try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: first.end, limit: 1 << 20)
        expect(text(rest.bytes), equals: "{\"c\":3}\n")
        expect(rest.end, equals: 24)
    }

    @Test func aLargeFileIsReadInPiecesOfAtMostTheLimitEachEndingAtALineBreak() throws {
        let temporary = try TemporaryFolder()
        let lines = (0..<1000).map { "{\"seq\":\($0)}\n" }
        try temporary.write(lines.joined(), to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        let listed = try entry(folder, Self.theirs + ".jsonl")
        var offset: Int64 = 0
        var read = ""
        var pieces = 0
        while true {
            let piece = try folder.read(listed, from: offset, limit: 100)
            if piece.bytes.isEmpty { break }
            #expect(piece.bytes.count <= 100)
            expect(piece.bytes.last, equals: UInt8(ascii: "\n"))
            read += text(piece.bytes)
            offset = piece.end
            pieces += 1
        }
        expect(read, equals: lines.joined())
        #expect(pieces > 100)
    }

    @Test func readingStartsAtTheOffsetGiven() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("one\ntwo\nthree\n", to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        let piece = try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: 4, limit: 1000)
        expect(text(piece.bytes), equals: "two\nthree\n")
        expect(piece.end, equals: 14)
    }

    @Test func aLineLongerThanTheLimitIsATypedErrorNotAStall() throws {
        let temporary = try TemporaryFolder()
        let path = try temporary.write(String(repeating: "x", count: 200) + "\n", to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        #expect(throws: SyncFolderError.lineTooLong(path: path, offset: 0, limit: 100)) {
            try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: 0, limit: 100)
        }
    }

    @Test func aFileShorterThanWhatWasReadIsATypedError() throws {
        let temporary = try TemporaryFolder()
        let path = try temporary.write("one\n", to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        #expect(throws: SyncFolderError.shorterThanRead(path: path, size: 4, offset: 8)) {
            try folder.read(try entry(folder, Self.theirs + ".jsonl"), from: 8, limit: 100)
        }
    }

    @Test func aLinkAnotherFileWasSwappedInForIsNotReadThrough() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("a\n", to: Self.theirs + ".jsonl")
        let folder = try open(temporary.path)
        let listed = try entry(folder, Self.theirs + ".jsonl")
        let path = temporary.file(Self.theirs + ".jsonl")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
        #expect(throws: SyncFolderError.notARegularFile(path: path, .symbolicLink)) { try folder.read(listed, from: 0, limit: 100) }
    }
}

/// The names a test's file system was asked to open, in order.
extension SyncFolderTests {
    /// The live file system, its folder listings recorded in `listings`: as `name` through a descriptor
    /// of their own, as `through` through the folder's (none at all if `through` is `nil`).
    fileprivate static func recordingListings(in listings: OpenedNames, as name: String, through: String?) -> FileSystem {
        var fileSystem = FileSystem.live
        let live = FileSystem.live
        fileSystem.entries = { folder in
            listings.add(name)
            return live.entries(folder)
        }
        fileSystem.entriesThrough = nil
        if let through, let readThrough = live.entriesThrough {
            fileSystem.entriesThrough = { folder in
                listings.add(through)
                return readThrough(folder)
            }
        }
        return fileSystem
    }

    /// Appends `text` to the file at `path`, in place.
    fileprivate static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

private final class OpenedNames: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String] = []

    func add(_ name: String) {
        lock.withLock { opened.append(name) }
    }

    var names: [String] { lock.withLock { opened } }
}
