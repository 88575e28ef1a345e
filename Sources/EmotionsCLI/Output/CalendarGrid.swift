import EmotionKit

/// A year in pixels as data: one cell per day in a grid of ISO weeks (columns, Monday first) by
/// weekdays (rows, Monday at the top), each day what was felt most on it.
///
/// The grid runs from the Monday of the range's first week to the Sunday of its last, so every
/// column is a whole week; the days of those weeks outside the range, and those after today, are
/// `outside`. A day's cell is its most-felt emotion (`Felt.mostFelt`: ties go to the later change),
/// read from what was felt by day; a change counts on its own local date, wherever it was made.
struct CalendarGrid: Sendable {
    /// What one day shows.
    enum Cell: Equatable, Sendable {
        /// Not one of the range's days, or after today: shows nothing.
        case outside
        /// In the range, today or before, and nothing was felt (or what was felt adds up to nothing).
        case nothing
        /// The emotion felt most that day.
        case felt(Emotion)
    }

    /// Rows a week has: Monday to Sunday.
    static let daysInWeek = 7

    /// The days shown.
    let range: CalendarRange
    /// The first column's Monday, in days since 1970-01-01 (it may be before the year 1, then `outside`).
    let firstMonday: Int64
    /// How many week columns the grid has.
    let weekCount: Int
    /// Every cell, week by week, Monday to Sunday within each.
    private let cells: [Cell]

    /// The grid of `range` as of `today`, its days coloured by `felt`, what was felt by day (`Period`s
    /// of another length, and days outside the range, are left out).
    init(range: CalendarRange, today: LocalDate, felt: [Period: Felt]) {
        self.range = range
        let first = range.from.daysSinceEpoch
        let last = range.through.daysSinceEpoch
        firstMonday = first - Self.daysSinceMonday(range.from)
        let lastSunday = last + Int64(Self.daysInWeek - 1) - Self.daysSinceMonday(range.through)
        weekCount = Int((lastSunday - firstMonday + 1) / Int64(Self.daysInWeek))

        var mostFelt: [Int64: Emotion] = [:]
        for (period, felt) in felt where period.length == .day && range.contains(period.start) {
            if let emotion = felt.mostFelt { mostFelt[period.start.daysSinceEpoch] = emotion }
        }
        let todayDays = today.daysSinceEpoch
        var cells: [Cell] = []
        cells.reserveCapacity(weekCount * Self.daysInWeek)
        for day in firstMonday...lastSunday {
            if day < first || day > last {
                cells.append(.outside)
            } else if let emotion = mostFelt[day] {
                cells.append(.felt(emotion))
            } else {
                cells.append(day > todayDays ? .outside : .nothing)
            }
        }
        self.cells = cells
    }

    /// The cell of the day in week column `week` (from 0) and weekday row `row` (0 is Monday); `outside`
    /// past the grid.
    func cell(week: Int, row: Int) -> Cell {
        guard (0..<weekCount).contains(week), (0..<Self.daysInWeek).contains(row) else { return .outside }
        return cells[week * Self.daysInWeek + row]
    }

    /// The date of the Monday of week column `week`, or `nil` outside the years 1 to 9999.
    func monday(ofWeek week: Int) -> LocalDate? {
        LocalDate(daysSinceEpoch: firstMonday + Int64(week) * Int64(Self.daysInWeek))
    }

    /// Each month whose 1st is one of the range's days, with the week column holding it, in order:
    /// where the month's name goes.
    var monthStarts: [(week: Int, month: Int)] {
        var starts: [(week: Int, month: Int)] = []
        var date = range.from.day == 1 ? range.from : range.from.adding(months: 1).flatMap {
            LocalDate(year: $0.year, month: $0.month, day: 1)
        }
        while let first = date, first <= range.through {
            starts.append((Int((first.daysSinceEpoch - firstMonday) / Int64(Self.daysInWeek)), first.month))
            date = first.adding(months: 1)
        }
        return starts
    }

    /// Days from the Monday of `date`'s ISO week to `date`: 0 on a Monday, 6 on a Sunday.
    static func daysSinceMonday(_ date: LocalDate) -> Int64 {
        Int64((date.weekday.rawValue + 6) % 7)
    }
}
