@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// A sync that takes in more than one chunk of another history's changes (issue 23's first sync of
/// 100,000 events): it writes them to the journal a chunk at a time ahead of its commit point, and
/// still loses nothing and takes nothing in twice, whether it finishes, fails or is cut short.
@Suite struct LargeIntakeTests {
    /// How many taps the other history makes: more than one chunk, and more than one intake window.
    static let taps = SyncRound.chunkSize + SyncRound.chunkSize / 2

    /// Another history's published file of `commands` commands of `size` taps each (happy, then sad,
    /// by turns), as its own sync wrote it: its name and bytes, and the counts it shows.
    static func otherHistory(commands: Int, size: Int) throws -> (name: String, bytes: [UInt8], counts: Tally) {
        let disk = PowerCutDisk()
        let other = PowerCutCase.store(on: disk, TestClock())
        try other.sync(.folder(PowerCutDisk.folder, name: "phone"))
        for command in 0..<commands {
            let emotion: Emotion = command % 2 == 0 ? .happy : .sad
            _ = try other.commit(.apply(Array(repeating: .tap(emotion), count: size), note: nil, placedAt: nil))
        }
        let file = try #require(PowerCutPublishingTests.publishedFile(on: disk))
        return (file.name, file.bytes, try other.read())
    }

    /// A history syncing with `/pc` on `disk`, with `before` done, once `file` is placed there.
    static func history(
        on disk: PowerCutDisk, holding file: (name: String, bytes: [UInt8]), _ clock: TestClock, before: [Action] = []
    ) throws -> TallyStore {
        let store = PowerCutCase.store(on: disk, clock)
        try store.sync(.folder(PowerCutDisk.folder, name: "laptop"))
        if !before.isEmpty { _ = try store.commit(.apply(before, note: nil, placedAt: nil)) }
        disk.place(file.name, file.bytes)
        return store
    }

    @Test func aFirstSyncWritesWhatItTakesInAChunkAtATimeNotAllAtOnce() throws {
        let other = try Self.otherHistory(commands: 3 * SyncRound.chunkSize / 10, size: 10)
        let disk = PowerCutDisk()
        let clock = TestClock()
        _ = try Self.history(on: disk, holding: (other.name, other.bytes), clock)
        let writes = Mutex<[Int]>([])
        var fileSystem = disk.fileSystem
        let write = fileSystem.write
        fileSystem.write = { file, bytes throws(SystemError) in
            if file.path.hasSuffix(PowerCutCase.journalName) { writes.withLock { $0.append(bytes.count) } }
            try write(file, bytes)
        }
        let store = TallyStore(path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: fileSystem, clock: clock.now, zone: .utc)
        _ = try store.sync(.now)
        try expect(store.read(), equals: other.counts)
        // Past the journal's header, the lines taken in: in pieces of about a chunk each.
        let pieces = writes.withLock { $0 }.filter { $0 > 1000 }
        #expect(pieces.count >= 3, "the lines were written in \(pieces.count) piece(s): \(pieces)")
    }

    @Test func aSyncWhoseJournalWriteFailsMidwayLeavesTheJournalAsItWasAndTheNextSyncTakesEverythingIn() throws {
        let other = try Self.otherHistory(commands: Self.taps / 10, size: 10)
        let disk = PowerCutDisk()
        let clock = TestClock()
        let first = try Self.history(on: disk, holding: (other.name, other.bytes), clock, before: [.tap(.upset)])
        let journal = disk.bytes(of: PowerCutCase.journalName)
        let writes = Mutex(0)
        var fileSystem = disk.fileSystem
        let write = fileSystem.write
        fileSystem.write = { file, bytes throws(SystemError) in
            if file.path.hasSuffix(PowerCutCase.journalName), writes.withLock({ $0 += 1; return $0 }) == 2 {
                throw SystemError(call: "write", path: file.path, errno: ENOSPC)
            }
            try write(file, bytes)
        }
        let failing = TallyStore(path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: fileSystem, clock: clock.now, zone: .utc)
        #expect(throws: StoreError.self) { try failing.sync(.now) }
        expect(disk.bytes(of: PowerCutCase.journalName), equals: journal, "the lines written before the failure stayed")
        try expect(first.read(), equals: #require(Tally(counts: [.upset: 1])))
        _ = try first.sync(.now)
        var expected = other.counts
        _ = try expected.apply(.tap(.upset))
        try expect(first.read(), equals: expected)
        let ids = try first.events().map(\.id)
        #expect(ids.count == other.counts.total + 1 && Set(ids).count == ids.count, "\(ids.count) events, \(Set(ids).count) ids")
    }

    /// Only what reached the disk is lost (`synced`) is the usual cut, which the sync's single flush
    /// makes all or nothing; the chunks written ahead of it are at stake when some or all of them survive.
    @Test(arguments: [PowerCutDisk.Survival.torn, .written])
    func aFirstSyncCutShortAtAnyStepLosesNothingAndTakesNothingInTwice(survival: PowerCutDisk.Survival) throws {
        let other = try Self.otherHistory(commands: (SyncRound.chunkSize + 200) / 50, size: 50)
        let clock = TestClock()
        var step = 0
        while true {
            let setUp = PowerCutDisk()
            _ = try Self.history(on: setUp, holding: (other.name, other.bytes), clock)
            let disk = setUp.afterPowerCut(keptNameChanges: .max) { _ in .written }  // The folder set, durably.
            disk.dies(after: step)
            _ = try? PowerCutCase.store(on: disk, clock).sync(.now)
            let finished = !disk.hasCrashed
            let after = disk.afterPowerCut(tornFraction: 0.6) { _ in survival }
            let next = PowerCutCase.store(on: after, clock)
            let partial = try next.read()
            #expect(partial[.happy] <= other.counts[.happy] && partial[.sad] <= other.counts[.sad], "cut at \(step)")
            _ = try next.sync(.now)
            let final = try next.read()
            expect(final, equals: other.counts, "cut at \(step): partial \(partial), then \(final), expected \(other.counts)")
            let ids = try next.events().map(\.id)
            #expect(ids.count == other.counts.total && Set(ids).count == ids.count, "cut at \(step): \(ids.count) events")
            if finished { break }
            step += 1
            try #require(step < 400, "the sync never finished")
        }
    }

    /// The data file saved durably before the journal's lines (its first journal, here) once kept the
    /// sync's new read cursors: cut short before the lines were flushed, the history lost what it had
    /// taken in, as its next sync took the other's file for read.
    @Test(arguments: [PowerCutDisk.Survival.synced, .torn])
    func aTapThatTakesInAnothersChangesCutShortAtAnyStepLosesNoneOfThem(survival: PowerCutDisk.Survival) throws {
        let other = try Self.otherHistory(commands: 4, size: 5)
        let clock = TestClock()
        var expected = other.counts
        _ = try expected.apply(.tap(.upset))
        var step = 0
        while true {
            let setUp = PowerCutDisk()
            _ = try Self.history(on: setUp, holding: (other.name, other.bytes), clock)
            let disk = setUp.afterPowerCut(keptNameChanges: .max) { _ in .written }  // The folder set, durably.
            disk.dies(after: step)
            _ = try? PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.upset)], note: nil, placedAt: nil))
            let finished = !disk.hasCrashed
            let next = PowerCutCase.store(on: disk.afterPowerCut(tornFraction: 0.6) { _ in survival }, clock)
            let tapped = try next.read()[.upset] == 1
            _ = try next.sync(.now)
            if !tapped { _ = try next.commit(.apply([.tap(.upset)], note: nil, placedAt: nil)) }
            let final = try next.read()
            expect(final, equals: expected, "cut at \(step): \(final), expected \(expected)")
            if finished { break }
            step += 1
            try #require(step < 200, "the tap never finished")
        }
    }

    @Test func aCommandLongerThanTheIntakeWindowIsTakenInWhole() throws {
        // Lines of about 200 bytes: a command of this many does not fit one window.
        let size = SyncRound.intakeWindow / 100
        let other = try Self.otherHistory(commands: 3, size: size)
        let disk = PowerCutDisk()
        let store = try Self.history(on: disk, holding: (other.name, other.bytes), TestClock())
        _ = try store.sync(.now)
        try expect(store.read(), equals: other.counts)
        try expect(store.events().count, equals: 3 * size)
    }
}
