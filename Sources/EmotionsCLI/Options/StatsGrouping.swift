import EmotionKit

/// What `stats --by` puts in a row: a period of the calendar (`day`, `week`, `month`), a weekday, or a tag.
enum StatsGrouping: Equatable, Sendable {
    /// One row per day, ISO week or month, in order, with sparklines.
    case period(PeriodLength)
    /// One row per weekday, Monday first, all seven.
    case weekday
    /// One row per tag, the most felt first, then one for changes without tags.
    case tag

    /// The names `--by` takes, in help's order.
    static let names = PeriodLength.allCases.map(\.name) + ["weekday", "tag"]

    /// The grouping `name` names, as `--by` takes it; `nil` for any other.
    init?(name: String) {
        if let length = PeriodLength(rawValue: name) {
            self = .period(length)
        } else if name == "weekday" {
            self = .weekday
        } else if name == "tag" {
            self = .tag
        } else {
            return nil
        }
    }
}
