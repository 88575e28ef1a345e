@testable import EmotionKit
import Foundation
import Testing

/// An export read from its file twice: lines cut across reads are whole, a file changed between the
/// reads is refused with nothing imported, and the events are kept only when asked for.
@Suite struct ExportSourceTests {
    typealias L = ImportLines

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    func store() -> TallyStore {
        TallyStore(
            path: path, fileSystem: .live, clock: { Instant(millisecondsSinceEpoch: ImportStoreTests.now) }, zone: .fixed(secondsEast: 0))
    }

    /// Lines of one command of two and three single ones, the last without its line break.
    static let lines = [
        L.line(1, "tap", "happy", 0, 1, at: "2026-11-23T12:00:00.000+00:00", #", "note": "a long note to cut across reads""#),
        L.line(2, "tap", "sad", 0, 1, at: "2026-11-23T12:30:00.000+00:00", #", "events": 2"#),
        L.line(3, "tap", "smile", 0, 1, at: "2026-11-23T12:30:00.000+00:00", #", "group": "\#(L.id(2))""#),
        "",
        L.line(4, "add", "upset", 0, 3, at: "2026-11-23T13:00:00.000+00:00"),
        L.line(5, "tap", "neutral", 0, 1, at: "2026-11-23T14:00:00.000+00:00"),
    ]

    /// A source reading `text` from a file, as `import FILE` does.
    func fileSource(_ text: String, name: String = "export.jsonl") throws -> ExportSource {
        let file = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return ExportSource(file: try Syscall.open(file, OpenFlags.readOnly), name: file)
    }

    @Test func linesCutAcrossReadsOfAnySizeAreReadWhole() throws {
        let text = "\u{FEFF}" + Self.lines.joined(separator: "\r\n")
        let whole = try ImportBatch(parsing: Array(text.utf8))
        for chunk in [1, 2, 7, 64, 1 << 20] {
            var seen: [(Int, String)] = []
            try fileSource(text).forEachLine(chunk: chunk) { line, _, number throws(ImportError) in
                seen.append((number, String(decoding: line, as: UTF8.self)))
            }
            expect(seen.map(\.0), equals: [1, 2, 3, 4, 5, 6], "read \(chunk) bytes at a time")
            expect(seen.map(\.1), equals: Self.lines, "read \(chunk) bytes at a time")
        }
        let batch = try ImportBatch(reading: try fileSource(text))
        #expect(batch.commandIDs == whole.commandIDs && batch.commandLines == whole.commandLines)
        expect(batch.commandIDs, equals: [[L.eventID(1)], [L.eventID(2), L.eventID(3)], [L.eventID(4)], [L.eventID(5)]])
    }

    @Test func aFileImportedFromItsFileGivesWhatItsBytesGive() throws {
        let text = Self.lines.joined(separator: "\n") + "\n"
        let (plan, events) = try store().importChanges(try ImportBatch(reading: try fileSource(text)))
        #expect(plan.changeCount == 5 && events.map(\.id) == [1, 2, 3, 4, 5].map(L.eventID))
        expect(events.first?.note, equals: "a long note to cut across reads")
        try expect(store().read(), equals: Tally(counts: [.happy: 1, .sad: 1, .smile: 1, .upset: 3, .neutral: 1]))
    }

    @Test func aFileChangedBetweenItsTwoReadsIsRefusedAndNothingIsImported() throws {
        let store = store()
        try store.apply([.tap(.happy)], note: nil)
        let journal = try Data(contentsOf: URL(fileURLWithPath: path + ".journal"))
        let dataFile = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = Self.lines.joined(separator: "\n") + "\n"
        let source = try fileSource(text)
        let batch = try ImportBatch(reading: source)
        // Another change of the same length where the fifth line was, written in place.
        let changed = text.replacingOccurrences(of: L.id(5), with: L.id(6))
        #expect(changed != text && changed.utf8.count == text.utf8.count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("export.jsonl")))
        try handle.write(contentsOf: Data(changed.utf8))
        try handle.close()
        #expect(throws: ImportSourceError.changed(name: folder.file("export.jsonl"), line: 6)) { try store.importChanges(batch) }
        try expect(Data(contentsOf: URL(fileURLWithPath: path + ".journal")), equals: journal)
        try expect(Data(contentsOf: URL(fileURLWithPath: path)), equals: dataFile)
        try expect(store.read(), equals: Tally(counts: [.happy: 1]))
    }

    /// Edits in place, each of the same length, that keep a line's id, command, emotion and amount:
    /// a note, a time a thousand years ahead (which the first read would refuse), and the command a
    /// later change belongs to (which would break two commands apart).
    static let editsKeepingTheChange = [
        ("a long note to cut across reads", "a long note to cut ACROSS reads"),
        ("\"at\": \"2026-11-23T13:00", "\"at\": \"3026-11-23T13:00"),
        ("\"group\": \"\(L.id(2))\"", "\"group\": \"\(L.id(4))\""),
    ]

    @Test(arguments: editsKeepingTheChange)
    func aLineEditedBetweenTheReadsIsRefusedThoughItIsTheSameChange(edit: (String, String)) throws {
        let text = Self.lines.joined(separator: "\n") + "\n"
        let batch = try ImportBatch(reading: try fileSource(text))
        let changed = text.replacingOccurrences(of: edit.0, with: edit.1)
        #expect(changed != text && changed.utf8.count == text.utf8.count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("export.jsonl")))
        try handle.write(contentsOf: Data(changed.utf8))
        try handle.close()
        #expect(throws: ImportSourceError.self) { try store().importChanges(batch) }
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
        // The line's fingerprint fits in what a change keeps.
        expect(MemoryLayout<ImportBatch.Change>.stride, equals: 48)
    }

    @Test func aFileCutBetweenItsTwoReadsIsRefused() throws {
        let text = Self.lines.joined(separator: "\n") + "\n"
        let batch = try ImportBatch(reading: try fileSource(text))
        try Data(text.utf8.prefix(text.utf8.count / 2)).write(to: URL(fileURLWithPath: folder.file("export.jsonl")))
        #expect(throws: ImportSourceError.self) { try store().importChanges(batch) }
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
    }

    @Test func theEventsAreKeptOnlyWhenAskedForOrObserved() throws {
        let text = Self.lines.joined(separator: "\n")
        let store = store()
        let (plan, events) = try store.importChanges(try ImportBatch(parsing: Array(text.utf8)), keepingEvents: false)
        #expect(plan.changeCount == 5 && events.isEmpty)
        // An observer hears every change though the caller did not ask for the events.
        let other = TallyStore(
            path: folder.file("other.json"), fileSystem: .live, clock: { Instant(millisecondsSinceEpoch: ImportStoreTests.now) },
            zone: .fixed(secondsEast: 0))
        let heard = HeardChanges()
        let observation = try other.observe(options: [.old, .new]) { heard.add($0.emotion) }
        defer { observation.cancel() }
        let observed = try other.importChanges(try ImportBatch(parsing: Array(text.utf8)), keepingEvents: false)
        expect(observed.events.count, equals: 5)
        expect(heard.emotions, equals: [.happy, .sad, .smile, .upset, .neutral])
    }

    @Test func anExportLargerThanTheLimitIsRefusedAsItIsRead() throws {
        let name = folder.file("large.jsonl")
        #expect(FileManager.default.createFile(atPath: name, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: name))
        try handle.truncate(atOffset: UInt64(ExportSource.limit) + 1)  // Sparse: no room taken.
        try handle.close()
        let source = ExportSource(file: try Syscall.open(name, OpenFlags.readOnly), name: name)
        #expect(throws: ImportSourceError.tooLarge(name: name)) { try ImportBatch(reading: source) }
    }
}

/// The emotions an observer heard, from any thread.
final class HeardChanges: @unchecked Sendable {  // `list` is only touched under `lock`.
    private let lock = NSLock()
    private var list: [Emotion] = []

    func add(_ emotion: Emotion) {
        lock.withLock { list.append(emotion) }
    }

    var emotions: [Emotion] { lock.withLock { list } }
}

/// What the first read refuses early: a line longer than any line read, measured without being held,
/// and a file naming more histories than one import takes in.
@Suite struct ExportSourceLimitTests {
    typealias L = ImportLines

    @Test func aLineLongerThanAnyLineReadIsRefusedWithItsLengthWithoutBeingHeld() throws {
        let good = L.line(1, "tap", "happy", 0, 1)
        let long = String(repeating: "x", count: 300_000)
        for ending in ["", "\n" + good] {
            let bytes = Array((good + "\n" + long + ending).utf8)
            var seen = 0
            #expect(throws: ImportError.badLine(line: 2, .tooLong(bytes: 300_000))) {
                try ExportSource(bytes: bytes).forEachLine(chunk: 4096) { _, _, _ throws(ImportError) in seen += 1 }
            }
            expect(seen, equals: 1)
        }
        // One just past the limit with a carriage return is the strict parser's to measure, as before.
        let padded = "{\"id\": \"\(L.id(1))\"" + String(repeating: " ", count: JournalEvent.lineLimit) + "}\r\n"
        #expect(throws: ImportError.badLine(line: 1, .tooLong(bytes: padded.utf8.count - 2))) {
            try ImportBatch(parsing: Array(padded.utf8))
        }
    }

    @Test func aFileNamingMoreHistoriesThanASyncFolderReadsIsRefusedAtTheFirstPastThem() throws {
        let lines = (0...SyncRound.historyLimit).map { index in
            L.line(index + 1, "tap", "happy", index, index + 1, #", "history": "\#(L.id(10_000 + index))", "hseq": 1"#)
        }
        expect(L.refusal(lines), equals: .tooManyHistories(line: SyncRound.historyLimit + 1, limit: SyncRound.historyLimit))
        expect(L.refusal(Array(lines.dropLast())), equals: nil)
    }
}
