/// One row of Daylio's CSV export, read: when it was (a wall clock time, local to where the user
/// was), its mood label and emotion, its activities and its note (title and note in one).
struct DaylioRow {
    /// The line of the file the row starts on.
    let line: Int
    /// The day and time it names.
    let local: LocalDateTime
    /// Its mood label as written, without the spaces around it.
    let mood: String
    /// The emotion the label maps to, or `nil` if none does.
    let emotion: Emotion?
    /// Its activities, as written.
    let activities: [String]
    /// Its title and note as one note (`DaylioNote`), if either has text.
    let note: String?
    /// Whether the note was longer than a note may be, and cut.
    let isNoteCut: Bool

    /// Where each column Daylio writes is, from the header line.
    struct Layout {
        let fullDate: Int?, year: Int?, date: Int?, time: Int, mood: Int, activities: Int?, title: Int?, note: Int?
        /// How many fields each row has.
        let count: Int

        /// The layout `header` names, in either of Daylio's layouts (columns found by name, in any order).
        ///
        /// - Throws: `DaylioError.notDaylio` naming what it lacks.
        init(header: [String]) throws(DaylioError) {
            let names = header.map { $0.trimmingSpaces.lowercased() }
            func column(_ name: String) -> Int? { names.firstIndex(of: name) }
            (fullDate, year, date) = (column("full_date"), column("year"), column("date"))
            (activities, title, note, count) = (column("activities"), column("note_title"), column("note"), names.count)
            var missing = [column("time") == nil ? "time" : nil, column("mood") == nil ? "mood" : nil].compactMap(\.self)
            if fullDate == nil, year == nil || date == nil { missing.insert("full_date", at: 0) }
            guard missing.isEmpty, let time = column("time"), let mood = column("mood") else { throw .notDaylio(missing: missing) }
            (self.time, self.mood) = (time, mood)
        }
    }

    /// The row `fields`, on `line`, as `layout` places them.
    ///
    /// - Throws: `DaylioError` for a wrong number of fields, a date, time or note Daylio never writes,
    ///   or no mood.
    init(_ fields: [String], line: Int, layout: Layout, moods: DaylioMoods) throws(DaylioError) {
        guard fields.count == layout.count else { throw .fieldCount(line: line, found: fields.count, expected: layout.count) }
        self.line = line
        let day: LocalDate?
        if let fullDate = layout.fullDate {
            day = DaylioClock.date(iso: fields[fullDate])
            guard day != nil else { throw .badDate(line: line, column: "full_date", text: fields[fullDate]) }
        } else if let year = layout.year, let date = layout.date {
            day = DaylioClock.date(year: fields[year], dayAndMonth: fields[date])
            guard day != nil else { throw .badDate(line: line, column: "date", text: fields[year] + " " + fields[date]) }
        } else {
            day = nil
        }
        guard let day else { throw .badDate(line: line, column: "date", text: "") }
        guard let time = DaylioClock.time(fields[layout.time]) else { throw .badTime(line: line, text: fields[layout.time]) }
        local = time.on(day)
        mood = fields[layout.mood].trimmingSpaces
        guard !mood.isEmpty else { throw .noMood(line: line) }
        emotion = moods.emotion(of: mood)
        activities = layout.activities.map { ActivityTag.activities(in: fields[$0]) } ?? []
        (note, isNoteCut) = try DaylioNote.text(
            title: layout.title.map { fields[$0] } ?? "", note: layout.note.map { fields[$0] } ?? "", line: line)
    }

    /// The hash of what the row says (`RowID`): its day and time, mood, activities and note.
    var said: RowID {
        var id = RowID()
        id.mix(String(local.date.description) + "T" + local.hourAndMinute)
        id.mix(DaylioMoods.key(of: mood))
        id.mix(activities.joined(separator: "|"))
        id.mix(note ?? "")
        return id
    }
}
