import Foundation
import Testing

@testable import EmotionKit

#if canImport(Glibc)
import Glibc
#endif

/// `QuickUpdate`: a tap made with no collection, saved byte for byte as the store saves it where it
/// goes on, and declined, with nothing changed, wherever anything is unusual.
@Suite struct QuickUpdateTests {
    let folder: TemporaryFolder
    /// A zone file of the test's own, which the data file's memo describes.
    let zonePath: String
    let memo: ZoneMemo
    /// The memo's offset: +09:00.
    static let offset = 32_400

    init() throws {
        folder = try TemporaryFolder()
        zonePath = try folder.write("TZif, as far as the memo knows", to: "zone")
        memo = try QuickUpdateTests.memo(of: zonePath, until: ZoneMemo.latestUntil)
    }

    /// A memo of the file at `path`, from 1970 up to `until`.
    private static func memo(of path: String, until: Int64) throws -> ZoneMemo {
        let status = try Syscall.status(ofPath: path)
        let modified = status.modified.components, changed = status.changed.components
        return ZoneMemo(
            file: status.identity, size: status.size, seconds: modified.seconds, nanoseconds: modified.attoseconds / 1_000_000_000,
            changedSeconds: changed.seconds, changedNanoseconds: changed.attoseconds / 1_000_000_000, from: 0, until: until,
            offset: offset)
    }

    /// `QuickUpdate.tap` of `emotion` in the file at `path`, the zone file the test's.
    private func quickTap(_ emotion: Emotion, _ path: String, timeout: Duration = .seconds(10)) -> QuickUpdate.Outcome {
        zonePath.withCString { zone in
            Array(path.utf8).withUnsafeBufferPointer { QuickUpdate.tap(emotion, path: $0, lockTimeout: timeout, zoneFile: zone) }
        }
    }

    /// The counts before and after, if the tap was saved.
    private func tapped(_ outcome: QuickUpdate.Outcome) -> [Int64]? {
        if case let .tapped(old, new) = outcome { return [old, new] }
        return nil
    }

    private func isDeclined(_ outcome: QuickUpdate.Outcome) -> Bool {
        if case .declined = outcome { return true }
        return false
    }

    /// A store on the real clock, at the memo's offset, as a tap from the command line with `TZ` unset would be.
    private func store(at path: String) -> TallyStore {
        TallyStore(path: path, fileSystem: .live, clock: { Instant.now }, zone: .fixed(secondsEast: QuickUpdateTests.offset))
    }

    /// `emotions.json` in `folder` after two taps of happy and one add of 3 sad, with the memo.
    private func dataFile(in folder: TemporaryFolder? = nil, memo: ZoneMemo? = nil) throws -> String {
        let folder = folder ?? self.folder
        let path = folder.file("emotions.json")
        let store = store(at: path)
        try store.apply(.tap(.happy))
        try store.apply(.tap(.happy))
        try store.apply(.add(3, to: .sad))
        try remember(memo ?? self.memo, in: path)
        return path
    }

    /// Adds `memo` to the data file at `path`, as a tap that read the zone file saves it.
    private func remember(_ memo: ZoneMemo, in path: String) throws {
        var document = try TallyDocument(parsing: Array(try #require(folder.bytes(of: path))))
        document.zoneMemo = memo
        try Data(document.serialized()).write(to: URL(fileURLWithPath: path))
    }

    /// The data file's and the journal's bytes, and whether the lock file is there.
    private func state(of path: String) -> [Data?] {
        [folder.bytes(of: path), folder.bytes(of: path + ".journal"), folder.bytes(of: path + ".lock")]
    }

    /// The journal's last line, without its `\n`.
    private func lastLine(of path: String) throws -> [UInt8] {
        let journal = Array(try #require(folder.bytes(of: path + ".journal")))
        #expect(journal.last == 0x0A)
        let body = journal.dropLast()
        let start = (body.lastIndex(of: 0x0A) ?? -1) + 1
        return Array(body[start...])
    }

    @Test func aTapIsSavedAsTheStoreSavesIt() throws {
        let path = try dataFile()
        let before = Instant.now.millisecondsSinceEpoch
        let outcome = quickTap(.sad, path)
        let after = Instant.now.millisecondsSinceEpoch
        expect(tapped(outcome), equals: [3, 4])

        let bytes = Array(try #require(folder.bytes(of: path)))
        let document = try TallyDocument(parsing: bytes)
        expect(document.serialized(), equals: bytes, "the data file in the form a save writes")
        expect(document.tally[.sad], equals: 4)
        expect(document.tally[.happy], equals: 2)
        expect(document.zoneMemo, equals: memo)
        let journalSize = Int64(try #require(folder.bytes(of: path + ".journal")).count)
        expect(document.journal?.sequence, equals: 4)
        expect(document.journal?.bytes, equals: journalSize)

        let line = try lastLine(of: path)
        let event = try JournalEvent(line: line)
        expect(Array(event.jsonLine.utf8), equals: line, "the line as the store writes its event")
        expect(event.command, equals: .tap)
        expect(event.emotion, equals: .sad)
        expect([event.old, event.new], equals: [3, 4])
        expect(event.sequence, equals: 4)
        expect(event.group, equals: event.id)
        #expect(event.note == nil && event.tags.isEmpty && event.latest == nil && event.recorded == nil && event.eventsInCommand == nil)
        expect(event.at.offsetSeconds, equals: Int32(QuickUpdateTests.offset))
        #expect((before...after).contains(event.at.millisecondsSinceEpoch))
        expect(event.id.recordedAt, equals: event.at.millisecondsSinceEpoch)
        expect(document.journal?.latest, equals: event.at.millisecondsSinceEpoch)

        // The store reads it, makes the data file again from the journal alone, and taps after it.
        expect(try store(at: path).read()[.sad], equals: 4)
        try FileManager.default.removeItem(atPath: path)
        expect(try store(at: path).read()[.sad], equals: 4, "the journal alone holds the tap")
        try store(at: path).apply(.tap(.sad))
        expect(try store(at: path).read()[.sad], equals: 5)
    }

    @Test func theFilesMatchTheStoresButForTheIdAndTheTime() throws {
        let other = try TemporaryFolder()
        let path = try dataFile()
        let otherPath = other.file("emotions.json")
        try FileManager.default.removeItem(atPath: other.path)
        try FileManager.default.copyItem(atPath: folder.path, toPath: other.path)
        expect(tapped(quickTap(.smile, path)), equals: [0, 1])
        try store(at: otherPath).apply(.tap(.smile))

        let masked = { (bytes: Data?) -> String in
            String(decoding: bytes ?? Data(), as: UTF8.self)
                .replacingOccurrences(of: #""latest": \d+"#, with: "\"latest\": T", options: .regularExpression)
                .replacingOccurrences(of: #""(id|group)":"[0-9A-Z]{26}""#, with: "\"$1\":\"ID\"", options: .regularExpression)
                .replacingOccurrences(of: #""at":"[^"]+""#, with: "\"at\":\"AT\"", options: .regularExpression)
        }
        expect(masked(folder.bytes(of: path)), equals: masked(other.bytes(of: otherPath)))
        expect(masked(folder.bytes(of: path + ".journal")), equals: masked(other.bytes(of: otherPath + ".journal")))
        expect(try folder.contents(), equals: try other.contents(), "no temporary file left, nothing else made")
    }

    @Test func aNewLineOfTheFileGoesTheStoresWay() throws {
        // Each of these is the store's to handle; each is declined with nothing changed.
        let cases: [(String, (String) throws -> Void)] = [
            ("a hooks folder", { path in try FileManager.default.createDirectory(atPath: sibling(path, "hooks"), withIntermediateDirectories: false) }),
            ("no lock file: a first save makes it", { path in try FileManager.default.removeItem(atPath: path + ".lock") }),
            ("no zone memo", { path in
                var document = try TallyDocument(parsing: Array(try #require(self.folder.bytes(of: path))))
                document.zoneMemo = nil
                try Data(document.serialized()).write(to: URL(fileURLWithPath: path))
            }),
            ("a zone file changed since", { path in
                let memo = self.memo
                try self.remember(
                    ZoneMemo(
                        file: memo.file, size: memo.size + 1, seconds: memo.seconds, nanoseconds: memo.nanoseconds,
                        changedSeconds: memo.changedSeconds, changedNanoseconds: memo.changedNanoseconds, from: memo.from,
                        until: memo.until, offset: memo.offset), in: path)
            }),
            ("a memo that no longer covers now", { path in try self.remember(try Self.memo(of: self.zonePath, until: 1), in: path) }),
            ("the clock behind the latest event", { path in try self.edit(path, #""latest": \d+"#, "\"latest\": 999999999999999") }),
            ("a count at the fast reader's limit", { path in try self.edit(path, #""happy": \d+"#, "\"happy\": 999999999999999998") }),
            ("a journal ahead of the data file", { path in
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("{\"torn\n".utf8))
                try handle.close()
            }),
            ("a journal that does not begin as a header", { path in
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".journal"))
                try handle.write(contentsOf: Data("[".utf8))
                try handle.close()
            }),
            ("a data file in another form", { path in try self.edit(path, #"\n  "counts""#, "\n \"counts\"") }),
            ("a link at the data file's name", { path in
                try FileManager.default.moveItem(atPath: path, toPath: sibling(path, "real.json"))
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: sibling(path, "real.json"))
            }),
            ("a journal that is a link", { path in
                try FileManager.default.moveItem(atPath: path + ".journal", toPath: sibling(path, "real.journal"))
                try FileManager.default.createSymbolicLink(atPath: path + ".journal", withDestinationPath: sibling(path, "real.journal"))
            }),
        ]
        let control = try TemporaryFolder()
        expect(tapped(quickTap(.happy, try dataFile(in: control))), equals: [2, 3], "the same file, unchanged, is tapped")
        for (name, change) in cases {
            let folder = try TemporaryFolder()
            let path = try dataFile(in: folder)
            expect(try TallyDocument(parsing: Array(try #require(folder.bytes(of: path)))).zoneMemo, equals: memo)
            try change(path)
            let before = state(of: path)
            #expect(isDeclined(quickTap(.happy, path)), "\(name)")
            expect(state(of: path), equals: before, "\(name): nothing changed")
        }
    }

    @Test func leftoversAreRemovedAtEvery64thSequenceNumberAsTheStoreRemovesThem() throws {
        let leftovers = [".emotions.json.tmp-1-2", ".emotions.json.days.tmp-3-4"]
        let kept = [".emotions.json.tmp-x-2", ".emotions.json.tmp-12", ".emotions.json.tmp-1-2-3", ".other.json.tmp-1-2", ".emotions.json.tmp-1-"]
        for (sequence, looks) in [(10, false), (63, true)] {
            let folder = try TemporaryFolder()
            let path = try dataFile(in: folder)
            try edit(path, #""seq": \d+"#, "\"seq\": \(sequence)")
            for name in leftovers + kept { try folder.write("left", to: name) }
            expect(tapped(quickTap(.happy, path)), equals: [2, 3])
            let names = try folder.contents()
            for name in leftovers { expect(names.contains(name), equals: !looks, "\(name) at \(sequence)") }
            for name in kept { #expect(names.contains(name), "\(name) at \(sequence)") }
            let document = try TallyDocument(parsing: Array(try #require(folder.bytes(of: path))))
            expect(document.journal?.sequence, equals: UInt64(sequence + 1))
        }
    }

    @Test func aHooksFolderMadeWhileTheTapWaitsSendsItTheStoresWay() throws {
        let path = try dataFile()
        let holder = open(path + ".lock", O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let before = state(of: path)
        let hooks = sibling(path, "hooks")
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            try? FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: false)
            Thread.sleep(forTimeInterval: 0.1)
            close(holder)
        }
        #expect(isDeclined(quickTap(.happy, path)), "the store runs the hooks a save finds")
        expect(state(of: path), equals: before)
    }

    @Test func asRootAHardLinkedOrForeignDataFileGoesTheStoresWay() throws {
        let path = try dataFile()
        try FileManager.default.linkItem(atPath: path, toPath: folder.file("second-name.json"))
        let before = state(of: path)
        if getuid() == 0 {
            #expect(isDeclined(quickTap(.happy, path)), "a hard link, as root")
            expect(state(of: path), equals: before)
            try FileManager.default.removeItem(atPath: folder.file("second-name.json"))
            #expect(chown(path, 4242, 4242) == 0)
            #expect(isDeclined(quickTap(.happy, path)), "another user's file: its owner is the store's to keep")
            expect(state(of: path).dropLast(), equals: before.dropLast())
        } else {
            expect(tapped(quickTap(.happy, path)), equals: [2, 3], "a hard link is only refused to root")
        }
    }

    @Test func aTakenLockIsWaitedForWhereTheNameIsAFile() throws {
        let path = try dataFile()
        let holder = open(path + ".lock", O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let start = ContinuousClock.now
        // Let go of on a thread of its own: the test's, and any of the pool's, may be waiting.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            close(holder)
        }
        let outcome = quickTap(.upset, path)
        let waited = ContinuousClock.now - start
        expect(tapped(outcome), equals: [0, 1])
        #expect(waited >= .milliseconds(250), "\(waited)")
        expect(try store(at: path).read()[.upset], equals: 1)
    }

    @Test func aTakenLockIsNotWaitedForBesideADataFileTheTapWouldNotTake() throws {
        let path = try dataFile()
        try edit(path, #"\n  "counts""#, "\n \"counts\"")  // Another form, as a synced history's always is.
        let holder = open(path + ".lock", O_RDWR)
        defer { close(holder) }
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let start = ContinuousClock.now
        #expect(isDeclined(quickTap(.happy, path)))
        #expect(ContinuousClock.now - start < .seconds(1), "declined at once, to wait in the store once")
    }

    @Test func aLockHeldPastTheTimeoutFailsAsTheStoreFails() throws {
        let path = try dataFile()
        let holder = open(path + ".lock", O_RDWR)
        defer { close(holder) }
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let before = state(of: path)
        guard case let .failed(error) = quickTap(.happy, path, timeout: .milliseconds(200)) else {
            Issue.record("not refused")
            return
        }
        guard case let .lockTimeout(lockFile, timeout, found) = error else {
            Issue.record("\(error)")
            return
        }
        expect(lockFile, equals: path + ".lock")
        expect(timeout, equals: .milliseconds(200))
        expect(found?.pid, equals: getpid(), "this process holds it")
        expect(state(of: path), equals: before)
    }

    @Test func aTakenLockBesideALinkIsNotWaitedFor() throws {
        let path = try dataFile()
        try FileManager.default.moveItem(atPath: path, toPath: folder.file("real.json"))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.file("real.json"))
        let holder = open(path + ".lock", O_RDWR)
        defer { close(holder) }
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let start = ContinuousClock.now
        #expect(isDeclined(quickTap(.happy, path)))
        #expect(ContinuousClock.now - start < .seconds(1), "declined at once, not after the timeout")
    }

    @Test func theLongestPlainFileIsWithinTheLookAndASyncedOneIsNot() throws {
        let nines = 999_999_999_999_999_999
        var document = TallyDocument(tally: Tally())
        document.journal = JournalPosition(sequence: UInt64(nines), bytes: Int64(nines), latest: -Int64(nines))
        document.zoneMemo = ZoneMemo(
            file: FileIdentity(device: UInt64(nines), inode: UInt64(nines)), size: Int64(nines), seconds: Int64(nines),
            nanoseconds: 999_999_999, changedSeconds: Int64(nines), changedNanoseconds: 999_999_999, from: Int64(nines),
            until: Int64(nines), offset: -64_800)
        var text = String(decoding: document.serialized(), as: UTF8.self)
        for emotion in Emotion.allCases { text = text.replacingOccurrences(of: "\"\(emotion.name)\": 0", with: "\"\(emotion.name)\": \(nines)") }
        let bytes = Array(text.utf8)
        #expect(TallyDocument.canonicalContents(of: bytes) != nil, "the plain form, every number at its longest")
        expect(bytes.count, equals: QuickUpdate.longestPlainFile)
        let path = try folder.write(text, to: "longest.json")
        #expect(Array(path.utf8).withUnsafeBufferPointer { QuickUpdate.mayTap(path: $0) })
        try folder.write(text + " ", to: "longer.json")
        #expect(!Array(folder.file("longer.json").utf8).withUnsafeBufferPointer { QuickUpdate.mayTap(path: $0) })
    }

    @Test func theTimeIsWrittenAsTimestampWritesIt() {
        // Instants around the turns of days, months, leap years and centuries, at offsets either side.
        let instants: [Int64] = [
            0, 86_399_999, 951_782_400_000, 951_868_799_999, 4_107_456_000_000, 1_795_818_375_452, 253_402_300_799_999,
            -62_135_596_800_000 + 86_400_000, 1_709_164_800_000, 1_709_251_199_999,
        ]
        for milliseconds in instants {
            for offset in [0, 32_400, -18_000, 64_800, -64_800, 19_800, -34_200] {
                var bytes = [UInt8](repeating: 0, count: 64)
                let written = bytes.withUnsafeMutableBufferPointer { buffer -> String? in
                    var writer = ByteWriter(buffer)
                    guard QuickUpdate.appendRFC3339(milliseconds, offset: offset, to: &writer) else { return nil }
                    return String(decoding: writer.written, as: UTF8.self)
                }
                let expected = try? Timestamp(millisecondsSinceEpoch: milliseconds, offsetSeconds: Int32(offset)).rfc3339
                expect(written, equals: expected, "\(milliseconds) at \(offset)")
            }
        }
    }

    /// Replaces the first match of `pattern` in the file at `path` with `replacement`.
    private func edit(_ path: String, _ pattern: String, _ replacement: String) throws {
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let edited = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        #expect(edited != text, "\(pattern) in \(path)")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// The file `name` beside the file at `path`.
private func sibling(_ path: String, _ name: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
}
