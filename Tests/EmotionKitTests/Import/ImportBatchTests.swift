@testable import EmotionKit
import Testing

/// Reading an export file: every line checked as the journal checks its own, commands whole, in
/// the order they were recorded.
@Suite struct ImportBatchTests {
    typealias L = ImportLines

    @Test func commandsComeByRecordingTimeThenFileOrderAndKeepTheirEventsTogether() throws {
        let batch = try L.batch([
            L.line(1, "tap", "happy", 0, 1, at: "2026-11-23T12:00:00.000+00:00"),
            L.line(2, "add", "sad", 0, 3, at: "2025-01-01T00:00:00.000+00:00", #", "recorded": "2026-11-23T13:00:00.000+00:00""#),
            L.line(3, "tap", "smile", 1, 2, at: "2026-11-23T12:30:00.000+00:00", #", "events": 2"#),
            L.line(4, "tap", "upset", 0, 1, at: "2026-11-23T12:30:00.000+00:00", #", "group": "\#(L.id(3))""#),
            "",
            L.line(5, "tap", "neutral", 0, 1, at: "2026-11-23T12:00:00.000+00:00"),
        ])
        expect(batch.commandIDs, equals: [[L.eventID(1)], [L.eventID(5)], [L.eventID(3), L.eventID(4)], [L.eventID(2)]])
        expect(batch.commandLines, equals: [[1], [6], [3, 4], [2]])
        expect(batch.changeCount, equals: 5)
    }

    @Test func anEmptyFileOrOneOfBlankLinesHoldsNoCommand() throws {
        try expect(ImportBatch(parsing: []).commandCount, equals: 0)
        try expect(ImportBatch(parsing: Array("\n\r\n\n".utf8)).commandCount, equals: 0)
    }

    @Test func aByteOrderMarkAndWindowsLineEndsAreRead() throws {
        let text = "\u{FEFF}" + L.line(1, "tap", "happy", 0, 1) + "\r\n" + L.line(2, "tap", "sad", 0, 1) + "\r\n"
        try expect(ImportBatch(parsing: Array(text.utf8)).changeCount, equals: 2)
    }

    @Test func aBadLineIsRefusedByNumberWithTheJournalsReason() {
        let good = L.line(1, "tap", "happy", 0, 1)
        expect(L.refusal([good, "not json"]).map { if case .badLine(2, .invalidJSON) = $0 { true } else { false } }, equals: true)
        expect(L.refusal([good, #"{"id": "\#(L.id(2))"}"#]), equals: .badLine(line: 2, .missingKey("at")))
        expect(L.refusal([L.line(2, "tap", "joy", 0, 1)]), equals: .badLine(line: 1, .unknownEmotion("joy")))
        expect(L.refusal([L.line(2, "tap", "sad", 0, 2)]), equals: .badLine(line: 1, .invalidEvent(.tapNotByOne(old: 0, new: 2))))
        expect(L.refusal([L.line(2, "tap", "sad", 0, 1, at: "2026-02-30T00:00:00.000+00:00")]).map {
            if case .badLine(1, .badTime(key: "at", _)) = $0 { true } else { false }
        }, equals: true)
        expect(L.refusal([L.line(2, "add", "sad", 0, 1, #", "note": "a\u001Bb""#)]), equals: .badLine(line: 1, .invalidEvent(.noteControlCharacter(0x1B, position: 2))))
        expect(L.refusal([#"{"id": "01jx0000000000000000000001"}"#]), equals: .badLine(line: 1, .badID(key: "id", text: "01jx0000000000000000000001")))
        expect(L.refusal(["[1, 2]"]), equals: .badLine(line: 1, .notAnObject(found: "an array")))
        expect(L.refusal(["{" + String(repeating: " ", count: 20_000) + "}"]), equals: .badLine(line: 1, .tooLong(bytes: 20_002)))
    }

    /// Only a file whose first line is our CSV header is told to be exported again without --format csv;
    /// any other that is not JSON gets what import reads, and the column in its line, not the parser's line 1.
    @Test func aCSVExportIsToldApartFromOtherFilesThatAreNotJSON() throws {
        expect(L.refusal(["at,date,time,offset,command,emotion,old,new,delta,note", "2026-11-23T21:04:05.123+09:00,x"]), equals: .csvExport(line: 1))
        expect(L.refusal(["\u{FEFF}at,date,time,offset,command,emotion,old,new,delta,note\r"]), equals: .csvExport(line: 1))
        expect(L.refusal(["", "\r", "at,date,time,offset,command,emotion,old,new,delta,note"]), equals: .csvExport(line: 3))
        #expect(ImportError.csvExport(line: 1).description.contains("export the history again without --format csv"))
        let screen = try #require(L.refusal(["\u{1B}[2J"]))
        expect(screen.description, equals: "Cannot import line 1: it is not valid JSON: unexpected character '\\u{1B}' where a value "
            + "was expected at byte 1 of the line. emotions import reads the JSON Lines that 'emotions export' writes, one change per "
            + "line. Nothing was imported.")
        let later = try #require(L.refusal(["", "", "hello"]))
        expect(later.description, equals: "Cannot import line 3: it is not valid JSON: unexpected character 'h' where a value was "
            + "expected at byte 1 of the line. Nothing was imported; fix or remove that line, or export the file again.")
    }

    @Test func aRepeatedIdIsRefusedNamingBothLines() {
        #expect(L.refusal([L.line(1, "tap", "happy", 0, 1), L.line(2, "tap", "sad", 0, 1), L.line(1, "tap", "smile", 0, 1)])
            == .duplicateID(line: 3, id: L.eventID(1), firstLine: 1))
    }

    @Test func aCommandMustBeWholeAndAlike() {
        let first = L.line(3, "tap", "smile", 0, 1, #", "events": 2"#)
        let second = L.line(4, "tap", "upset", 0, 1, #", "group": "\#(L.id(3))""#)
        expect(L.refusal([first]), equals: .commandIncomplete(line: 1, expected: 2, found: 1))
        expect(L.refusal([second]), equals: .missingFirstChange(line: 1, group: L.eventID(3)))
        expect(L.refusal([L.line(3, "tap", "smile", 0, 1), second]), equals: .commandIncomplete(line: 1, expected: 1, found: 2))
        let unlike = L.line(4, "tap", "upset", 0, 1, #", "note": "x", "group": "\#(L.id(3))""#)
        expect(L.refusal([first, unlike]), equals: .unlikeItsCommand(line: 2, key: "note", firstLine: 1))
        expect(L.refusal([second, first]), equals: nil, "a command's first change may come after the others")
    }

    @Test(arguments: [2_147_483_648, 4_294_967_298, Int.max])
    func aCommandOfMoreChangesThanAFileCanHoldIsRefusedAsIncomplete(events: Int) {
        let first = L.line(3, "tap", "smile", 0, 1, ", \"events\": \(events)")
        expect(L.refusal([first]), equals: .commandIncomplete(line: 1, expected: events, found: 1))
    }

    /// The rule `--at` and `--since` keep too: a time lies in the years 1 to 9999 in UTC as well as
    /// at its own offset, whether it is the line's `at` or its `recorded`. The message quotes the line.
    @Test func aTimeOutsideTheYearsOneTo9999InUTCIsRefusedByLineAsWritten() throws {
        let good = L.line(1, "tap", "happy", 0, 1)
        let last = "9999-12-31T23:59:59.999-18:00"  // 10000-01-01T17:59:59.999Z
        #expect(L.refusal([good, L.line(2, "tap", "smile", 0, 1, at: last)])
            == .timeNotKept(line: 2, key: "at", time: last, OutsideYears(isBefore: false)))
        // A local date in the year 1 that is the year 0 in UTC, as `at` with a recording time in range, or as `recorded`.
        let backdated = L.line(3, "add", "sad", 0, 2, at: "0001-01-01T05:00:00.000+18:00", #", "recorded": "2020-01-01T00:00:00.000+00:00""#)
        #expect(L.refusal([backdated])
            == .timeNotKept(line: 1, key: "at", time: "0001-01-01T05:00:00.000+18:00", OutsideYears(isBefore: true)))
        let recorded = L.line(3, "add", "sad", 0, 2, at: "9999-12-31T23:00:00Z", #", "recorded": "9999-12-31t23:30:00.5-18:00""#)
        #expect(L.refusal([recorded])
            == .timeNotKept(line: 1, key: "recorded", time: "9999-12-31t23:30:00.5-18:00", OutsideYears(isBefore: false)))
        #expect(ImportError.timeNotKept(line: 2, key: "at", time: last, OutsideYears(isBefore: false)).description
            == #"Cannot import line 2: its "at", 9999-12-31T23:59:59.999-18:00, falls after the year 9999 in UTC; the history "#
                + "keeps times in the years 1 to 9999, both in UTC and at their local offset. Nothing was imported; fix or "
                + "remove that line, or export the file again.")
        // The last instant in UTC, and the first, whatever their offsets, are kept.
        try expect(L.batch([L.line(4, "tap", "sad", 0, 1, at: "9999-12-31T23:59:59.999+00:00")]).changeCount, equals: 1)
        try expect(L.batch([L.line(5, "tap", "sad", 0, 1, at: "0001-01-01T18:00:00.000+18:00")]).changeCount, equals: 1)
    }

    @Test func aNewChangeRecordedMoreThanADayAfterNowIsRefusedByLine() throws {
        let now = Instant(millisecondsSinceEpoch: 1_795_000_000_000)  // 2026-11-18T11:06:40Z
        let inADay = try Timestamp(millisecondsSinceEpoch: 1_795_000_000_000 + ImportBatch.clockAllowance, offsetSeconds: 3600)
        let past = try Timestamp(millisecondsSinceEpoch: 1_795_000_000_000 + ImportBatch.clockAllowance + 1, offsetSeconds: 0)
        let batch = try L.batch([
            L.line(1, "tap", "happy", 0, 1, at: inADay.rfc3339),
            L.line(2, "add", "sad", 0, 2, at: "2026-11-18T00:00:00.000+00:00", #", "recorded": "\#(past.rfc3339)""#),
            L.line(3, "tap", "smile", 0, 1, at: "2031-01-01T00:00:00.000+00:00"),
        ])
        #expect(throws: ImportError.recordedAhead(line: 2, key: "recorded", time: past, now: now)) {
            try batch.checkRecorded(notAfter: now, chosen: batch.indices(of: [L.eventID(1), L.eventID(2), L.eventID(3)]))
        }
        // One the history holds already was taken in before; a day ahead is within the allowance.
        try batch.checkRecorded(notAfter: now, chosen: batch.indices(of: [L.eventID(1)]))
    }

    @Test func garbageLinesAreRefusedAndNeverCrash() {
        var generator = SeededGenerator(seed: 14)
        let pieces = [
            "{", "}", "\"id\"", ":", ",", "\"", L.id(1), "\"at\"", "\"2026-11-23T12:00:00.000+00:00\"", "\"command\"",
            "\"tap\"", "\"emotion\"", "\"happy\"", "\"old\"", "\"new\"", "0", "1", "-1", "1e3", "99999999999999999999",
            "null", "[", "]", "\\u0000", "\u{FEFF}", "😄", "\r", "\"events\"", "\"group\"", "2",
        ]
        for _ in 0..<300 {
            let count = Int(generator.next() % 24)
            var text = ""
            for _ in 0..<count { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            _ = L.refusal([text])  // Refused or read, but never a crash.
        }
        _ = L.refusal([String(decoding: [0xFF, 0xFE, 0x7B, 0x80], as: UTF8.self)])
        #expect(throws: ImportError.self) { try ImportBatch(parsing: [0x7B, 0xFF, 0xC0, 0x7D]) }
    }
}
