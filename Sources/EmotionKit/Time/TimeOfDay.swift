/// A time of day without a date, as `21:30` or `yesterday 21:30:05` write it.
package struct TimeOfDay: Hashable, Sendable {
    /// The hour, 0 to 23.
    package let hour: Int
    /// The minute, 0 to 59.
    package let minute: Int
    /// The second, 0 to 59.
    package let second: Int
    /// The millisecond, 0 to 999.
    package let millisecond: Int

    /// `hour:minute:second.millisecond`, or `nil` if that is no time of day (hour 24, minute 60).
    package init?(hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// 00:00, the start of a day.
    package static let midnight = TimeOfDay(checkedHour: 0, minute: 0, second: 0, millisecond: 0)

    /// This time of day on `date`.
    package func on(_ date: LocalDate) -> LocalDateTime {
        LocalDateTime(date: date, time: self)
    }

    /// Fields known to be in range.
    private init(checkedHour hour: Int, minute: Int, second: Int, millisecond: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }
}
