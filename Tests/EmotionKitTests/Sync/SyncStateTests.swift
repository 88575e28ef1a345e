@testable import EmotionKit
import Testing

/// What a history keeps of its sync folder in the data file, written and read back.
@Suite struct SyncStateTests {
    private static let first = HistoryID(text: "01KAT8FW5X6N3X9R2T4K7M1P0Z")!
    private static let second = HistoryID(text: "01KB2000000000000000000000")!
    private static let third = HistoryID(text: "01KC3000000000000000000000")!

    /// A state with something in every part, and strings that must be escaped.
    private static var full: SyncState {
        var state = SyncState(folder: "/home/me/Sync \"emotions\"/é\\x", name: "laptop \"☺\"")
        state.identities = [SyncState.Identity(history: first, since: 1), SyncState.Identity(history: second, since: 42)]
        state.journalInode = 1_837_402
        state.sent = SyncState.Sent(bytes: 3456, sequence: 12, size: 4100, after: [HistoryMark(third, 7), HistoryMark(first, 0)])
        state.read["01KC3000000000000000000000.jsonl"] = SyncState.ReadCursor(bytes: 900, line: 180, hash: 0x9f00_0000_0000_00a1)
        state.read["01KAT8FW5X6N3X9R2T4K7M1P0Z.sync-conflict-20261126-141500-ABCDEFG.jsonl"] = SyncState.ReadCursor(bytes: 0, line: 0, hash: 0)
        state.read["a \"quoted\" copy.jsonl"] = SyncState.ReadCursor(bytes: Int64(1) << 62, line: 1, hash: .max)
        state.names[third] = "desk\ttop"
        state.names[first] = "old"
        state.aliases = [SyncState.Alias(id: EventID(parsing: "01KAT8FW5X6N3X9R2T4K7M1P0Z")!, history: third, sequence: 3, after: [HistoryMark(second, 2)])]
        state.listed = ListedNames(
            names: ["01KAT8FW5X6N3X9R2T4K7M1P0Z.jsonl", "01KC3000000000000000000000.sync-conflict-20261126-141500-ABCDEFG.jsonl"],
            folder: FileIdentity(device: 65_024, inode: 16_580_921), seconds: 1_795_776_984, nanoseconds: 137_736_038)
        return state
    }

    @Test func theDataFileKeepsTheSameBytesAsTheGeneralJSONWriterWouldWrite() {
        expect(String(decoding: Self.full.minimalJSON, as: UTF8.self), equals: Self.full.json.minimalText)
        let empty = SyncState(folder: "/s", name: "n")
        expect(String(decoding: empty.minimalJSON, as: UTF8.self), equals: empty.json.minimalText)
        var controls = SyncState(folder: "/s\u{9B}", name: "a\u{85}\u{1}")
        controls.names[Self.second] = "\u{7F}"
        expect(String(decoding: controls.minimalJSON, as: UTF8.self), equals: controls.json.minimalText)
    }

    @Test func aStateReadBackFromItsTextIsTheSameState() throws {
        let parsed = try JSONParser.parse(Self.full.minimalJSON)
        expect(SyncState(json: parsed), equals: Self.full)
    }

    @Test func readCursorsAndNamesAreKeptInOrderWhateverOrderTheyCameIn() {
        var cursors = SyncState.ReadCursors()
        for name in ["c", "a", "b", "a"] { cursors[name] = SyncState.ReadCursor(bytes: 1, line: 1, hash: 1) }
        expect(cursors.entries.map(\.file), equals: ["a", "b", "c"])
        cursors["b"] = nil
        cursors["z"] = nil
        expect(cursors.entries.map(\.file), equals: ["a", "c"])
        cursors.keep { $0 != "a" }
        expect(cursors.entries.map(\.file), equals: ["c"])
        var names = SyncState.Names()
        names[Self.third] = "3"
        names[Self.first] = "1"
        names[Self.second] = "2"
        names[Self.first] = "one"
        expect(names.entries.map(\.name), equals: ["one", "2", "3"])
        expect(names[Self.second], equals: "2")
    }

    @Test func aDocumentWritesTheStateItWasGivenAndReadsItBack() throws {
        var document = try TallyDocument(parsing: Array(#"{"version": 1, "later": [1], "sync": {"folder": "/x", "name": "n", "future": 1}}"#.utf8))
        let kept = String(decoding: document.serialized(), as: UTF8.self)
        #expect(kept.contains(#""future":1"#), "a state not changed is written as it was read, keys of a later version and all")
        document.sync = Self.full
        let again = try TallyDocument(parsing: document.serialized())
        expect(again.sync, equals: Self.full)
        expect(String(decoding: again.serialized(), as: UTF8.self), equals: String(decoding: document.serialized(), as: UTF8.self))
        document.sync = nil
        #expect(!String(decoding: document.serialized(), as: UTF8.self).contains("sync"))
    }
}
