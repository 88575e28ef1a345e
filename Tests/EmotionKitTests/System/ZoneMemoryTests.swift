#if os(Linux)
import Foundation
import Synchronization
import Testing
@testable import EmotionKit

/// The system zone's memory (`ZoneMemory`): a memo the data file offers answers while the zone file
/// is the one it was made of and the instant is in its span; anything else reads the zone, and a
/// memo is made only of a zone file read here whose change time is settled.
@Suite struct ZoneMemoryTests {
    /// January 15 at 12:00 UTC of the year after this test's zone files were written, when any memo
    /// made of them is settled: winter in Berlin, until the last Sunday of March, 01:00 UTC.
    static let noon: Instant = {
        let year = (LocalDateTime(Instant.now, offsetSeconds: 0)?.date.year ?? 2026) + 1
        let local = LocalDateTime(date: LocalDate(year: year, month: 1, day: 15)!, hour: 12, minute: 0)!
        return Instant(millisecondsSinceEpoch: local.millisecondsAsIfUTC)
    }()
    /// The last Sunday of March of `noon`'s year, 01:00 UTC, found by asking the rule's offsets.
    static var nextChange: Int64 {
        var second = noon.secondsSinceEpoch
        while (try? TimeZoneFile(bytes: Array(Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))))?
            .offset(atSecondsSinceEpoch: second) == 3600 { second += 3600 }
        return second
    }
    /// A day after `noon`.
    static let nextDay = Instant(millisecondsSinceEpoch: noon.millisecondsSinceEpoch + 86_400_000)

    /// A count shared with the memory's reading closure, and the time its clock says.
    final class ReadCounter: Sendable {
        let count = Mutex(0)
        let now = Mutex(ZoneMemoryTests.noon)
    }

    /// A copy of Berlin's zone file, and a memory of it that counts its reads.
    final class Zone {
        let folder: TemporaryFolder
        let path: String
        let counter = ReadCounter()
        let memory: ZoneMemory

        /// How many times the zone was read.
        var reads: Int { counter.count.withLock { $0 } }

        /// A copy of `zone`'s file, or the file of `copy` as the next process finds it.
        init(_ zone: String = "Europe/Berlin", of copy: Zone? = nil) throws {
            let folder = try copy?.folder ?? TemporaryFolder()
            let path = folder.file("localtime")
            if copy == nil { try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + zone, toPath: path) }
            let counter = counter
            memory = ZoneMemory(path: path, clock: { counter.now.withLock { $0 } }) { withStatus in
                counter.count.withLock { $0 += 1 }
                var status: FileStatus?
                let content = withUnsafeMutablePointer(to: &status) { SystemTime.readZoneFile(path, status: withStatus ? $0 : nil) }
                guard case .zone(let file) = content else { return ZoneMemory.Reading(.utc, status: nil) }
                return ZoneMemory.Reading(.file(file), status: status)
            }
            self.folder = folder
            self.path = path
        }

        /// A new memory of the same file, as the next process has.
        func nextProcess() throws -> Zone {
            try Zone(of: self)
        }

        /// Sets the memory's clock to `seconds` after the file's change time, for its reading: a memo
        /// is made of a file settled then, from 2 s on.
        func setClock(secondsAfterChange seconds: Int64) throws {
            let status = try Syscall.status(ofPath: path)
            counter.now.withLock { $0 = Instant(millisecondsSinceEpoch: (status.changed.components.seconds + seconds) * 1000) }
        }
    }

    /// The memo a first update makes of `zone` at `now`, its zone read once.
    static func firstMemo(of zone: Zone, at now: Instant) throws -> ZoneMemo {
        zone.memory.offer(nil)
        _ = zone.memory.offset(at: now)
        expect(zone.reads, equals: 1)
        return try #require(zone.memory.memo(keeping: nil, at: now))
    }

    @Test func aReadZoneFileIsRememberedWithItsOffsetUntilItsNextChange() throws {
        let zone = try Zone()
        let memo = try Self.firstMemo(of: zone, at: Self.noon)
        let status = try Syscall.status(ofPath: zone.path)
        #expect(memo.describes(status) && memo.file == status.identity && memo.size == status.size)
        #expect(memo.offset == 3600 && memo.from == Self.noon.secondsSinceEpoch && memo.until == Self.nextChange)
    }

    @Test func theNextUpdateTakesTheOffsetFromTheMemoWithoutReadingTheZone() throws {
        let first = try Zone()
        var memo = try Self.firstMemo(of: first, at: Self.noon)
        memo.offset = 7 * 3600  // Only the memo could say this: the zone is never read.
        let next = try first.nextProcess()
        next.memory.offer(memo)
        expect(next.memory.offset(at: Self.nextDay), equals: 7 * 3600)
        expect(next.reads, equals: 0)
        expect(next.memory.memo(keeping: memo, at: Self.noon), equals: memo)
    }

    @Test func anInstantOutsideTheMemosSpanReadsTheZone() throws {
        let first = try Zone()
        let memo = try Self.firstMemo(of: first, at: Self.noon)
        for instant in [Instant(millisecondsSinceEpoch: (memo.from - 1) * 1000), Instant(millisecondsSinceEpoch: memo.until * 1000)] {
            let next = try first.nextProcess()
            next.memory.offer(memo)
            expect(next.memory.offset(at: instant), equals: (instant.secondsSinceEpoch < memo.from ? 3600 : 7200))
            expect(next.reads, equals: 1)
        }
    }

    @Test func aZoneFileWrittenInPlaceOrReplacedIsReadAgainAndRememberedAnew() throws {
        let first = try Zone()
        let memo = try Self.firstMemo(of: first, at: Self.noon)
        let tokyo = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo"))
        for replace in [true, false] {
            let next = try first.nextProcess()
            if replace {
                try tokyo.write(to: URL(fileURLWithPath: next.path), options: .atomic)  // Another inode.
            } else {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: next.path))  // The same inode.
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: tokyo)
                try handle.close()
            }
            // Read within 2 s of its change: no memo of it yet, and the old one is dropped.
            try next.setClock(secondsAfterChange: 1)
            next.memory.offer(memo)
            expect(next.memory.offset(at: Self.noon), equals: 9 * 3600)
            expect(next.reads, equals: 1)
            expect(next.memory.memo(keeping: memo, at: Self.noon), equals: nil)
            // Read 2 s on, by the next process: remembered.
            let later = try first.nextProcess()
            try later.setClock(secondsAfterChange: 2)
            later.memory.offer(memo)
            expect(later.memory.offset(at: Self.noon), equals: 9 * 3600)
            let settled = try #require(later.memory.memo(keeping: memo, at: Self.noon))
            #expect(settled.offset == 9 * 3600 && settled.until == ZoneMemo.latestUntil && settled != memo)
        }
    }

    @Test func aZoneReadWithoutAnOfferKeepsWhatTheDataFileHad() throws {
        // A command that asked for the zone before its update (a `--at` time) read it without its
        // file's status: it keeps the data file's memo, which is checked at every use.
        let zone = try Zone()
        _ = zone.memory.offset(at: Self.noon)
        let memo = ZoneMemo(
            file: FileIdentity(device: 1, inode: 2), size: 3, seconds: 4, nanoseconds: 5, changedSeconds: 6, changedNanoseconds: 7,
            from: 8, until: 9, offset: 60)
        zone.memory.offer(memo)
        expect(zone.memory.memo(keeping: memo, at: Self.noon), equals: memo)
        // Nothing asked at all: the same.
        try expect(Zone().memory.memo(keeping: memo, at: Self.noon), equals: memo)
    }

    @Test func aZoneFileWithNumbersTheFastReaderCannotReadIsNoMemo() throws {
        var status = try Syscall.status(ofPath: "/usr/share/zoneinfo/Europe/Berlin")
        let now = status.changed.components.seconds + 10
        #expect(ZoneMemo(file: status, readAt: now, now: now, offset: 3600, until: now + 1) != nil)
        let changed = status.changed.components.seconds
        expect(ZoneMemo(file: status, readAt: changed + 1, now: now, offset: 3600, until: now + 1), equals: nil, "not settled when read")
        #expect(ZoneMemo(file: status, readAt: changed + 2, now: now, offset: 3600, until: now + 1) != nil)
        status.identity = FileIdentity(device: status.identity.device, inode: UInt64(ZoneMemo.largestNumber) + 1)
        expect(ZoneMemo(file: status, readAt: now, now: now, offset: 3600, until: now + 1), equals: nil)
    }

    @Test func noZoneFileReadHereIsNoMemo() throws {
        let zone = try Zone()
        try FileManager.default.removeItem(atPath: zone.path)
        zone.memory.offer(nil)
        expect(zone.memory.offset(at: Self.noon), equals: 0)
        expect(zone.memory.memo(keeping: nil, at: Self.noon), equals: nil)
    }

    @Test func aMemoIsWrittenAndReadBackInTheDataFileWithOrWithoutTheParser() throws {
        let zone = try Zone()
        let memo = try Self.firstMemo(of: zone, at: Self.noon)
        var document = TallyDocument()
        document.journal = JournalPosition(sequence: 2, bytes: 400, latest: 1_795_780_800_000)
        document.zoneMemo = memo
        let bytes = document.serialized()
        expect(TallyDocument.canonicalContents(of: bytes)?.zone, equals: memo)
        try expect(TallyDocument(parsingAsJSON: bytes).zoneMemo, equals: memo)
        try expect(TallyDocument(parsingAsJSON: bytes).serialized(), equals: bytes)
        // A negative offset too, and in a file the parser reads (a sync state in it).
        var west = memo
        west.offset = -(9 * 3600 + 30 * 60)
        document.zoneMemo = west
        document.sync = SyncState(folder: "/sync", name: "laptop")
        let synced = document.serialized()
        #expect(TallyDocument.canonicalContents(of: synced) == nil)
        try expect(TallyDocument(parsing: synced).zoneMemo, equals: west)
        try expect(TallyDocument(parsing: synced).serialized(), equals: synced)
    }

    @Test(arguments: [
        (#""offset": 3600"#, #""offset": 64801"#), (#""offset": 3600"#, #""offset": "3600""#),
        (#""nanoseconds": 0"#, #""nanoseconds": 1000000000"#), (#""until": "#, #""until": -"#),
        (#""inode": "#, #""inode": -"#), (#""from": "#, #""from": 1.5, "x": "#),
    ])
    func aZoneValueNotAsWrittenIsDroppedNotRefused(old: String, new: String) throws {
        let memo = ZoneMemo(
            file: FileIdentity(device: 2049, inode: 1837), size: 2298, seconds: 1_756_065_323, nanoseconds: 0,
            changedSeconds: 1_756_065_323, changedNanoseconds: 0, from: 1_795_780_800, until: 1_806_195_600, offset: 3600)
        var document = TallyDocument()
        document.zoneMemo = memo
        let text = String(decoding: document.serialized(), as: UTF8.self).replacingOccurrences(of: old, with: new)
        #expect(text != String(decoding: document.serialized(), as: UTF8.self))
        let read = try TallyDocument(parsing: Array(text.utf8))
        expect(read.zoneMemo, equals: nil)
        #expect(!String(decoding: read.serialized(), as: UTF8.self).contains("zone"))
    }
}
#endif
