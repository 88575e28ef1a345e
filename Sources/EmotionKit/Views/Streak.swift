/// The days on which something was felt, and their runs, as Daylio shows them: how many such days,
/// the run that reaches the last day (the current streak), and the longest run.
///
/// A day counts when the standing taps and adds placed on it add up to something felt (`Felt` not
/// empty): the days `calendar` colours. The current run ends on the last day, or on the day before
/// it when the last day has nothing yet, so that a streak does not break in the morning of a day
/// still to be tapped; a day with nothing before that ends it.
public struct Streak: Equatable, Sendable {
    /// How many days something was felt on.
    public let days: Int
    /// The run of such days ending on the last day, or on the day before when the last has none.
    public let current: Int
    /// The longest run of such days.
    public let longest: Int

    /// The streak of `felt`, what was felt by local day, with `last` as the last day (today, or a
    /// range's last day); days after `last` count among the days and runs, not in the current run.
    package init(felt: [Period: Felt], through last: LocalDate) {
        let days = felt.compactMap { period, felt in felt.isEmpty ? nil : period.start.daysSinceEpoch }.sorted()
        self.init(days: days, through: last.daysSinceEpoch)
    }

    /// The streak of `days`, days since 1970 ascending and distinct, through the day `last`.
    init(days: [Int64], through last: Int64) {
        self.days = days.count
        var longest = 0
        var run = 0
        for (index, day) in days.enumerated() {
            run = index > 0 && days[index - 1] == day - 1 ? run + 1 : 1
            longest = max(longest, run)
        }
        self.longest = longest
        var current = 0
        var expected = days.contains(last) ? last : last - 1
        for day in days.reversed() where day <= expected {
            guard day == expected else { break }
            current += 1
            expected -= 1
        }
        self.current = current
    }
}
