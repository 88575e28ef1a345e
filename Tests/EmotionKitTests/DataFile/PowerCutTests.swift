@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// The power-cut model itself, and the store on it.
@Suite struct PowerCutTests {
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
