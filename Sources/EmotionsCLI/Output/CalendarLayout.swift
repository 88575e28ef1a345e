/// How many of the calendar's week columns fit in a width: the most recent ones, as many as fit.
///
/// A line is a weekday's name (`Mon `, four cells) and two cells a week (`██`, or a letter and a
/// space). One more cell is kept free, so that a month's three-letter name over the last column
/// fits too: 53 weeks need 111 cells, and 80 cells show 37 weeks. At least one week is always
/// shown, however narrow: lines are then as wide as they need to be.
struct CalendarLayout: Equatable, Sendable {
    /// Cells of the weekday names' column, its space included.
    static let labelWidth = 4
    /// Cells a week column takes.
    static let weekWidth = 2
    /// Cells kept free after the last column, for the overhang of a month's name over it.
    static let overhang = 1

    /// How many week columns are shown: the last ones.
    let shownWeeks: Int
    /// How many the grid has.
    let weekCount: Int

    /// The layout of a grid of `weekCount` weeks in `width` cells.
    init(width: Int, weekCount: Int) {
        let room = (width - Self.labelWidth - Self.overhang) / Self.weekWidth
        self.weekCount = weekCount
        shownWeeks = max(min(1, weekCount), min(weekCount, room))
    }

    /// The first week column shown.
    var firstShownWeek: Int { weekCount - shownWeeks }

    /// Whether some weeks are left out for want of room.
    var isCut: Bool { shownWeeks < weekCount }
}
