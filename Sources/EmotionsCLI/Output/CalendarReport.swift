import EmotionKit

/// The calendar rendered for people (a grid of weeks with month names above and a legend below) or
/// for scripts (JSON of the days something was felt).
///
/// In colour, a day is a two-cell block (`██`) in its emotion's colour. Without colour (a pipe,
/// `NO_COLOR`, `--color never`) it is the emotion's letter and a space, one cell each on every
/// terminal whatever its emoji widths: H happy, S smile, N neutral, U upset, D sad (down: smile has
/// the S). Either way a day with nothing felt is `·`, and a day outside the range or after today
/// is blank.
struct CalendarReport {
    /// The days and what each shows.
    let grid: CalendarGrid
    /// What was felt by day, for the JSON's counts.
    let felt: [Period: Felt]

    /// The report of `range` as of `today`, from what was felt by day (read a little past the range
    /// either side; those days are left out).
    init(range: CalendarRange, today: LocalDate, felt: [Period: Felt]) {
        grid = CalendarGrid(range: range, today: today, felt: felt)
        self.felt = felt
    }

    /// `Mon`…`Sun`, the rows' names.
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// `Jan`…`Dec`, the names over the columns.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// A day with nothing felt.
    static let nothingMark = "·"
    /// A day in colour: two cells, about square on most terminals.
    static let block = "██"

    /// The letter a day shows without colour.
    static func letter(for emotion: Emotion) -> String {
        switch emotion {
        case .happy: "H"
        case .smile: "S"
        case .neutral: "N"
        case .upset: "U"
        case .sad: "D"
        }
    }

    /// The month names, the seven weekday rows, a blank line and the legend, then, if some weeks did
    /// not fit in `width`, a note saying so; without a final newline, and no line ending in spaces.
    func text(width: Int = OutputWidth.fallback, style: OutputStyle = .plain) -> String {
        let layout = CalendarLayout(width: width, weekCount: grid.weekCount)
        var lines = [monthLine(layout)]
        for row in 0..<CalendarGrid.daysInWeek {
            lines.append(weekdayLine(row, layout: layout, style: style))
        }
        lines.append("")
        lines += legend(width: width, style: style)
        if layout.isCut {
            lines += CutOffNote.lines(shown: layout.shownWeeks, of: layout.weekCount, unit: "week", width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// Each shown month's name over the column holding its 1st; a name that would touch the one before
    /// it is left out.
    func monthLine(_ layout: CalendarLayout) -> String {
        var line = ""
        var column = 0
        for (week, month) in grid.monthStarts where week >= layout.firstShownWeek {
            let start = CalendarLayout.labelWidth + (week - layout.firstShownWeek) * CalendarLayout.weekWidth
            guard column == 0 || start > column else { continue }
            line += String(repeating: " ", count: start - column) + Self.monthNames[month - 1]
            column = start + 3
        }
        return line
    }

    /// One weekday's row: its name, then each shown week's day. In colour, a run of days of one
    /// emotion is painted once, so that a row holds a few escapes rather than one per day.
    func weekdayLine(_ row: Int, layout: CalendarLayout, style: OutputStyle) -> String {
        var line = Self.weekdayNames[row] + " "
        var run: (emotion: Emotion, days: Int)?
        /// Paints the run of days so far, if any, and starts none.
        func endRun() {
            if let current = run {
                line += style.paint(String(repeating: Self.block, count: current.days), as: current.emotion)
            }
            run = nil
        }
        for week in layout.firstShownWeek..<layout.weekCount {
            switch grid.cell(week: week, row: row) {
            case let .felt(emotion) where style.usesColor:
                if let current = run, current.emotion == emotion {
                    run = (emotion, current.days + 1)
                } else {
                    endRun()
                    run = (emotion, 1)
                }
            case let .felt(emotion):
                line += Self.letter(for: emotion) + " "
            case .nothing:
                endRun()
                line += Self.nothingMark + " "
            case .outside:
                endRun()
                line += "  "
            }
        }
        endRun()
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Each emotion's day as the grid shows it and its label, then the mark of a day with nothing
    /// felt, as many to a line as fit in `width`.
    func legend(width: Int, style: OutputStyle) -> [String] {
        var items = Emotion.allCases.map { emotion in
            let mark = style.usesColor ? style.paint(Self.block, as: emotion) : Self.letter(for: emotion)
            return mark + " " + style.language.label(for: emotion)
        }
        items.append(Self.nothingMark + " nothing felt")
        return Self.fill(items, separator: "  ", width: width)
    }

    /// `items` joined by `separator` into as few lines as keep each within `width` cells; an item wider
    /// than that has a line to itself.
    static func fill(_ items: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var cells = 0
        for item in items {
            let itemCells = CellWidth.of(item)
            if cells > 0, cells + separator.count + itemCells > width {
                lines.append(line)
                (line, cells) = ("", 0)
            }
            if cells > 0 {
                line += separator
                cells += separator.count
            }
            line += item
            cells += itemCells
        }
        lines.append(line)
        return lines
    }

    /// `{"since": "2025-01-01T00:00:00+00:00", "until": "2026-01-01T00:00:00+00:00", "days": [{"date":
    /// "2025-03-08", "emotion": "happy", "counts": {"happy": 2, …all five…}}, …]}`: the days shown as
    /// `stats` writes a range (`CalendarRange.jsonMembers`, in `zone`), and each of them on which
    /// something was felt, in order, with the emotion its cell shows.
    func json(zone: TimeZoneRules) -> String {
        var days: [(date: LocalDate, felt: Felt, emotion: Emotion)] = []
        for (period, felt) in felt where period.length == .day && grid.range.contains(period.start) {
            if let emotion = felt.mostFelt { days.append((period.start, felt, emotion)) }
        }
        days.sort { $0.date < $1.date }
        let objects = days.map { day in
            JSONValue.object([
                ("date", .string(day.date.description)),
                ("emotion", .string(day.emotion.name)),
                ("counts", .object(Emotion.allCases.map { ($0.name, .integer(day.felt[$0])) })),
            ])
        }
        return JSONValue.object(grid.range.jsonMembers(zone: zone) + [("days", .array(objects))]).serialized(pretty: false)
    }
}
