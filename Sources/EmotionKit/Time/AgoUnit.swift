/// The unit of an amount ago, as `90min`, `12h`, `7d`, `2w`, `3mo` or `1y` write it.
///
/// Seconds, minutes and hours go back by exact time; days and weeks by local calendar days (7d
/// before 12:00 is 12:00, whatever daylight saving time did in between); months and years by
/// calendar months, the day clamped to the month's last. A bare `m` is none of them: Timewarrior
/// read `30m` as thirty months (its issue 9), so it is refused as ambiguous.
package enum AgoUnit: Hashable, Sendable, CaseIterable {
    case second, minute, hour, day, week, month, year

    /// The unit `word` names (`min`, `minutes`, `h`, `d`, `mo`, `y`…), in lower case, or `nil`.
    package init?(word: String) {
        guard let found = Self.allCases.first(where: { $0.words.contains(word) }) else { return nil }
        self = found
    }

    /// The words for this unit, shortest first.
    package var words: [String] {
        switch self {
        case .second: ["s", "sec", "secs", "second", "seconds"]
        case .minute: ["min", "mins", "minute", "minutes"]
        case .hour: ["h", "hr", "hrs", "hour", "hours"]
        case .day: ["d", "day", "days"]
        case .week: ["w", "wk", "wks", "week", "weeks"]
        case .month: ["mo", "mos", "month", "months"]
        case .year: ["y", "yr", "yrs", "year", "years"]
        }
    }

    /// How many seconds the unit is, for the units that go back by exact time.
    var exactSeconds: Int64? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day, .week, .month, .year: nil
        }
    }
}
