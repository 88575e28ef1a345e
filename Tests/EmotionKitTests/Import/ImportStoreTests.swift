@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// An import through the store: one locked commit, read back by `log`'s reader, nothing written on refusal.
@Suite struct ImportStoreTests {
    typealias L = ImportLines

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    /// 2026-11-29T23:33:20Z, after the lines' 2026-11-23.
    static let now: Int64 = 1_796_000_000_000

    func store() -> TallyStore {
        TallyStore(path: path, fileSystem: .live, clock: { Instant(millisecondsSinceEpoch: Self.now) }, zone: .fixed(secondsEast: 0))
    }

    @Test func olderImportedChangesAreFoundBySinceAfterNewerOnes() throws {
        let store = store()
        try store.apply([.tap(.happy)], note: nil)  // Recorded 2026-11-29.
        let batch = try L.batch([
            L.line(1, "tap", "sad", 0, 1, at: "2025-06-01T10:00:00.000+00:00"),
            L.line(2, "tap", "smile", 0, 1, at: "2026-11-10T10:00:00.000+00:00"),
        ])
        let (plan, events) = try store.importChanges(batch)
        #expect(plan.changeCount == 2 && events.map(\.sequence) == [2, 3])
        let since = Instant(millisecondsSinceEpoch: 1_793_000_000_000)  // 2026-10-26
        try expect(store.events(EventQuery(since: since)).map(\.emotion), equals: [.smile, .happy])
        try expect(store.events(EventQuery(last: 2)).map(\.emotion), equals: [.smile, .happy])
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .sad: 1, .smile: 1]))
        let again = try store.importChanges(batch)
        #expect(again.plan.changeCount == 0 && again.plan.alreadyThere == 2 && again.events.isEmpty)
    }

    @Test func observersHearEachImportedChangeWithItsEvent() throws {
        let store = store()
        let heard = Mutex<[ObservedChange]>([])
        let token = try store.observe(options: [.old, .new]) { change in heard.withLock { $0.append(change) } }
        defer { token.cancel() }
        let batch = try L.batch([
            L.line(1, "tap", "sad", 0, 1, #", "events": 2"#), L.line(2, "tap", "happy", 4, 5, #", "group": "\#(L.id(1))""#),
        ])
        let (_, events) = try store.importChanges(batch)
        let changes = heard.withLock { $0 }
        expect(changes.map(\.emotion), equals: [.sad, .happy])
        expect(changes.map { $0.event?.id }, equals: events.map(\.id))
    }

    @Test func anUndoTheJournalWritesWithEscapesStillTellsTheCommandIsUndone() throws {
        let store = store()
        let tap = L.line(1, "tap", "sad", 0, 1)
        _ = try store.importChanges(try L.batch([tap]))
        try store.apply([.tap(.happy)], note: nil)
        _ = try store.undo()
        _ = try store.undo(try #require(EventIDPrefix(parsing: L.id(1))))  // The imported tap's, on the last line.
        // That line, with its command's name written with an escape: still an undo.
        let journal = path + ".journal"
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[lines.count - 1].contains(#""command":"undo""#))
        lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(of: #""command":"undo""#, with: #""command":"\u0075ndo""#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)  // Rebuilt from the journal.
        let theirs = L.line(2, "undo", "sad", 1, 0, at: "2026-11-23T12:01:00.000+00:00", #", "reverts": "\#(L.id(1))""#)
        let plan = try store.planImport(try L.batch([tap, theirs]))
        // Their undo is new: a second undo of the tap, which stands undone until two redos name it.
        #expect(plan.changes.map(\.id) == [L.eventID(2)] && plan.alreadyThere == 1 && plan.after == plan.before)
    }

    @Test func aRefusedImportWritesNothing() throws {
        let store = store()
        try store.apply([.tap(.sad)], note: nil)
        let before = (folder.bytes(of: path), folder.bytes(of: path + ".journal"))
        let batch = try L.batch([L.line(1, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(9))""#)])
        #expect(throws: ImportError.unknownReverts(line: 1, reverts: L.eventID(9))) { try store.importChanges(batch) }
        #expect(folder.bytes(of: path) == before.0 && folder.bytes(of: path + ".journal") == before.1)
    }

    @Test func aChangeRecordedMoreThanADayAheadRefusesTheImportAndOneLessIsKeptAtItsTime() throws {
        let store = store()
        try store.apply([.tap(.sad)], note: nil)
        let before = (folder.bytes(of: path), folder.bytes(of: path + ".journal"))
        let hour: Int64 = 3_600_000
        let soon = try Timestamp(millisecondsSinceEpoch: Self.now + hour, offsetSeconds: 0)
        let later = try Timestamp(millisecondsSinceEpoch: Self.now + 25 * hour, offsetSeconds: 0)
        let batch = try L.batch([L.line(1, "tap", "happy", 0, 1, at: soon.rfc3339), L.line(2, "tap", "smile", 0, 1, at: later.rfc3339)])
        let refusal = ImportError.recordedAhead(line: 2, key: "at", time: later, now: Instant(millisecondsSinceEpoch: Self.now))
        #expect(throws: refusal) { try store.importChanges(batch) }
        #expect(throws: refusal) { try store.planImport(batch) }
        #expect(folder.bytes(of: path) == before.0 && folder.bytes(of: path + ".journal") == before.1)
        _ = try store.importChanges(try L.batch([L.line(1, "tap", "happy", 0, 1, at: soon.rfc3339)]))
        try expect(store.events(EventQuery(last: 1)).map(\.at), equals: [soon])
        try store.apply([.tap(.upset)], note: nil)  // Placed before it, recorded after: log still finds it last.
        try expect(store.events(EventQuery(last: 1)).map(\.at), equals: [soon])
        try expect(store.events(EventQuery(since: Instant(millisecondsSinceEpoch: Self.now + 1))).map(\.emotion), equals: [.happy])
    }

    @Test func anImportOfAFileWithNoChangesIntoNoHistoryCreatesNothing() throws {
        let batch = try L.batch(["", ""])
        try expect(store().importChanges(batch).plan.changeCount, equals: 0)
        #expect(try store().planImport(batch).changes.isEmpty)
        try expect(folder.contents(), equals: [])
    }

    @Test func anUndoRecordedBeforeItsCommandByAClockSetBackIsTakenInAfterIt() throws {
        let store = store()
        let batch = try L.batch([
            L.line(2, "undo", "sad", 3, 0, at: "2026-11-23T11:00:00.000+00:00", #", "reverts": "\#(L.id(1))""#),
            L.line(1, "add", "sad", 0, 3, at: "2026-11-23T12:00:00.000+00:00"),
        ])
        let (plan, events) = try store.importChanges(batch)
        #expect(events.map(\.id) == [L.eventID(1), L.eventID(2)] && plan.leftOut == 0)
        try expect(store.read()[.sad], equals: 0)
    }

    @Test func anExportOfThePreviousReleaseIsOneHistorysEventsAfterWhatIsHeldHere() throws {
        let store = store()
        try store.apply([.tap(.happy)], note: nil)
        let mine = try #require(try store.events().first)
        // The other machine had imported this one's tap, then reset happy: the reset had seen it.
        let batch = try L.batch([
            #"{"id": "\#(mine.id)", "at": "\#(mine.at.rfc3339)", "command": "tap", "emotion": "happy", "old": 0, "new": 1}"#,
            L.line(3, "tap", "sad", 0, 1, at: "2026-11-30T01:00:00.000+00:00"),
            L.line(4, "reset", "happy", 1, 0, at: "2026-11-30T01:10:00.000+00:00"),
        ])
        let (plan, events) = try store.importChanges(batch)
        #expect(plan.alreadyThere == 1 && events.map(\.id) == [L.eventID(3), L.eventID(4)])
        // Named by the first line this history lacks, numbered from 1, the first made after the tap held here.
        let history = HistoryID(L.eventID(3))
        #expect(events.map { $0.origin?.history } == [history, history] && events.map { $0.origin?.sequence } == [1, 2])
        #expect(events[0].origin?.after.map(\.seq) == [1] && events[1].origin?.after == [])
        try expect(store.read(), equals: Tally(counts: [.sad: 1]))
        #expect(throws: ImportError.revertsNoChange(line: 1, reverts: L.eventID(5))) {
            try store.importChanges(try L.batch([L.line(5, "undo", "sad", 1, 0, #", "reverts": "\#(L.id(5))""#)]))
        }
    }
}
