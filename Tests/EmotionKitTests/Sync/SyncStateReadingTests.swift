@testable import EmotionKit
import Testing

/// Reading the data file's `"sync"` value back, and refusing one out of range rather than trusting it.
@Suite struct SyncStateReadingTests {
    private static let own = HistoryID(text: "01KAT8FW5X6N3X9R2T4K7M1P0Z")!
    private static let other = HistoryID(text: "01KB2C3D4E5F6G7H8J9K0M1N2P")!

    private static var full: SyncState {
        var state = SyncState(folder: "/home/me/Sync/emotions", name: "laptop")
        state.identities = [.init(history: own, since: 1), .init(history: other, since: 40)]
        state.sent = .init(bytes: 3456, sequence: 12, size: 4100, after: [HistoryMark(other, 7)])
        state.read["01KB2C3D4E5F6G7H8J9K0M1N2P.jsonl"] = .init(bytes: 900, line: 180, hash: 0x9F00_AB12)
        state.names[other] = "phone"
        state.aliases = [.init(id: EventID(parsing: "01KAT8FW5X6N3X9R2T4K7M1P0Z")!, history: other, sequence: 3, after: [HistoryMark(own, 2)])]
        return state
    }

    @Test func aStateReadsBackAsItWasWritten() throws {
        let text = Self.full.json.serialized()
        let parsed = try JSONParser.parse(Array(text.utf8))
        expect(SyncState(json: parsed), equals: Self.full)
    }

    @Test func aStateWithOnlyItsFolderAndNameHasNothingSentOrRead() throws {
        let parsed = try JSONParser.parse(Array(#"{"folder": "/f", "name": "n"}"#.utf8))
        expect(SyncState(json: parsed), equals: SyncState(folder: "/f", name: "n"))
    }

    @Test(arguments: [
        #""sent": {"bytes": -1, "seq": 0, "size": 0}"#,
        #""sent": {"bytes": 0, "seq": 4611686018427387905, "size": 0}"#,
        #""sent": {"bytes": 0, "seq": 0}"#,
        #""sent": {"bytes": 0, "seq": 0, "size": 0, "after": {"nonsense": 1}}"#,
        #""identities": [{"history": "01KAT8FW5X6N3X9R2T4K7M1P0Z", "since": 0}]"#,
        #""names": {"01KAT8FW5X6N3X9R2T4K7M1P0Z": 3}"#,
        #""aliases": [{"id": "01KAT8FW5X6N3X9R2T4K7M1P0Z", "history": "01KAT8FW5X6N3X9R2T4K7M1P0Z", "seq": 0}]"#,
        #""read": {"x.jsonl": {"bytes": 1, "line": 1, "hash": "not hex"}}"#,
    ])
    func aStateWithAPartOutOfRangeIsRefused(part: String) throws {
        let parsed = try JSONParser.parse(Array(#"{"folder": "/f", "name": "n", \#(part)}"#.utf8))
        expect(SyncState(json: parsed), equals: nil)
    }

    @Test func namesListedBeforeAreReadBack() throws {
        let parsed = try JSONParser.parse(Array(
            #"{"folder": "/f", "name": "n", "listed": {"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "changedSeconds": 5, "changedNanoseconds": 6, "names": ["01KAT8FW5X6N3X9R2T4K7M1P0Z.jsonl"]}}"#.utf8))
        let listed = ListedNames(
            names: ["01KAT8FW5X6N3X9R2T4K7M1P0Z.jsonl"], folder: FileIdentity(device: 1, inode: 2), seconds: 3, nanoseconds: 4,
            changedSeconds: 5, changedNanoseconds: 6)
        expect(SyncState(json: parsed)?.listed, equals: listed)
    }

    /// What was listed is only a shortcut past reading the folder: one not as written is dropped, and
    /// the folder read again, never the state refused for it.
    @Test(arguments: [
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 1000000000, "names": []}"#,
        // As the release before the change time was kept wrote it: the folder is read again.
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "names": []}"#,
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "changedSeconds": 5, "changedNanoseconds": 1000000000, "names": []}"#,
        #"{"device": -1, "inode": 2, "seconds": 3, "nanoseconds": 4, "names": []}"#,
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4}"#,
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "names": ["notes.txt"]}"#,
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "names": [7]}"#,
        #"{"device": 1, "inode": 2, "seconds": 3, "nanoseconds": 4, "names": ["01KAT8FW5X6N3X9R2T4K7M1P0Z (a/../b).jsonl"]}"#,
        #"[]"#,
    ])
    func namesListedNotAsWrittenAreDroppedAndTheStateKept(listed: String) throws {
        let parsed = try JSONParser.parse(Array(#"{"folder": "/f", "name": "n", "listed": \#(listed)}"#.utf8))
        let state = try #require(SyncState(json: parsed))
        #expect(state.listed == nil && state == SyncState(folder: "/f", name: "n"))
    }
}
