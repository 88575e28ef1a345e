import Foundation
import Testing

@testable import EmotionKit

/// Before appending, an update checks that the journal begins as a header does and that its end
/// follows a line's end (two small reads), unless the journal is, to the byte, the one the data
/// file's last save appended to: a synced history's, of the inode its state recorded.
@Suite struct JournalAsSavedTests {
    let folder: TemporaryFolder
    let clock = HandClock()
    /// The reads of the journal since the last `reset`, as (offset, count).
    let reads = Shared<[(offset: Int64, count: Int)]>([])

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A store on `name/emotions.json` whose reads of the journal are recorded in `reads`.
    private func store(_ name: String) throws -> TallyStore {
        try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
        var fileSystem = FileSystem.live
        let readAt = fileSystem.readAt
        let reads = self.reads
        fileSystem.readAt = { file, offset, count throws(SystemError) in
            if file.path.hasSuffix(".journal") { reads.withLock { $0.append((offset, count)) } }
            return try readAt(file, offset, count)
        }
        return clock.store(at: folder.file(name + "/emotions.json"), zone: .utc, fileSystem: fileSystem)
    }

    /// The journal reads `body` makes.
    private func readsOf(_ body: () throws -> Void) rethrows -> [(offset: Int64, count: Int)] {
        reads.withLock { $0 = [] }
        try body()
        return reads.withLock { $0 }
    }

    @Test func aTapOfAHistoryThatDoesNotSyncChecksTheJournalsHeaderAndLastLineEnd() throws {
        let store = try store("plain")
        try store.apply([.tap(.happy)], note: nil)
        let journal = try #require(FileManager.default.attributesOfItem(atPath: folder.file("plain/emotions.json.journal"))[.size] as? Int)
        let reads = try readsOf { try store.apply([.tap(.sad)], note: nil) }
        #expect(reads.map(\.offset) == [0, Int64(journal - 1)] && reads.map(\.count) == [13, 1], "\(reads)")
    }

    @Test func aTapOfASyncedHistoryReadsNothingOfAJournalAsItsLastSaveLeftIt() throws {
        let store = try store("synced")
        try FileManager.default.createDirectory(atPath: folder.file("sync"), withIntermediateDirectories: true)
        try store.sync(.folder(folder.file("sync"), name: "laptop"))
        try store.apply([.tap(.happy)], note: nil)
        #expect(try readsOf { try store.apply([.tap(.sad)], note: nil) }.isEmpty)
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .sad: 1]))
    }

    @Test func aSyncedJournalThatGrewPastItsLastSaveIsCheckedBeforeAppending() throws {
        let store = try store("grown")
        try FileManager.default.createDirectory(atPath: folder.file("sync"), withIntermediateDirectories: true)
        try store.sync(.folder(folder.file("sync"), name: "laptop"))
        try store.apply([.tap(.happy)], note: nil)
        // A line torn off by a crash: the journal no longer ends where the data file says.
        let journal = folder.file("grown/emotions.json.journal")
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"01KAT8"#.utf8))
        try handle.close()
        #expect(try !readsOf { try store.apply([.tap(.sad)], note: nil) }.isEmpty)
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .sad: 1]))
    }
}
