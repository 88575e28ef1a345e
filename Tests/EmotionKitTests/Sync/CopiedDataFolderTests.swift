import Foundation
import Testing

@testable import EmotionKit

/// A data folder copied whole (a restored backup, a copied home folder): its journal is a new file,
/// so the copy knows itself for a copy before it publishes anything, and goes on under a new id.
@Suite struct CopiedDataFolderTests {
    /// Copies `from`'s data file and journal to a new folder `to`, as `cp -a` does (new files: new
    /// inodes), and the sync folder `folder` to `copyFolder`, the copy's own view of it on another machine.
    static func copy(
        _ from: String, to: String, folder: String, copyFolder: String, in root: TemporaryFolder, clock: HandClock
    ) throws -> TallyStore {
        let manager = FileManager.default
        try manager.createDirectory(atPath: root.file(to), withIntermediateDirectories: false)
        try manager.copyItem(atPath: root.file(folder), toPath: root.file(copyFolder))
        try manager.copyItem(atPath: root.file(from + "/emotions.json.journal"), toPath: root.file(to + "/emotions.json.journal"))
        let data = try String(contentsOfFile: root.file(from + "/emotions.json"), encoding: .utf8)
        try data.replacingOccurrences(of: "/\(folder)\"", with: "/\(copyFolder)\"")
            .write(toFile: root.file(to + "/emotions.json"), atomically: true, encoding: .utf8)
        return clock.store(at: root.file(to + "/emotions.json"), zone: .utc)
    }

    /// The history files (`<ID>.jsonl`) of `folder`, by name, with their bytes.
    static func historyFiles(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.count == 32 && name.hasSuffix(".jsonl") {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    /// The ids of every change `store`'s log holds.
    static func ids(of store: TallyStore) throws -> Set<EventID> {
        Set(try store.events().map(\.id))
    }

    @Test func aCopiedDataFolderTakesANewIdAtItsFirstChangeBeforePublishingAndNothingIsLost() throws {
        let root = try TemporaryFolder()
        let clock = HandClock()
        let original = try SyncRegressionTests.store("m0", in: root, clock: clock, syncingWith: root.file("f0"))
        try original.apply([.tap(.happy)], note: nil)
        clock.advance(minutes: 1)
        try original.apply([.tap(.sad)], note: nil)
        let originalID = try #require(try original.sync(.now)?.history)
        let copy = try Self.copy("m0", to: "m1", folder: "f0", copyFolder: "f1", in: root, clock: clock)
        let before = try Self.historyFiles(in: root.file("f1"))
        expect(before.keys.sorted(), equals: [originalID + ".jsonl"])

        // Both tap apart, each publishing to its own view of the folder before seeing the other's.
        clock.advance(minutes: 1)
        try original.apply([.tap(.upset)], note: nil)
        try copy.apply([.tap(.smile)], note: nil)
        let after = try Self.historyFiles(in: root.file("f1"))
        expect(after[originalID + ".jsonl"], equals: before[originalID + ".jsonl"], "the copy wrote to the original's file")
        expect(after.count, equals: 2, "\(after.keys.sorted())")
        let copyID = try #require(try copy.sync(.now)?.history)
        #expect(copyID != originalID)
        #expect(after[copyID + ".jsonl"] != nil)
        try expect(original.sync(.now)?.history, equals: originalID)

        // Both ways, whole, as a sync tool delivers; the original's later changes under the old id reach the copy.
        try SyncRegressionTests.deliver(from: root.file("f0"), to: root.file("f1"))
        try SyncRegressionTests.deliver(from: root.file("f1"), without: [originalID + ".jsonl"], to: root.file("f0"))
        try copy.sync(.now)
        try original.sync(.now)
        let all = try #require(Tally(counts: [.happy: 1, .sad: 1, .upset: 1, .smile: 1]))
        try expect(original.read(), equals: all)
        try expect(copy.read(), equals: all)
        try expect(Self.ids(of: original), equals: Self.ids(of: copy))
        try expect(Self.ids(of: original).count, equals: 4)
        try expect(original.sync(.now)?.history, equals: originalID)
    }

    @Test func copiesMadeBeforeEitherSyncedSpeakAsTwoHistoriesAndAThirdTakesInBothWhole() throws {
        let root = try TemporaryFolder()
        let clock = HandClock()
        let manager = FileManager.default
        for name in ["m0", "m1", "f0", "f1", "f2"] { try manager.createDirectory(atPath: root.file(name), withIntermediateDirectories: true) }
        let original = clock.store(at: root.file("m0/emotions.json"), zone: .utc)
        try original.apply([.tap(.happy)], note: nil)
        // Copied with no sync folder set: no inode recorded yet, both hold the same first change.
        for file in ["emotions.json", "emotions.json.journal"] { try manager.copyItem(atPath: root.file("m0/" + file), toPath: root.file("m1/" + file)) }
        let copy = clock.store(at: root.file("m1/emotions.json"), zone: .utc)
        clock.advance(minutes: 1)
        // Each sets its own view of the folder and taps before seeing the other's file.
        let originalID = try #require(try original.sync(.folder(root.file("f0"), name: "laptop"))?.history)
        let copyID = try #require(try copy.sync(.folder(root.file("f1"), name: "desktop"))?.history)
        #expect(originalID != copyID, "two copies speak as one history")
        try original.apply([.tap(.sad)], note: nil)
        try copy.apply([.tap(.upset)], note: nil)
        // A third machine gets both files, as a sync tool delivers them, and takes in every change once.
        let third = try SyncRegressionTests.store("m2", in: root, clock: clock, syncingWith: root.file("f2"))
        try SyncRegressionTests.deliver(from: root.file("f0"), to: root.file("f2"))
        try SyncRegressionTests.deliver(from: root.file("f1"), to: root.file("f2"))
        let report = try #require(try third.sync(.now))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        try expect(third.read(), equals: Tally(counts: [.happy: 1, .sad: 1, .upset: 1]))
        try expect(Self.ids(of: third).count, equals: 3)
        // The same journal gets the same id back when its folder is set again.
        try original.sync(.stop)
        try expect(original.sync(.folder(root.file("f0"), name: "laptop"))?.history, equals: originalID)
    }

    @Test func aCopyGoesOnUnderThisHostsNameOrTheOriginalsMarkedAsACopy() {
        expect(SyncRound.nameOfCopy(named: "laptop", onHost: "desktop"), equals: "desktop", "a folder copied to another machine")
        expect(SyncRound.nameOfCopy(named: "laptop", onHost: "laptop"), equals: "laptop (copy)", "a backup restored on the same one")
        // A second copy on a host whose name another copy took already, and a copy of a copy.
        expect(SyncRound.nameOfCopy(named: "laptop", onHost: "vm", taken: ["laptop", "vm"]), equals: "vm (copy)")
        expect(SyncRound.nameOfCopy(named: "vm", onHost: "vm", taken: ["laptop", "vm (copy)"]), equals: "vm (copy 2)")
        let long = String(repeating: "é", count: 64)
        let named = SyncRound.nameOfCopy(named: long, onHost: long)
        #expect(named.unicodeScalars.count == 64 && named.hasSuffix(" (copy)"), "within a name's 64 characters: \(named)")
    }

    @Test func aDataFileFromBeforeTheJournalWasRecordedRecordsItAndTakesNoNewId() throws {
        let root = try TemporaryFolder()
        let clock = HandClock()
        let store = try SyncRegressionTests.store("m0", in: root, clock: clock, syncingWith: root.file("f0"))
        try store.apply([.tap(.happy)], note: nil)
        let id = try #require(try store.sync(.now)?.history)
        let path = root.file("m0/emotions.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recorded = try #require(text.range(of: #","journal":\{"inode":[0-9]+\}"#, options: .regularExpression))
        try text.replacingCharacters(in: recorded, with: "").write(toFile: path, atomically: true, encoding: .utf8)
        clock.advance(minutes: 1)
        try store.apply([.tap(.sad)], note: nil)
        try expect(store.sync(.now)?.history, equals: id)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""inode""#))
    }

    @Test func aSyncedHistoryWhoseJournalWasLostChangesNothingRatherThanNumberItsChangesFromOneAgainUnderItsId() throws {
        let root = try TemporaryFolder()
        let clock = HandClock()
        let store = try SyncRegressionTests.store("m0", in: root, clock: clock, syncingWith: root.file("f0"))
        try store.apply([.tap(.happy)], note: nil)
        clock.advance(minutes: 1)
        try store.apply([.tap(.sad)], note: nil)
        let id = try #require(try store.sync(.now)?.history)
        let published = try Self.historyFiles(in: root.file("f0"))
        let dataFile = FileManager.default.contents(atPath: root.file("m0/emotions.json"))
        try FileManager.default.removeItem(atPath: root.file("m0/emotions.json.journal"))

        clock.advance(minutes: 1)
        #expect(throws: StoreError.self) { try store.apply([.tap(.upset)], note: nil) }
        // Its file in the folder would hold a second change at place 1, which every other history refuses from there on.
        try expect(Self.historyFiles(in: root.file("f0")), equals: published, "\(id)")
        expect(FileManager.default.contents(atPath: root.file("m0/emotions.json")), equals: dataFile)
        #expect(!FileManager.default.fileExists(atPath: root.file("m0/emotions.json.journal")))
    }
}
