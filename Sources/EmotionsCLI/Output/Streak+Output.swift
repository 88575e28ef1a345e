import EmotionKit

extension Streak {
    /// `7 days felt · current streak 2 · longest 4`: the line under `stats`'s table, its three parts
    /// filled into lines of at most `width` cells.
    func lines(width: Int) -> [String] {
        let parts = ["\(days) day\(days == 1 ? "" : "s") felt", "current streak \(current)", "longest \(longest)"]
        return CalendarReport.fill(parts, separator: " · ", width: width)
    }

    /// `"days": 7, "streak": {"current": 2, "longest": 4}`: the members `stats --json` adds for a range.
    var jsonMembers: [(key: String, value: JSONValue)] {
        [("days", .integer(days)), ("streak", .object([("current", .integer(current)), ("longest", .integer(longest))]))]
    }
}
