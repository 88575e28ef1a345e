import EmotionKit

/// What `stats --by` puts in a row: a period of the calendar (`day`, `week`, `month`), a weekday, or a tag.
enum StatsGrouping: Equatable, Sendable {
    /// One row per day, ISO week or month, in order, with sparklines.
    case period(PeriodLength)
    /// One row per weekday, Monday first, all seven.
    case weekday
    /// One row per tag, the most felt first, then one for changes without tags.
    case tag

    /// The names `--by` takes, in help's order: the period lengths' names (as a test checks), then
    /// `weekday` and `tag`. Written out: `stats`' spec lists them, and mapping `PeriodLength.allCases`
    /// built an array of `PeriodLength` on every run, a type whose runtime metadata it paid for.
    static let names = ["day", "week", "month", "weekday", "tag"]

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
