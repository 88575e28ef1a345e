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

    /// This time of day on `date`.
    package func on(_ date: LocalDate) -> LocalDateTime {
        // The fields were checked when this value was made, so the date and time always exist.
        LocalDateTime(date: date, hour: hour, minute: minute, second: second, millisecond: millisecond)
            ?? LocalDateTime(startOf: date)
    }
}
