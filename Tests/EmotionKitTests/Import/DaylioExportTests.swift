@testable import EmotionKit
import Testing

/// Daylio's CSV export read as an export's lines: both layouts, RFC 4180 quoting, both clocks,
/// activities as tags, moods and `--map`, ids that stay the same from file to file, every refusal
/// naming its line, under several zones.
@Suite struct DaylioExportTests {
    /// The newer layout: a multi-line quoted note with commas and quotes, `|` activities, 12- and
    /// 24-hour times, newest first as Daylio writes.
    static let newer = "full_date,date,weekday,time,mood,activities,note_title,note\r\n"
        + "2024-03-02,2 March,Saturday,9:12 pm,Rad,\"work | good meal | movies / tv\",\"Long day\",\"Went out,\r\nthen \"\"home\"\"\"\r\n"
        + "2024-03-02,2 March,Saturday,12:05 AM,meh,\"\",\"\",\"\"\r\n"
        + "2024-03-01,1 March,Friday,21:12,awful,gym,\"\",\"  tired<br/>sore  \"\r\n"

    /// The older layout, its date as `18 May` and `May 18` with the year apart.
    static let older = "year,date,weekday,time,mood,activities,note\n"
        + "2018,18 May,Friday,11:54 pm,good,\"clean | cook | music\",\"Went to a party\"\n"
        + "2018,May 17,Thursday,12:21 pm,bad,\"cook | stressed \",\"\"\n"

    /// The changes the export's lines hold, as `import` reads them, with their tags.
    func changes(_ export: DaylioExport) throws -> [(event: JournalEvent, tags: [String])] {
        try String(decoding: export.lines, as: UTF8.self).split(separator: "\n").map { line in
            let event = try JournalEvent(exportLine: Array(line.utf8))
            let json = try JSONParser.parse(Array(line.utf8))
            guard case let .array(values)? = json["tags"] else { return (event, []) }
            return (event, values.compactMap { if case let .string(tag) = $0 { tag } else { nil } })
        }
    }

    func read(_ text: String, map: String? = nil, zone: TimeZoneRules = .utc) throws -> DaylioExport {
        try DaylioExport(reading: Array(text.utf8), moods: DaylioMoods(map: map), zone: zone)
    }

    func refusal(_ text: String, map: String? = nil) -> DaylioError? {
        do {
            _ = try read(text, map: map)
            return nil
        } catch let error as DaylioError {
            return error
        } catch {
            Issue.record("not a DaylioError: \(error)")
            return nil
        }
    }

    @Test(arguments: [("UTC", TimeZoneRules.utc, "+00:00"), ("Tokyo", .tokyo, "+09:00"), ("Newfoundland", .newfoundland, "-03:30")])
    func theNewerLayoutBecomesOneTapPerRowOldestFirstAtItsLocalTime(name: String, zone: TimeZoneRules, offset: String) throws {
        let export = try read(Self.newer, zone: zone)
        let read = try changes(export)
        expect(read.map(\.event.emotion), equals: [.sad, .neutral, .happy])
        expect(read.map(\.event.at.rfc3339), equals: [
            "2024-03-01T21:12:00.000" + offset, "2024-03-02T00:05:00.000" + offset, "2024-03-02T21:12:00.000" + offset,
        ])
        #expect(read.allSatisfy { $0.event.command == .tap && $0.event.new == $0.event.old + 1 })
        expect(read.map(\.event.note), equals: ["tired\nsore", nil, "Long day\nWent out,\nthen \"home\""])
        expect(read.map(\.tags), equals: [["gym"], [], ["good-meal", "movies-tv", "work"]])
        expect((1...3).map(export.fileLine(ofExportLine:)), equals: [5, 4, 2])
        #expect(export.warnings.isEmpty)
        // Each id's time is its row's instant.
        #expect(read.allSatisfy { $0.event.id.recordedAt == $0.event.at.millisecondsSinceEpoch })
    }

    @Test func theOlderLayoutReadsTheYearApartAndTheDayAndMonthEitherWay() throws {
        let read = try changes(try read(Self.older))
        expect(read.map(\.event.at.rfc3339), equals: ["2018-05-17T12:21:00.000+00:00", "2018-05-18T23:54:00.000+00:00"])
        expect(read.map(\.event.emotion), equals: [.upset, .smile])
        expect(read.map(\.event.note), equals: [nil, "Went to a party"])
        expect(read.map(\.tags), equals: [["cook", "stressed"], ["clean", "cook", "music"]])
    }

    @Test func aByteOrderMarkAndABlankLastLineAreNoRow() throws {
        let export = try DaylioExport(reading: [0xEF, 0xBB, 0xBF] + Array((Self.older + "\n").utf8), moods: DaylioMoods(), zone: .utc)
        expect(export.rowCount, equals: 2)
    }

    @Test func twelveAndTwentyFourHourTimesReadAsDaylioWritesThem() {
        let times = ["9:12 pm": (21, 12), "9:12 PM": (21, 12), "9:12pm": (21, 12), "9:12 p.m.": (21, 12), "12:00 am": (0, 0),
                     "12:30 pm": (12, 30), "21:12": (21, 12), "0:05": (0, 5), "07:45 am": (7, 45)]
        for (text, (hour, minute)) in times {
            expect(DaylioClock.time(text), equals: TimeOfDay(hour: hour, minute: minute), "\(text)")
        }
        for text in ["13:00 pm", "0:30 am", "24:00", "9.12", "9:5", "noon", ""] {
            expect(DaylioClock.time(text), equals: nil, "\(text)")
        }
    }

    @Test func aMoodOfTheUsersOwnNeedsAMapAndEveryUnmappedLabelIsNamedOnceWithItsRows() throws {
        let text = "full_date,date,weekday,time,mood,activities,note_title,note\n"
            + "2024-03-03,3 March,Sunday,10:00,Super Happy,,,\n"
            + "2024-03-02,2 March,Saturday,10:00,tired,,,\n"
            + "2024-03-01,1 March,Friday,10:00,super happy ,,,\n"
        expect(refusal(text), equals: .unmappedMoods([
            .init(label: "Super Happy", firstLine: 2, rows: 2), .init(label: "tired", firstLine: 3, rows: 1),
        ]))
        expect(refusal(text, map: "super happy=happy"), equals: .unmappedMoods([.init(label: "tired", firstLine: 3, rows: 1)]))
        let read = try changes(try read(text, map: "SUPER HAPPY=😄, tired = neutral,rad=sad"))
        expect(read.map(\.event.emotion), equals: [.happy, .neutral, .happy])
        expect(read.map(\.event.old), equals: [0, 0, 1])
        let message = DaylioError.unmappedMoods([.init(label: "tired", firstLine: 3, rows: 1)]).description
        #expect(message.contains("'tired' (1 row, first on line 3)") && message.contains("--map LABEL=EMOTION,...")
            && message.hasSuffix("Nothing was imported."))
        // A file of 600,000 labels of its own made a message of 26 MB: the first ten are named.
        let many = DaylioError.unmappedMoods((1...12).map { .init(label: "mood\($0)", firstLine: $0 + 1, rows: 1) }).description
        #expect(many.contains("'mood10' (1 row, first on line 11) and 2 more labels are not") && !many.contains("mood11"), "\(many)")
        let long = DaylioError.unmappedMoods([.init(label: String(repeating: "x", count: 10_000), firstLine: 2, rows: 1)]).description
        #expect(long.contains("'" + String(repeating: "x", count: 64) + "…' (1 row") && long.count < 1000, "\(long.count)")
    }

    @Test func aMapThatIsNotLabelsAndEmotionsIsRefusedSayingTheSyntax() {
        #expect(throws: DaylioMoods.MapError.noEquals("tired")) { try DaylioMoods(map: "tired") }
        #expect(throws: DaylioMoods.MapError.emptyLabel("=happy")) { try DaylioMoods(map: "=happy") }
        #expect(throws: DaylioMoods.MapError.unknownEmotion("joy", item: "tired=joy")) { try DaylioMoods(map: "tired=joy") }
    }

    @Test func everyBadRowIsRefusedNamingItsLine() {
        let header = "full_date,date,weekday,time,mood,activities,note_title,note\n"
        let good = "2024-03-02,2 March,Saturday,9:12 pm,rad,,,\n"
        expect(refusal(header + good + "2024-03-01,1 March,Friday,9:12 pm,rad,,\n"), equals: .fieldCount(line: 3, found: 7, expected: 8))
        #expect(refusal(header + good + "2024-02-30,30 February,Friday,9:12 pm,rad,,,\n")
            == .badDate(line: 3, column: "full_date", text: "2024-02-30"))
        expect(refusal(header + good + "2024-03-01,1 March,Friday,25:12,rad,,,\n"), equals: .badTime(line: 3, text: "25:12"))
        expect(refusal(header + good + "2024-03-01,1 March,Friday,9:00,,,,\n"), equals: .noMood(line: 3))
        expect(refusal(header + good + "2024-03-01,1 March,Friday,9:00,rad,,,\"never\nclosed\n"), equals: .notCSV(.unclosedQuote(line: 3)))
        expect(refusal(header + good + "2024-03-01,1 March,Friday,9:00,rad,,\"a\"b,\n"), equals: .notCSV(.textAfterQuote(line: 3)))
        // A million commas would be a million fields held at once: refused at the thousandth.
        expect(refusal(String(header.dropLast()) + String(repeating: ",", count: 100_000) + "\n" + good), equals: .notCSV(.tooManyFields(line: 1)))
        expect(refusal(header + good + String(repeating: ",", count: 100_000) + "\n"), equals: .notCSV(.tooManyFields(line: 3)))
        expect(refusal(header + good + String(repeating: "x,", count: 999) + "x\n"), equals: .fieldCount(line: 3, found: 1000, expected: 8))
        expect(refusal(header + good + "2024-03-01,1 March,Friday,9:00,rad,,,\"bell\u{07}\"\n"), equals: .noteControlCharacter(line: 3, 7))
        #expect(refusal("year,date,weekday,time,mood,activities,note\nx,18 Mai,Friday,9:00,rad,,\n")
            == .badDate(line: 2, column: "date", text: "x 18 Mai"))
        expect(refusal("at,date,time,offset,command,emotion\n"), equals: .notDaylio(missing: ["full_date", "mood"]))
        expect(refusal(""), equals: .empty)
        var notUTF8 = Array((header + good).utf8)
        notUTF8.insert(0xFF, at: notUTF8.count - 2)
        #expect((try? DaylioExport(reading: notUTF8, moods: DaylioMoods(), zone: .utc)) == nil)
        for error in [DaylioError.badTime(line: 3, text: "25:12"), .fieldCount(line: 3, found: 7, expected: 8), .noMood(line: 9)] {
            #expect(error.description.hasPrefix("Cannot import line ") && error.description.hasSuffix(" Nothing was imported."))
        }
    }

    @Test func theSameRowGetsTheSameIdFromAnyExportAndIdenticalRowsGetDifferentOnes() throws {
        let header = "full_date,date,weekday,time,mood,activities,note_title,note\n"
        let row = "2024-03-01,1 March,Friday,9:12 pm,rad,work | gym,\"\",\"fine\"\n"
        let march = try changes(try read(header + row + row))
        let april = try changes(try read(header + "2024-04-01,1 April,Monday,8:00 am,meh,,,\n" + row + row))
        let older = try changes(try read("year,date,weekday,time,mood,activities,note\n2024,March 1,Friday,21:12,Rad,\"work|gym\",fine\n"))
        #expect(march.count == 2 && march[0].event.id != march[1].event.id)
        expect(Set(march.map(\.event.id)), equals: Set(april.dropLast().map(\.event.id)))
        #expect(older[0].event.id == march[0].event.id || older[0].event.id == march[1].event.id)
        // Another note, mood or minute is another row.
        let other = try changes(try read(header + "2024-03-01,1 March,Friday,9:12 pm,rad,work | gym,\"\",\"fine!\"\n"))
        #expect(!march.map(\.event.id).contains(other[0].event.id))
    }

    @Test func aTimeInNewYorksSkippedHourIsPlacedAfterItAndARepeatedOneAtItsFirstInstant() throws {
        let text = "full_date,date,weekday,time,mood,activities,note_title,note\n"
            + "2024-11-03,3 November,Sunday,1:30 am,meh,,,\n"
            + "2024-03-10,10 March,Sunday,2:30 am,rad,,,\n"
        let read = try changes(try read(text, zone: .newYork))
        expect(read.map(\.event.at.rfc3339), equals: ["2024-03-10T03:30:00.000-04:00", "2024-11-03T01:30:00.000-04:00"])
    }

    @Test func activitiesBecomeTagsAndWhatCannotIsLeftOutAndSaid() throws {
        expect(ActivityTag.tag(for: "good meal")?.name, equals: "good-meal")
        expect(ActivityTag.tag(for: "Movies / TV")?.name, equals: "movies-tv")
        expect(ActivityTag.tag(for: "stressed / frustrated ")?.name, equals: "stressed-frustrated")
        expect(ActivityTag.tag(for: "self-care")?.name, equals: "self-care")
        expect(ActivityTag.tag(for: "no_phone")?.name, equals: "no_phone")
        expect(ActivityTag.tag(for: "💤 sleep early")?.name, equals: "sleep-early")
        expect(ActivityTag.tag(for: "운동")?.name, equals: "운동")
        expect(ActivityTag.tag(for: "🎮"), equals: nil)
        expect(ActivityTag.tag(for: String(repeating: "ab ", count: 20))?.name.count, equals: Tag.lengthLimit)
        expect(ActivityTag.tag(for: String(repeating: "abc ", count: 20))?.name, equals: String(repeating: "abc-", count: 7) + "abc")
        // Letters stacked with marks are cut to the bytes a tag may hold, not left out.
        let marked = ActivityTag.tag(for: "ab" + String(repeating: "\u{301}", count: 300) + " cd")
        expect(marked?.name, equals: "a")
        let first = String(repeating: "a", count: 20) + String(repeating: "\u{301}", count: 117)
        expect(ActivityTag.tag(for: first + " b\u{301}\u{301}")?.name, equals: first, "no - at the end")
        let many = (1...18).map { "a\($0)" }.joined(separator: " | ")
        let text = "full_date,date,weekday,time,mood,activities,note_title,note\n"
            + "2024-03-02,2 March,Saturday,10:00,rad,\"🎮 | work | 🎮 | Work\",,\n"
            + "2024-03-01,1 March,Friday,10:00,rad,\"\(many)\",,\n"
        let export = try read(text)
        let read = try changes(export)
        expect(read.map(\.tags.count), equals: [16, 1])
        expect(read[1].tags, equals: ["work"])
        expect(export.warnings, equals: [.activitiesLeftOut(["🎮": 2]), .tooManyActivities(lines: [3])])
        #expect(export.warnings[0].description.contains("'🎮' (2 rows) became no tag"))
    }

    @Test func aNoteLongerThanTheLimitIsCutEndingInAnEllipsisAndSaid() throws {
        let long = String(repeating: "é", count: 1500)
        let text = "full_date,date,weekday,time,mood,activities,note_title,note\n2024-03-01,1 March,Friday,10:00,rad,,Title,\(long)\n"
        let export = try read(text)
        let note = try #require(try changes(export)[0].event.note)
        #expect(note.unicodeScalars.count == JournalEvent.noteLimit && note.hasPrefix("Title\néé") && note.hasSuffix("é…"))
        expect(export.warnings, equals: [.notesCut(lines: [2])])
    }

    /// The speed is measured on the release build (`bench/daylio.py`, Performance.md); here, that
    /// 10,000 rows of one export make 10,000 changes whose running counts end where they should.
    @Test func tenThousandRowsMakeTenThousandChangesCountedRunningPerEmotion() throws {
        var text = "full_date,date,weekday,time,mood,activities,note_title,note\r\n"
        var day = try #require(LocalDate(year: 2024, month: 12, day: 31))
        for index in 0..<10_000 {
            if index % 2 == 0 { day = try #require(day.adding(days: -1)) }
            text += "\(day),x,x,\(index % 2 == 0 ? "9:12 pm" : "8:01 am"),\(DaylioMoods.defaults[index % 5].label),"
                + "\"work | good meal\",\"\",\"line one\nline two, with a comma\"\r\n"
        }
        let export = try read(text)
        expect(export.rowCount, equals: 10_000)
        var last: [Emotion: Int] = [:]
        for line in String(decoding: export.lines, as: UTF8.self).split(separator: "\n") {
            let event = try JournalEvent(exportLine: Array(line.utf8))
            expect(event.old, equals: last[event.emotion, default: 0])
            last[event.emotion] = event.new
        }
        expect(last, equals: [.happy: 2000, .smile: 2000, .neutral: 2000, .upset: 2000, .sad: 2000])
    }
}
