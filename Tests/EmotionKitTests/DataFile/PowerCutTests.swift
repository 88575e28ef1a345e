@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// The power-cut model itself, and the store on it.
@Suite struct PowerCutTests {
    @Test func aDataFileFromBeforeHistoryKeepsTheFirstCommitThroughAPowerCut() throws {
        // Seed 2422 found it: the old data file, having no position, was still on disk after the
        // power cut, and took the journal from its end on, dropping the committed taps.
        let disk = PowerCutDisk()
        disk.place("emotions.json", Array(#"{"version": 1, "counts": {"happy": 41}}"#.utf8))
        let clock = TestClock()
        let store = TallyStore(path: PowerCutDisk.dataFile, fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        try store.commit(.apply([.tap(.happy), .tap(.sad)], note: nil, placedAt: nil))
        try store.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))

        let recovered = disk.afterPowerCut()
        let after = TallyStore(path: PowerCutDisk.dataFile, fileSystem: recovered.fileSystem, clock: clock.now, zone: .utc)
        #expect(try after.read()[.happy] == 43)
        #expect(try after.read()[.sad] == 1)
        try after.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))
        #expect(try after.read()[.happy] == 44)
    }

    @Test func aDataFileWhoseJournalWasRemovedKeepsTheNextCommitThroughAPowerCut() throws {
        // Its position points into a journal that is gone (moved away, or removed by an update that
        // failed): the new journal's lines must not be read from there.
        let disk = PowerCutDisk()
        let bytes = #"{"version": 1, "counts": {"happy": 41}, "journal": {"seq": 5, "bytes": 9999, "latest": 0}}"#
        disk.place("emotions.json", Array(bytes.utf8))
        let clock = TestClock()
        let store = TallyStore(path: PowerCutDisk.dataFile, fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        try store.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))

        let recovered = disk.afterPowerCut()
        let after = TallyStore(path: PowerCutDisk.dataFile, fileSystem: recovered.fileSystem, clock: clock.now, zone: .utc)
        #expect(try after.read()[.happy] == 42)
    }

    @Test func theDiskKeepsOnlyWhatWasSyncedUnlessToldOtherwise() throws {
        let disk = PowerCutDisk()
        let fileSystem = disk.fileSystem
        let root = try fileSystem.open("/", OpenFlags.linkItself, 0)
        let folder = try fileSystem.openAt(root, "pc", OpenFlags.readOnly | OpenFlags.folder, 0)
        let synced = try fileSystem.openAt(folder, "synced", OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive, 0o600)
        try fileSystem.write(synced, Array("abc".utf8))
        try fileSystem.sync(synced)
        try fileSystem.sync(folder)
        let log = try fileSystem.openAt(folder, "synced", OpenFlags.readWrite | OpenFlags.append, 0)
        try fileSystem.write(log, Array("defg".utf8))
        let unsynced = try fileSystem.openAt(folder, "unsynced", OpenFlags.writeOnly | OpenFlags.create, 0o600)
        try fileSystem.write(unsynced, Array("x".utf8))
        try fileSystem.sync(unsynced)

        #expect(disk.afterPowerCut().names == ["synced"])
        #expect(disk.afterPowerCut().bytes(of: "synced") == Array("abc".utf8))
        #expect(disk.afterPowerCut(survival: { _ in .written }).bytes(of: "synced") == Array("abcdefg".utf8))
        #expect(disk.afterPowerCut(tornFraction: 0.5, survival: { _ in .torn }).bytes(of: "synced") == Array("abcde".utf8))
        #expect(disk.afterPowerCut(survival: { _ in .zeroed }).bytes(of: "synced") == Array("abc".utf8) + [0, 0, 0, 0])
        #expect(disk.afterPowerCut(keptNameChanges: 1).names == ["synced", "unsynced"])
        #expect(disk.afterPowerCut(keptNameChanges: 1).bytes(of: "unsynced") == Array("x".utf8))
    }

    @Test func aDeadProcessChangesNothing() throws {
        let disk = PowerCutDisk(crashAfter: 2)
        let fileSystem = disk.fileSystem
        let root = try fileSystem.open("/", OpenFlags.linkItself, 0)
        let folder = try fileSystem.openAt(root, "pc", OpenFlags.readOnly | OpenFlags.folder, 0)
        #expect(throws: SystemError(call: "open", path: "/pc/x", errno: EIO)) {
            try fileSystem.openAt(folder, "x", OpenFlags.writeOnly | OpenFlags.create, 0o600)
        }
        #expect(disk.hasCrashed)
        #expect(disk.names == [])
    }
}

/// A clock for the store that moves on a second each time it is read.
final class TestClock: Sendable {
    private let milliseconds = Mutex<Int64>(1_795_000_000_000)

    /// The clock to give a store.
    var now: @Sendable () -> Instant {
        { self.next() }
    }

    /// The next instant.
    func next() -> Instant {
        milliseconds.withLock { value in
            value += 1000
            return Instant(millisecondsSinceEpoch: value)
        }
    }
}

extension PowerCutDisk {
    /// Where the store keeps its data file on the disk.
    static let dataFile = folder + "/emotions.json"
}
