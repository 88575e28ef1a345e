import Foundation
import Testing

@testable import EmotionKit

/// `QuickCounts`: the counts `stats --json` prints, read with no collection made, the same as the
/// store reads them where it answers, and `nil` (the store reads) wherever anything is unusual.
@Suite struct QuickCountsTests {
    let folder: TemporaryFolder
    let clock = HandClock()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `QuickCounts.read(path:)` of `path`.
    private func quick(_ path: String) -> FiveCounts? {
        Array(path.utf8).withUnsafeBufferPointer { QuickCounts.read(path: $0) }
    }

    /// A store on `emotions.json` in the folder, after `taps` taps of happy and one add of 3 sad.
    private func storeAfterChanges(taps: Int = 2) throws -> (store: TallyStore, path: String) {
        let path = folder.file("emotions.json")
        let store = clock.store(at: path, zone: .utc)
        for _ in 0..<taps { try store.apply(.tap(.happy)) }
        try store.apply(.add(3, to: .sad))
        return (store, path)
    }

    /// The canonical form of a data file with these counts and nothing else, as a version-1 save writes it.
    private func plainFile(happy: Int, sad: Int) -> String {
        "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": \(happy),\n    \"smile\": 0,\n    \"neutral\": 0,\n"
            + "    \"upset\": 0,\n    \"sad\": \(sad)\n  }\n}\n"
    }

    @Test func aFileTheStoreSavedIsReadAsTheStoreReadsIt() throws {
        let (store, path) = try storeAfterChanges()
        let counts = try #require(quick(path))
        expect(counts, equals: FiveCounts(try store.read()))
        expect(counts, equals: FiveCounts(happy: 2, smile: 0, neutral: 0, upset: 0, sad: 3))
        expect(counts.total, equals: 5)
    }

    @Test func aFileWithNoJournalPositionAndNoJournalIsReadAlone() throws {
        let path = try folder.write(plainFile(happy: 4, sad: 999_999_999_999_999_999))
        expect(quick(path), equals: FiveCounts(happy: 4, smile: 0, neutral: 0, upset: 0, sad: 999_999_999_999_999_999))
        expect(quick(path), equals: FiveCounts(try TallyStore(path: path).read()))
    }

    @Test func aJournalPastTheRecordedPositionIsLeftToTheStore() throws {
        let (store, path) = try storeAfterChanges()
        let saved = try #require(folder.bytes(of: path))
        try store.apply(.tap(.smile))
        try saved.write(to: URL(fileURLWithPath: path))  // The data file from before the last tap: the journal is ahead.
        #expect(quick(path) == nil)
        expect(try store.read()[.smile], equals: 1, "the store rolls the journal forward")
    }

    @Test func aJournalShorterThanTheRecordedPositionIsLeftToTheStore() throws {
        let (_, path) = try storeAfterChanges()
        let journal = path + ".journal"
        let bytes = try #require(folder.bytes(of: journal))
        try bytes.dropLast().write(to: URL(fileURLWithPath: journal))
        #expect(quick(path) == nil)
    }

    @Test func aJournalBesideAFileThatRecordsNoPositionIsLeftToTheStore() throws {
        let (_, path) = try storeAfterChanges()
        try folder.replace(plainFile(happy: 1, sad: 0))
        #expect(FileManager.default.fileExists(atPath: path + ".journal"))
        #expect(quick(path) == nil)
    }

    @Test func aRecordedPositionWithNoJournalIsLeftToTheStore() throws {
        let (_, path) = try storeAfterChanges()
        try FileManager.default.removeItem(atPath: path + ".journal")
        #expect(quick(path) == nil)
    }

    @Test func aJournalThatIsALinkIsLeftToTheStore() throws {
        let (_, path) = try storeAfterChanges()
        let journal = path + ".journal"
        try FileManager.default.moveItem(atPath: journal, toPath: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: folder.file("elsewhere"))
        #expect(quick(path) == nil)
    }

    @Test func aDataFileInAnyOtherFormIsLeftToTheParser() throws {
        for text in [
            plainFile(happy: 1, sad: 0).replacingOccurrences(of: "  \"counts\"", with: " \"counts\""),
            "{\"version\": 1, \"counts\": {\"happy\": 1}}\n", "", "\0\0\0\0", "{}",
            plainFile(happy: 1, sad: 0) + " ",
        ] {
            let path = try folder.write(text)
            #expect(quick(path) == nil, "\(text.debugDescription)")
        }
    }

    @Test func aDataFileOver4KiBIsLeftToTheStore() throws {
        let padded = plainFile(happy: 1, sad: 0).replacingOccurrences(
            of: "\"version\": 1", with: "\"version\": 1" + String(repeating: " ", count: 4096))
        let path = try folder.write(padded)
        #expect(quick(path) == nil)
    }

    @Test func noDataFileIsLeftToTheStore() {
        #expect(quick(folder.file("emotions.json")) == nil)
        #expect(quick(folder.file("missing/emotions.json")) == nil)
    }

    @Test func aLinkAtTheDataFilesNameOrOnTheWayIsLeftToTheStore() throws {
        let (_, path) = try storeAfterChanges()
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: path)
        #expect(quick(folder.file("link.json")) == nil)
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: folder.path)
        #expect(quick(folder.file("linked/emotions.json")) == nil)
        #expect(quick(path) != nil, "the file itself, reached without a link")
    }

    @Test func aDataFileThatIsNotARegularFileIsLeftToTheStore() throws {
        let fifo = folder.file("fifo.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(quick(fifo) == nil)
        try FileManager.default.createDirectory(atPath: folder.file("folder.json"), withIntermediateDirectories: false)
        #expect(quick(folder.file("folder.json")) == nil)
    }

    @Test func aFIFOAtTheDataFilesNameIsNotOpened() async throws {
        // Opening it would release a writer waiting on it: whoever planted it would learn we ran.
        let fifo = folder.file("fifo.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let released = Shared(false)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            released.withLock { $0 = true }
            if descriptor >= 0 { close(descriptor) }
        }
        writer.start()
        try await Task.sleep(for: .milliseconds(200))  // Time for the writer to wait in `open`.
        #expect(quick(fifo) == nil)
        try await Task.sleep(for: .milliseconds(200))
        #expect(!released.withLock { $0 }, "the writer was released: the FIFO was opened")
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)  // Releases the writer, if still waiting, so the thread ends.
        while !released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        close(reader)
    }

    @Test func asRootAHardLinkedDataFileIsLeftToTheStore() throws {
        let path = try folder.write(plainFile(happy: 1, sad: 0))
        try FileManager.default.linkItem(atPath: path, toPath: folder.file("second-name"))
        // Root must not read a file with another name (DataFileReader); anyone else may.
        #expect((quick(path) == nil) == (Syscall.effectiveUser == 0))
    }

    @Test func pathsWithAnEmptyDotOrDotDotNameOrNotAbsoluteAreLeftToTheWalk() throws {
        let (_, path) = try storeAfterChanges()
        let name = "emotions.json"
        for odd in [
            folder.path + "//" + name, folder.path + "/./" + name, folder.path + "/../" + URL(fileURLWithPath: folder.path).lastPathComponent + "/" + name,
            path + "/", path + "/.", "emotions.json", "./emotions.json", "/" + folder.path + "/" + name,
        ] {
            #expect(quick(odd) == nil, "\(odd)")
        }
    }

    @Test func aPlainPathsFolderAndNameAreThePathWalksOwn() {
        for path in ["/a", "/a/b", "/tmp/x/emotions.json", "/a/b/c.d", "/a/.hidden/..e"] {
            let slash = Array(path.utf8).withUnsafeBufferPointer { QuickCounts.lastSlashOfPlainPath($0) }
            let split = PathWalk.folderAndName(of: path)
            let bytes = Array(path.utf8)
            let folder = String(decoding: bytes[..<max(slash ?? 0, 1)], as: UTF8.self)
            let name = String(decoding: bytes[((slash ?? 0) + 1)...], as: UTF8.self)
            expect(split?.folder, equals: folder, "\(path)")
            expect(split?.name, equals: name, "\(path)")
        }
        for path in ["", "/", "a/b", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "//a"] {
            #expect(Array(path.utf8).withUnsafeBufferPointer { QuickCounts.lastSlashOfPlainPath($0) } == nil, "\(path)")
        }
    }
}

extension FiveCounts {
    /// `tally`'s counts, to compare with the store's reading.
    init(_ tally: Tally) {
        self.init(
            happy: Int64(tally[.happy]), smile: Int64(tally[.smile]), neutral: Int64(tally[.neutral]),
            upset: Int64(tally[.upset]), sad: Int64(tally[.sad]))
    }
}
