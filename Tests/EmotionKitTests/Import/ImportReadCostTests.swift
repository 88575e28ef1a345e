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

    /// How many changes the tests that make the counts again from the whole journal import: five 64 KiB
    /// chunks, as many boundaries as they need to cross, in two fifths of the time 5,000 took.
    static let importedToReadWhole = 2000

    /// The lines of an export of `count` taps of happy, one an hour, the last an hour before now.
    static func exportLines(count: Int) -> [String] {
        (1...count).map { number in
            let hour: Int64 = 3_600_000
            let at = (try? Timestamp(millisecondsSinceEpoch: now - Int64(count - number + 1) * hour, offsetSeconds: 0))?.rfc3339 ?? ""
            return L.line(number, "tap", "happy", number - 1, number, at: at)
        }
    }

    /// The lines of an export of `imported` changes.
    static let exportLines: [String] = exportLines(count: imported)

    /// That export, read.
    static func export() throws -> ImportBatch { try L.batch(exportLines) }

    /// An export of `importedToReadWhole` changes, read, and the journal it leaves checked to span more than four chunks.
    func importToReadWhole(into store: TallyStore) throws {
        _ = try store.importChanges(try L.batch(Self.exportLines(count: Self.importedToReadWhole)))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path + ".journal")[.size] as? Int)
        #expect(size > 4 * JournalFile.chunkSize)
    }

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
        expect(last.map(\.new), equals: Array(Self.imported - 19...Self.imported))
        #expect(forLast <= 2 * JournalFile.chunkSize, "log -n 20 read \(forLast) of the journal's \(size) bytes")
        var week: [JournalEvent] = []
        let forWeek = try bytesRead { week = try store.events(EventQuery(since: Instant(millisecondsSinceEpoch: Self.now - 7 * 86_400_000))) }
        expect(week.count, equals: 7 * 24)
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
        expect(last.map(\.new), equals: Array(Self.imported - 19...Self.imported))
        #expect(forLast <= 2 * JournalFile.chunkSize, "log -n 20 read \(forLast) bytes")
    }

    @Test func olderChangesImportedAfterLocalOnesCostWhatTheAnswerHolds() throws {
        let store = store()
        let day: Int64 = 86_400_000
        // Local taps: one now, and 29 placed over the last six days (recorded now).
        _ = try store.apply([.tap(.sad)], note: nil)
        for number in 1...29 {
            _ = try store.apply([.tap(.upset)], note: nil, placedAt: Instant(millisecondsSinceEpoch: Self.now - Int64(number) * day / 5))
        }
        _ = try store.importChanges(try Self.export())  // Older than every local one, after them in the journal.
        // The views read the journal itself: a folder where the day index would go keeps it from being made.
        try FileManager.default.createDirectory(atPath: path + ".days", withIntermediateDirectories: false)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path + ".journal")[.size] as? Int)
        #expect(size > 12 * JournalFile.chunkSize)
        let all = try store.events()
        expect(all.count, equals: Self.imported + 30)
        let limit = 3 * JournalFile.chunkSize

        var last: [JournalEvent] = []
        let forLast = try bytesRead { last = try store.events(EventQuery(last: 20)) }
        expect(last, equals: Array(all.suffix(20)))
        #expect(forLast <= limit, "log -n 20 read \(forLast) of the journal's \(size) bytes")

        let since = Instant(millisecondsSinceEpoch: Self.now - 7 * day)
        var week: [JournalEvent] = []
        let forWeek = try bytesRead { week = try store.events(EventQuery(since: since)) }
        expect(week, equals: all.filter { $0.at.millisecondsSinceEpoch >= since.millisecondsSinceEpoch })
        expect(week.count, equals: 7 * 24 + 30)
        #expect(forWeek <= limit, "log --since 7d read \(forWeek) of the journal's \(size) bytes")

        var felt = Felt()
        let forFelt = try bytesRead { felt = try store.felt(since: since, until: nil) }
        var naive = Felt()
        for event in week { naive.count(event) }
        expect(Emotion.allCases.map { felt.sum(of: $0) }, equals: Emotion.allCases.map { naive.sum(of: $0) })
        expect(felt.sum(of: .happy), equals: 7 * 24)
        #expect(forFelt <= limit, "stats --week read \(forFelt) of the journal's \(size) bytes")
    }

    @Test(arguments: ["floor", "inside a line", "past the line", "the line itself"])
    func aBlockThatNamesNoBlocksFirstLineIsPassedBy(place: String) throws {
        let store = store()
        _ = try store.apply([.tap(.sad)], note: nil)
        try importToReadWhole(into: store)
        try FileManager.default.createDirectory(atPath: path + ".days", withIntermediateDirectories: false)
        // Every imported line's `block` made to name one place, where no block starts.
        let journal = path + ".journal"
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        var offset = lines[0].utf8.count + 1
        for index in lines.indices.dropFirst() {
            if let range = lines[index].range(of: #","block":"#) {
                let value = switch place {
                case "floor": lines[0].utf8.count + 1  // The local tap, which names no block.
                case "inside a line": offset - 40
                case "past the line": offset + 1000
                default: offset
                }
                lines[index] = String(lines[index][..<range.upperBound]) + String(value) + "}"
            }
            offset += lines[index].utf8.count + 1
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)  // Made again from the journal.
        let all = try store.events()
        expect(all.count, equals: Self.importedToReadWhole + 1)
        try expect(store.events(EventQuery(last: 20)), equals: Array(all.suffix(20)))
        let since = Instant(millisecondsSinceEpoch: Self.now - 7 * 86_400_000)
        try expect(store.events(EventQuery(since: since)), equals: all.filter { $0.at.millisecondsSinceEpoch >= since.millisecondsSinceEpoch })
        let felt = try store.felt(since: since, until: nil)
        #expect(felt.sum(of: .happy) == 7 * 24 && felt.sum(of: .sad) == 1)
    }

    @Test func aJournalWhoseImportedLinesCarryTheImportTimeStillReadsWhole() throws {
        let store = store()
        try importToReadWhole(into: store)
        // As an import wrote them before: each line says a change was recorded as late as the journal's making.
        let journal = path + ".journal"
        let latest = #","latest":"2026-11-18T11:06:40.000+00:00"}"#
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        for index in lines.indices.dropFirst() where !lines[index].contains(#""latest""#) {
            lines[index] = String(lines[index].dropLast()) + latest
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)  // Made again from the journal.
        let imported = Self.importedToReadWhole
        try expect(store.events(EventQuery(last: 20)).map(\.new), equals: Array(imported - 19...imported))
        let since = Instant(millisecondsSinceEpoch: Self.now - 7 * 86_400_000)
        try expect(store.events(EventQuery(since: since)).count, equals: 7 * 24)
        try expect(store.read()[.happy], equals: imported)
    }
}

/// Reads of a history that took in another's changes, older and newer than its own, several times:
/// every answer is the one a naive sort and fold of all its events gives.
@Suite struct ImportedHistoryQueryTests {
    /// A clock the test moves, in milliseconds.
    final class Clock: Sendable {
        let now: Mutex<Int64>
        init(_ start: Int64) { now = Mutex(start) }
        func move(by milliseconds: Int64) { now.withLock { $0 += milliseconds } }
        var instant: Instant { Instant(millisecondsSinceEpoch: now.withLock { $0 }) }
    }

    @Test(arguments: PropertySeeds.upTo(3))
    func everyQueryAfterImportsGivesWhatANaiveSortGives(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0x1B10_C4ED, stream: seed)
        let folder = try TemporaryFolder()
        let start: Int64 = 1_795_000_000_000
        let here = Clock(start)
        let there = Clock(start - 20 * 3_600_000)  // Another machine, behind, but never by a day: it takes in this one's changes too.
        let local = TallyStore(path: folder.file("here.json"), fileSystem: .live, clock: { here.instant }, zone: .fixed(secondsEast: 3600))
        let other = TallyStore(path: folder.file("there.json"), fileSystem: .live, clock: { there.instant }, zone: .fixed(secondsEast: -18000))
        try FileManager.default.createDirectory(atPath: folder.file("here.json.days"), withIntermediateDirectories: false)  // The views read the journal.
        var imports = 0  // An import a count below zero refuses changes nothing, and the history goes on.
        for _ in 0..<400 {
            let (store, clock) = generator.chance(0.5) ? (local, here) : (other, there)
            clock.move(by: Int64.random(in: 1...3_600_000, using: &generator))
            if generator.chance(0.03) { there.move(by: Int64.random(in: 0...5 * 86_400_000, using: &generator)) }
            let hereNow = here.now.withLock { $0 }
            there.now.withLock { $0 = min(max($0, hereNow - 23 * 3_600_000), hereNow + 3_600_000) }
            Self.command(on: store, clock: clock, using: &generator)
            if generator.chance(0.03) {  // The other machine takes in this one's changes, and may undo them.
                if (try? other.importChanges(try Self.export(of: folder.file("here.json.journal")))) != nil { imports += 1 }
            }
            if generator.chance(0.04) {
                if (try? local.importChanges(try Self.export(of: folder.file("there.json.journal")))) != nil { imports += 1 }
                try Self.checkQueries(on: local, now: here.now.withLock { $0 }, start: start - 2 * 86_400_000, using: &generator)
            }
        }
        try Self.checkQueries(on: local, now: here.now.withLock { $0 }, start: start - 2 * 86_400_000, using: &generator)
        #expect(imports >= 10)
    }

    @Test func anImportedUndoOfACommandBeforeItsBlockIsNeverPassedOver() throws {
        let folder = try TemporaryFolder()
        let hour: Int64 = 3_600_000
        let start: Int64 = 1_795_000_000_000
        let here = Clock(start)
        let there = Clock(start - 11 * hour)  // Eleven hours behind.
        let local = TallyStore(path: folder.file("here.json"), fileSystem: .live, clock: { here.instant }, zone: .fixed(secondsEast: 0))
        let other = TallyStore(path: folder.file("there.json"), fileSystem: .live, clock: { there.instant }, zone: .fixed(secondsEast: 0))
        try FileManager.default.createDirectory(atPath: folder.file("here.json.days"), withIntermediateDirectories: false)
        _ = try local.apply([.tap(.happy)], note: nil)
        _ = try other.apply([.tap(.smile)], note: nil)  // The first line of the block the import appends.
        there.move(by: hour)
        _ = try other.importChanges(try Self.export(of: folder.file("here.json.journal")))
        there.move(by: 1)
        // Recorded ten hours before the tap it takes back, by that machine's clock.
        let tap = try #require(try local.events().first).id.description
        _ = try other.undo(try #require(EventIDPrefix(parsing: tap)))
        there.move(by: 2 * hour)
        _ = try other.apply([.tap(.sad)], note: nil)  // A line after it in the block the import appends, recorded later.
        here.move(by: hour)
        // An export without the tap (of a range, say), so that the undo keeps its place by its time.
        let lines = try String(contentsOfFile: folder.file("there.json.journal"), encoding: .utf8).split(separator: "\n").dropFirst()
        _ = try local.importChanges(try ImportBatch(parsing: Array(lines.filter { !$0.contains("\"id\":\"" + tap) }.joined(separator: "\n").utf8)))
        let since = Instant(millisecondsSinceEpoch: start - hour)  // After the undo's recording, before the tap.
        try expect(local.events(EventQuery(since: since)).map(\.command), equals: [.tap])
        try expect(local.events(EventQuery(last: 1)).map(\.command), equals: [.tap])
        try expect(local.felt(since: since, until: nil).sum(of: .happy), equals: 0)
        try expect(local.read()[.happy], equals: 0)
    }

    /// The changes of the journal at `path`, read as an export (its own keys are ignored).
    static func export(of path: String) throws -> ImportBatch {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        return try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8))
    }

    /// One random command on `store`; one it refuses (nothing to undo, a count below zero) changes nothing.
    static func command(on store: TallyStore, clock: Clock, using generator: inout SeededGenerator) {
        let emotion = generator.pick(Emotion.allCases)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: _ = try? store.undo()
        case 1: _ = try? store.redo()
        case 2: _ = try? store.apply([.add(Int.random(in: 1...5, using: &generator), to: emotion)], note: nil)
        case 3: _ = try? store.apply([.reset(emotion)], note: nil)
        case 4:
            let placed = clock.now.withLock { $0 } - Int64.random(in: 1...4 * 86_400_000, using: &generator)
            _ = try? store.apply([.tap(emotion)], note: nil, placedAt: Instant(millisecondsSinceEpoch: placed))
        default: _ = try? store.apply([.tap(emotion), .tap(generator.pick(Emotion.allCases))].prefix(Int.random(in: 1...2, using: &generator)).map { $0 }, note: nil)
        }
    }

    /// Random queries and views of `store`, each checked against all its events, sorted and folded naively.
    static func checkQueries(on store: TallyStore, now: Int64, start: Int64, using generator: inout SeededGenerator) throws {
        let all = try store.events()  // Read forwards from the first line: nothing is passed over.
        let ordered = all.sorted {
            $0.at.millisecondsSinceEpoch != $1.at.millisecondsSinceEpoch ? $0.at.millisecondsSinceEpoch < $1.at.millisecondsSinceEpoch : $0.sequence < $1.sequence
        }
        var latestRevert: [EventID: JournalCommand] = [:]
        for event in all.sorted(by: { $0.sequence < $1.sequence }) { if let reverts = event.reverts { latestRevert[reverts] = event.command } }
        for round in 0..<8 {
            var query = EventQuery()
            if generator.chance(0.7) { query.since = Instant(millisecondsSinceEpoch: Int64.random(in: start...now, using: &generator)) }
            if generator.chance(0.3) { query.until = Instant(millisecondsSinceEpoch: Int64.random(in: start...now + 1, using: &generator)) }
            if generator.chance(0.6) { query.last = generator.chance(0.7) ? Int.random(in: 1...30, using: &generator) : Int.random(in: 1...500, using: &generator) }
            if generator.chance(0.2) { query.emotions = [generator.pick(Emotion.allCases)] }
            let expected = ordered.filter { query.matches($0) }.suffix(query.last ?? .max)
            try expect(store.events(query).map(\.sequence), equals: expected.map(\.sequence), "round \(round): \(query)")
            var naive = Felt()
            for event in ordered where query.matches(event) && (event.command == .tap || event.command == .add) && latestRevert[event.group] != .undo {
                if query.emotions.isEmpty || query.emotions.contains(event.emotion) { naive.count(event) }
            }
            let felt = try store.felt(since: query.since, until: query.until)
            let shown = query.emotions.isEmpty ? Array(Emotion.allCases) : query.emotions
            expect(shown.map { felt.sum(of: $0) }, equals: shown.map { naive.sum(of: $0) }, "round \(round): \(query)")
        }
    }
}

/// A count of bytes that the file system seam adds to from any thread.
final class ByteCount: Sendable {
    let value = Mutex(0)
}
