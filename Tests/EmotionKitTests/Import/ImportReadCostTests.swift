@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// What reading the end of a history costs right after an import: the bytes of the journal read,
/// counted through the file system seam, not timed.
@Suite struct ImportReadCostTests {
    typealias L = ImportLines

    let folder: TemporaryFolder
    let path: String
    /// Bytes read from the journal since the count was last set to zero.
    let journalBytesRead = ByteCount()
    /// 2026-11-18T11:06:40Z.
    static let now: Int64 = 1_795_000_000_000
    /// How many changes the imported file holds: a journal of some 800 KB, a dozen 64 KiB chunks.
    static let imported = 5000

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    func store() -> TallyStore {
        var fileSystem = FileSystem.live
        let counter = journalBytesRead
        let readAt = fileSystem.readAt
        fileSystem.readAt = { file, offset, count throws(SystemError) in
            let bytes = try readAt(file, offset, count)
            if file.path.hasSuffix(".journal") { counter.value.withLock { $0 += bytes.count } }
            return bytes
        }
        return TallyStore(path: path, fileSystem: fileSystem, clock: { Instant(millisecondsSinceEpoch: Self.now) }, zone: .fixed(secondsEast: 0))
    }

    /// The lines of an export of `imported` taps of happy, one an hour, the last an hour before now.
    static let exportLines: [String] = (1...imported).map { number in
        let hour: Int64 = 3_600_000
        let at = (try? Timestamp(millisecondsSinceEpoch: now - Int64(imported - number + 1) * hour, offsetSeconds: 0))?.rfc3339 ?? ""
        return L.line(number, "tap", "happy", number - 1, number, at: at)
    }

    /// That export, read.
    static func export() throws -> ImportBatch { try L.batch(exportLines) }

    /// The journal bytes `body` reads.
    func bytesRead(_ body: () throws -> Void) rethrows -> Int {
        journalBytesRead.value.withLock { $0 = 0 }
        try body()
        return journalBytesRead.value.withLock { $0 }
    }

    @Test func theLastChangesAfterAnImportIntoANewHistoryCostWhatTheyHold() throws {
        let store = store()
        _ = try store.importChanges(try Self.export())  // The journal is made now, after every change it takes in.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path + ".journal")[.size] as? Int)
        #expect(size > 12 * JournalFile.chunkSize)
        var last: [JournalEvent] = []
        let forLast = try bytesRead { last = try store.events(EventQuery(last: 20)) }
        #expect(last.map(\.new) == Array(Self.imported - 19...Self.imported))
        #expect(forLast <= 2 * JournalFile.chunkSize, "log -n 20 read \(forLast) of the journal's \(size) bytes")
        var week: [JournalEvent] = []
        let forWeek = try bytesRead { week = try store.events(EventQuery(since: Instant(millisecondsSinceEpoch: Self.now - 7 * 86_400_000))) }
        #expect(week.count == 7 * 24)
        #expect(forWeek <= 2 * JournalFile.chunkSize, "log --since 7d read \(forWeek) of the journal's \(size) bytes")
    }

    @Test func aSecondImportAfterTheFirstStillCostsWhatItHolds() throws {
        let store = store()
        let half = Self.imported / 2
        // The first half, then the second: all of it recorded before the first import was made.
        _ = try store.importChanges(try L.batch(Array(Self.exportLines.prefix(half))))
        _ = try store.importChanges(try L.batch(Array(Self.exportLines.dropFirst(half))))
        var last: [JournalEvent] = []
        let forLast = try bytesRead { last = try store.events(EventQuery(last: 20)) }
        #expect(last.map(\.new) == Array(Self.imported - 19...Self.imported))
        #expect(forLast <= 2 * JournalFile.chunkSize, "log -n 20 read \(forLast) bytes")
    }

    @Test func aJournalWhoseImportedLinesCarryTheImportTimeStillReadsWhole() throws {
        let store = store()
        _ = try store.importChanges(try Self.export())
        // As an import wrote them before: each line says a change was recorded as late as the journal's making.
        let journal = path + ".journal"
        let latest = #","latest":"2026-11-18T11:06:40.000+00:00"}"#
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        for index in lines.indices.dropFirst() where !lines[index].contains(#""latest""#) {
            lines[index] = String(lines[index].dropLast()) + latest
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)  // Made again from the journal.
        #expect(try store.events(EventQuery(last: 20)).map(\.new) == Array(Self.imported - 19...Self.imported))
        let since = Instant(millisecondsSinceEpoch: Self.now - 7 * 86_400_000)
        #expect(try store.events(EventQuery(since: since)).count == 7 * 24)
        #expect(try store.read()[.happy] == Self.imported)
    }
}

/// A count of bytes that the file system seam adds to from any thread.
final class ByteCount: Sendable {
    let value = Mutex(0)
}
