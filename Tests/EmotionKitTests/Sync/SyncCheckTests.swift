import Foundation
import Testing

@testable import EmotionKit

/// `TallyStore.checkSync()`: what a command reads before it shows counts, once.
@Suite struct SyncCheckTests {
    @Test func withNoSyncFolderTheCheckKeepsTheCountsItRead() throws {
        let folder = try TemporaryFolder()
        let store = HandClock().store(at: folder.file("emotions.json"), zone: .utc)
        try store.apply([.tap(.happy), .add(2, to: .sad)], note: nil)
        try expect(store.checkSync(), equals: SyncCheck(report: nil, counts: try store.read()))
        try expect(store.checkSync().counts?[.sad], equals: 2)
    }

    @Test func withNoDataFileTheCountsAreAllZero() throws {
        let folder = try TemporaryFolder()
        let store = HandClock().store(at: folder.file("missing/emotions.json"), zone: .utc)
        try expect(store.checkSync(), equals: SyncCheck(report: nil, counts: Tally()))
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")), "a check creates nothing")
    }

    @Test func aDataFileThatCannotBeReadIsLeftForTheReadToReport() throws {
        let folder = try TemporaryFolder()
        try "garbage".write(toFile: folder.file("emotions.json"), atomically: true, encoding: .utf8)
        let store = HandClock().store(at: folder.file("emotions.json"), zone: .utc)
        try expect(store.checkSync(), equals: SyncCheck(report: nil, counts: nil))
        #expect(throws: StoreError.self) { try store.read() }
    }

    @Test func aSyncedHistoryWithNothingNewKeepsItsCounts() throws {
        let folder = try TemporaryFolder()
        let clock = HandClock()
        let store = try SyncRegressionTests.store("laptop", in: folder, clock: clock, syncingWith: folder.file("sync"))
        try store.apply([.tap(.smile)], note: nil)
        try expect(store.checkSync(), equals: SyncCheck(report: nil, counts: try store.read()))
    }

    @Test func whatTheFolderBringsIsTakenInAndTheCountsAreLeftToRead() throws {
        let folder = try TemporaryFolder()
        let clock = HandClock()
        let laptop = try SyncRegressionTests.store("laptop", in: folder, clock: clock, syncingWith: folder.file("sync"))
        let phone = try SyncRegressionTests.store("phone", in: folder, clock: clock, syncingWith: folder.file("sync"))
        clock.advance(minutes: 1)
        try phone.apply([.tap(.happy)], note: nil)
        let check = try laptop.checkSync()
        #expect(check.report != nil)
        expect(check.counts, equals: nil)
        try expect(laptop.read()[.happy], equals: 1)
        try expect(laptop.checkSync(), equals: SyncCheck(report: nil, counts: try laptop.read()), "nothing new the second time")
    }
}
