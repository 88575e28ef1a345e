/// The note a view prints when the terminal is too narrow for all of it and it shows only the most
/// recent part: one wording for `stats --by` (its sparklines) and `calendar` (its weeks).
enum CutOffNote {
    /// `Showing the last 17 of 53 weeks; widen the terminal to see them all.`, its words filled
    /// into lines of at most `width` cells (a word longer than that on a line of its own).
    static func lines(shown: Int, of total: Int, unit: String, width: Int) -> [String] {
        let text = "Showing the last \(shown) of \(total) \(unit)s; widen the terminal to see them all."
        return CalendarReport.fill(text.split(separator: " ").map(String.init), separator: " ", width: width)
    }
}
