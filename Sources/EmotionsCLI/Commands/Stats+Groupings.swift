import EmotionKit

extension Stats {
    /// `--by weekday` or `--by tag`: what was felt in the range asked for, or in all the history, by
    /// weekday or by tag (with `+TAG`s, only in changes recorded with them).
    func showCategories(_ grouping: StatsGrouping, from store: TallyStore, now: Instant, zone: TimeZoneRules, in context: Context) throws {
        let range = try self.range.range(now: now, zone: zone) ?? TimeRange(since: nil, until: now)
        let report = grouping == .tag
            ? CategoryReport(tags: try store.feltByTag(since: range.since, until: range.until, withTags: tags))
            : CategoryReport(weekdays: try store.felt(byWeekdaySince: range.since, until: range.until, withTags: tags))
        if isJSON {
            context.terminal.print(report.json(range: range, zone: zone))
        } else {
            let lines = [range.header(now: now, zone: zone)] + report.tableLines(style: OutputStyle(color: color, context: context))
            context.terminal.print(lines.joined(separator: "\n"))
        }
    }

    /// The last day a streak runs through: the local day of the range's last instant, or today for
    /// a range that ends after it.
    static func lastDay(of range: TimeRange, now: Instant, zone: TimeZoneRules) -> LocalDate {
        let today = zone.localDateTime(at: now)?.date ?? .epoch
        let lastInstant = range.until.advanced(byMilliseconds: -1) ?? range.until
        return min(today, zone.localDateTime(at: lastInstant)?.date ?? today)
    }

    /// The period of `length` the history's first change is in, or `nil` for a history with none:
    /// where `--by` without a range starts when the history began less than its usual span ago.
    static func firstPeriod(of length: PeriodLength, in store: TallyStore, now: Instant) throws -> Period? {
        try store.felt(by: length, since: nil, until: now).keys.min()
    }
}
