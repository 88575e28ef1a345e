/// How long the periods of `stats --by` are: a local day, an ISO week (Monday first) or a month.
public enum PeriodLength: String, CaseIterable, Sendable {
    /// A local calendar day, 23 to 25 hours long.
    case day
    /// An ISO 8601 week, Monday to Sunday, numbered within its week-year.
    case week
    /// A calendar month.
    case month

    /// The name `--by` takes and JSON writes.
    public var name: String { rawValue }
}
