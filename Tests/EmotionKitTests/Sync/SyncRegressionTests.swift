import Foundation
import Testing

@testable import EmotionKit

/// Schedules the store-level property test of sync (`SyncPropertyTests`) failed, kept as plain tests.
@Suite struct SyncRegressionTests {
    /// A store on `folder`'s `name/emotions.json` that syncs with `sync`, on `clock`.
    static func store(_ name: String, in folder: TemporaryFolder, clock: HandClock, syncingWith sync: String) throws -> TallyStore {
        try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
        let store = clock.store(at: folder.file(name + "/emotions.json"), zone: .utc)
        try store.sync(.folder(sync, name: name))
        return store
    }

    /// The one history file in `folder`.
    static func historyFile(in folder: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.count == 32 && $0.hasSuffix(".jsonl") }
        return folder + "/" + (try #require(names.first))
    }

    @Test func aSyncWithNothingNewSendsAgainWhatItsOwnFileLost() throws {
        // Seed 0, stream 2: a sync tool put back a cut copy of a history's own file after its last change; with
        // nothing new to send, no sync looked at the file again, and the other histories never had that change.
        let folder = try TemporaryFolder()
        let clock = HandClock()
        let store = try Self.store("laptop", in: folder, clock: clock, syncingWith: folder.file("sync"))
        try store.apply([.tap(.happy)], note: nil)
        clock.advance(minutes: 1)
        try store.apply([.tap(.sad)], note: nil)
        let file = try Self.historyFile(in: folder.file("sync"))
        let sent = try #require(FileManager.default.contents(atPath: file))
        for kept in [35, sent.count - 20, 0] {
            try Data(sent.prefix(kept)).write(to: URL(fileURLWithPath: file))
            try store.sync(.now)
            #expect(FileManager.default.contents(atPath: file) == sent, "cut to \(kept) bytes")
        }
        try FileManager.default.removeItem(atPath: file)
        #expect(try store.takeInIfSynced() != nil)
        #expect(FileManager.default.contents(atPath: file) == sent, "removed")
    }
}
