import EmotionKit

extension Streak {
    /// `Days with a change: 7 · current streak: 2 · longest: 4`: the line under `stats`'s table.
    var line: String {
        "Days with a change: \(days) · current streak: \(current) · longest: \(longest)"
    }

    /// `"days": 7, "streak": {"current": 2, "longest": 4}`: the members `stats --json` adds for a range.
    var jsonMembers: [(String, JSONValue)] {
        [("days", .integer(days)), ("streak", .object([("current", .integer(current)), ("longest", .integer(longest))]))]
    }
}
