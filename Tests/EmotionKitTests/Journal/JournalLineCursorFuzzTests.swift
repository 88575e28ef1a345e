@testable import EmotionKit
import Testing

/// Lines in the written form, changed a byte or a few at a time, read by the cursor (the event's fast
/// parser, a published line's, `FeltLine`) and by the strict parser: the same event or none, always.
@Suite struct JournalLineCursorFuzzTests {
    private static let id = "01B284J3D5Z6BJH74W6EJGCYC5"
    private static let other = "01B284J3D5Z6BJH74W6EJGCYC6"
    private static let at = "2016-11-23T08:24:16.549+00:00"

    /// Journal lines of each shape `jsonLine` writes.
    static let journalLines: [String] = [
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"\#(id)"}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"happy","old":41,"new":42,"note":"caf\u00e9 \"x\" \ud83d\ude00","seq":17,"group":"\#(id)"}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"add","emotion":"smile","old":3,"new":9,"note":"plain é","seq":2,"group":"\#(id)","events":2,"recorded":"2016-11-23T10:24:16.549+01:00"}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"undo","emotion":"upset","old":4,"new":3,"seq":13,"group":"\#(id)","reverts":"\#(other)"}"#,
        #"{"id":"\#(id)","at":"2016-11-23T08:24:16.549-09:30","command":"reset","emotion":"neutral","old":7,"new":0,"seq":5,"group":"\#(id)","latest":"2016-11-24T08:24:16.549+00:00","block":123}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"redo","emotion":"sad","old":3,"new":4,"seq":9,"group":"\#(id)","reverts":"\#(other)","version":2,"from":"\#(other)","hseq":4,"after":{"\#(id)":2}}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"sad","old":0,"new":1,"seq":3,"group":"\#(id)","version":2,"from":"\#(other)","hseq":1}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"happy","old":4,"new":5,"note":"gym day","tags":["friends","gym","운동"],"seq":4,"group":"\#(id)"}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"add","emotion":"sad","old":9,"new":2,"tags":["a-b","c_d","योग"],"seq":6,"group":"\#(other)","recorded":"2016-11-23T10:24:16.549+01:00"}"#,
    ]

    /// Published lines: a journal line's keys up to `recorded`, then `after`.
    static let publishedLines: [String] = [
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"sad","old":0,"new":1,"seq":1,"group":"\#(id)"}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"sad","old":0,"new":1,"note":"a\\b","seq":2,"group":"\#(id)","after":{"\#(other)":3}}"#,
        #"{"id":"\#(id)","at":"\#(at)","command":"undo","emotion":"upset","old":4,"new":3,"seq":13,"group":"\#(id)","reverts":"\#(other)","after":{"01B284J3D5Z6BJH74W6EJGCYC4":1,"\#(other)":3}}"#,
    ]

    /// Export lines of each shape `export` writes (`LogLine.json(for:address:)`).
    static let exportLines: [String] = [
        #"{"id": "\#(id)", "at": "\#(at)", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "history": "\#(other)", "hseq": 1}"#,
        #"{"id": "\#(id)", "at": "\#(at)", "command": "tap", "emotion": "happy", "old": 41, "new": 42, "note": "caf\u00e9 \"x\" \ud83d\ude00", "events": 2, "history": "\#(other)", "hseq": 17}"#,
        #"{"id": "\#(id)", "at": "\#(at)", "command": "add", "emotion": "smile", "old": 3, "new": 9, "note": "plain é", "group": "\#(other)", "recorded": "2016-11-23T10:24:16.549+01:00", "history": "\#(other)", "hseq": 2, "after": {"01B284J3D5Z6BJH74W6EJGCYC4": 1, "\#(id)": 3}}"#,
        #"{"id": "\#(id)", "at": "2016-11-23T08:24:16.549-09:30", "command": "undo", "emotion": "upset", "old": 4, "new": 3, "reverts": "\#(other)"}"#,
        #"{"id": "\#(id)", "at": "\#(at)", "command": "reset", "emotion": "neutral", "old": 7, "new": 0, "history": "\#(id)", "hseq": 5}"#,
        #"{"id": "\#(id)", "at": "\#(at)", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "note": "x", "tags": ["friends", "gym", "운동"], "history": "\#(other)", "hseq": 3}"#,
        #"{"id": "\#(id)", "at": "\#(at)", "command": "add", "emotion": "happy", "old": 2, "new": 5, "tags": ["a-b"], "group": "\#(other)"}"#,
    ]

    /// Bytes a change puts in: digits, JSON's punctuation, escapes, and bytes UTF-8 refuses or reads
    /// only in some places (overlong starts, surrogates' lead, the largest).
    private static let replacements: [UInt8] = Array("09\"\\u},:{.-+Z1eE".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]

    /// `bytes` changed once: a byte replaced, dropped, put in or doubled, or the line cut short.
    private static func mutated(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        let place = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0...4, using: &generator) {
        case 0: bytes[place] = generator.pick(replacements)
        case 1: bytes.remove(at: place)
        case 2: bytes.insert(generator.pick(replacements), at: place)
        case 3: bytes.insert(bytes[place], at: place)
        default: bytes.removeSubrange(place...)
        }
        return bytes
    }

    @Test func aChangedExportLineReadsAsTheStrictParserReadsItOrNotAtAll() throws {
        var generator = SeededGenerator(seed: 2312)
        for text in Self.exportLines {
            let original = Array(text.utf8)
            let strictOriginal = try JournalEvent(members: try JournalEvent.fields(of: original), ofExport: true)
            // The cursor reads each shape `export` writes itself, not through the strict parser.
            #expect(original.withUnsafeBufferPointer { JournalEvent.fastParse(exportLine: $0) } == strictOriginal, "\(text)")
            for _ in 0..<3000 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes = Self.mutated(bytes, using: &generator) }
                let strict = try? JournalEvent(members: try JournalEvent.fields(of: bytes), ofExport: true)
                let read = try? JournalEvent(exportLine: bytes)
                expect(read, equals: strict, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test func aChangedJournalLineReadsAsTheStrictParserReadsItOrNotAtAll() throws {
        var generator = SeededGenerator(seed: 2311)
        for text in Self.journalLines {
            let original = Array(text.utf8)
            #expect((try? JournalEvent(line: original)) != nil, "\(text)")
            for _ in 0..<3000 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes = Self.mutated(bytes, using: &generator) }
                let strict = try? JournalEvent(line: bytes)
                let fast = try? JournalEvent(journalLine: bytes)
                expect(fast, equals: strict, "\(String(decoding: bytes, as: UTF8.self))")
                var memo = FeltLine.DateMemo()
                // As `FeltReader` takes it: the id an undo or redo reverts is checked there, once read in place.
                let felt = bytes.withUnsafeBufferPointer { buffer -> FeltLine? in
                    guard let felt = FeltLine(buffer, order: 7, day: &memo) else { return nil }
                    if let start = felt.revertsStart, EventID(utf8: buffer[start..<(start + 26)]) == nil { return nil }
                    return felt
                }
                if let felt {
                    let expected = strict.map { FeltLine($0, order: 7) }
                    #expect(expected != nil, "FeltLine read a line the strict parser refuses: \(String(decoding: bytes, as: UTF8.self))")
                    if let expected {
                        #expect(
                            [felt.old, felt.delta] == [expected.old, expected.delta] && felt.command == expected.command
                                && felt.emotion == expected.emotion && felt.at == expected.at && felt.day == expected.day
                                && felt.recording == expected.recording && felt.latestRecording == expected.latestRecording
                                && felt.block == expected.block,
                            "\(String(decoding: bytes, as: UTF8.self))")
                        let table = TagTable()
                        bytes.withUnsafeBufferPointer { table.collect(UnsafeBufferPointer(rebasing: $0[felt.tags])) }
                        expect(table.line.map { table.names[$0] }, equals: strict?.tags, "\(String(decoding: bytes, as: UTF8.self))")
                    }
                }
            }
        }
    }

    @Test func aChangedPublishedLineReadsAsTheStrictParserReadsItOrNotAtAll() {
        var generator = SeededGenerator(seed: 2312)
        guard let history = HistoryID(text: Self.other) else { Issue.record("no id"); return }
        for text in Self.publishedLines {
            let original = Array(text.utf8)
            #expect((try? JournalEvent(publishedLine: original, history: history)) != nil, "\(text)")
            for _ in 0..<3000 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes = Self.mutated(bytes, using: &generator) }
                let strict = try? JournalEvent(publishedLine: bytes, history: history)
                if let fast = JournalEvent.fastParse(publishedLine: bytes, history: history) {
                    expect(fast, equals: strict, "\(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
    }

    /// A tap line with `old`, `new` and `seq` as given, and `note`'s bytes (without quotes) if any.
    private static func tapLine(old: String = "0", new: String = "1", seq: String = "1", note: [UInt8]? = nil, tail: String = "") -> [UInt8] {
        var bytes = Array(#"{"id":"\#(id)","at":"\#(at)","command":"tap","emotion":"sad","old":\#(old),"new":\#(new)"#.utf8)
        if let note { bytes += Array(#","note":""#.utf8) + note + [UInt8(ascii: "\"")] }
        return bytes + Array(#","seq":\#(seq),"group":"\#(id)"\#(tail)}"#.utf8)
    }

    static let edgeLines: [[UInt8]] = [
        tapLine(old: "999999999999999998", new: "999999999999999999"),
        tapLine(old: "99999999999999999", new: "100000000000000000"),
        tapLine(old: "999999999999999999", new: "1000000000000000000"),
        tapLine(seq: "999999999999999999"), tapLine(seq: "4611686018427387904"), tapLine(seq: "0"), tapLine(seq: "01"),
        tapLine(old: "-0"), tapLine(old: "0.0"), tapLine(old: "0e0"), tapLine(tail: #","block":999999999999999999"#),
        tapLine(tail: #","block":9223372036854775807"#), tapLine(tail: #","block":0"#),
        tapLine(note: [0xC0, 0x80]), tapLine(note: [0xE0, 0x80, 0xAF]), tapLine(note: [0xED, 0xA0, 0x80]),
        tapLine(note: [0xF4, 0x90, 0x80, 0x80]), tapLine(note: [0x61, 0x80]), tapLine(note: [0x7F]), tapLine(note: [0xC2, 0x9B]),
        tapLine(note: Array(#"\u0000"#.utf8)), tapLine(note: Array(#"\ud800\udc00"#.utf8)), tapLine(note: Array(#"\udc00\ud800"#.utf8)),
        tapLine(note: Array(#"\uFEFF"#.utf8)), tapLine(note: Array(#"\u202e"#.utf8)), tapLine(note: []),
        tapLine(note: Array(repeating: UInt8(ascii: "a"), count: 4096)), tapLine(note: Array(repeating: UInt8(ascii: "a"), count: 20000)),
        tapLine(note: Array(String(repeating: "é", count: 3000).utf8)), tapLine(note: Array(repeating: UInt8(ascii: "\\"), count: 3) + [0x61]),
    ]

    @Test(arguments: edgeLines)
    func aLineAtTheEdgeReadsAsTheStrictParserReadsIt(bytes: [UInt8]) {
        let strict = try? JournalEvent(line: bytes)
        expect((try? JournalEvent(journalLine: bytes)), equals: strict)
        var memo = FeltLine.DateMemo()
        let felt = bytes.withUnsafeBufferPointer { FeltLine($0, order: 7, day: &memo) }
        #expect(felt == nil || strict != nil)
        if let felt, let strict { #expect(felt.old == strict.old && felt.delta == strict.delta) }
        let history = HistoryID(text: Self.other)
        if let history, let fast = JournalEvent.fastParse(publishedLine: bytes, history: history) {
            expect(fast, equals: (try? JournalEvent(publishedLine: bytes, history: history)))
        }
    }
}
