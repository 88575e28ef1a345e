/// A day of the proleptic Gregorian calendar, years 1 to 9999, as a wall calendar shows it: the
/// local day a TIME such as `2026-11-23` or `yesterday` names.
///
/// Days are counted, never computed as 86,400 s: a local day lasts 23 or 25 hours on the days
/// daylight saving time starts or ends. The conversions are Howard Hinnant's `days_from_civil`
/// and `civil_from_days`.
package struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1 to 9999.
    package let year: Int
    /// The month, 1 (January) to 12.
    package let month: Int
    /// The day of the month, 1 to 28, 29, 30 or 31.
    package let day: Int

    /// The years a date may have: four digits, as a TIME writes them.
    package static let years = 1...9999

    /// The date `year-month-day`, or `nil` if there is no such day (February 30, month 13, year 0).
    package init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// 1970-01-01, the day times are counted from.
    package static let epoch = LocalDate(known: (1970, 1, 1))

    /// A date known to exist.
    private init(known date: (year: Int, month: Int, day: Int)) {
        (year, month, day) = date
    }

    /// The date `days` days after 1970-01-01 (before it when negative), or `nil` outside years 1 to 9999.
    package init?(daysSinceEpoch days: Int64) {
        // Outside this span the arithmetic below could overflow; it is far outside years 1 to 9999.
        guard (-1_000_000_000...1_000_000_000).contains(days) else { return nil }
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: Int(year), month: Int(month), day: Int(day))
    }

    /// Days since 1970-01-01, negative before it.
    package var daysSinceEpoch: Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * Int64(month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week.
    package var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        Weekday.allCases[Int(floorModulo(daysSinceEpoch + 4, 7))]
    }

    /// The date `days` calendar days later (earlier when negative), or `nil` outside years 1 to 9999.
    package func adding(days: Int64) -> LocalDate? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        return overflow ? nil : LocalDate(daysSinceEpoch: sum)
    }

    /// The date `months` calendar months later (earlier when negative), its day clamped to the
    /// month's last (March 31 minus one month is February 28, or 29 in a leap year), or `nil`
    /// outside years 1 to 9999.
    package func adding(months: Int64) -> LocalDate? {
        let (scaled, overflow) = Int64(year).multipliedReportingOverflow(by: 12)
        let (sum, overflowAgain) = (scaled + Int64(month - 1)).addingReportingOverflow(months)
        guard !overflow, !overflowAgain else { return nil }
        let newYear = floorDivide(sum, 12)
        guard newYear >= Int64(Self.years.lowerBound), newYear <= Int64(Self.years.upperBound) else { return nil }
        let newMonth = Int(floorModulo(sum, 12)) + 1
        return LocalDate(
            year: Int(newYear), month: newMonth, day: min(day, Self.daysIn(month: newMonth, of: Int(newYear))))
    }

    /// How many days `month` of `year` has.
    package static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` has a February 29.
    package static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Whether `self` comes before `other`.
    package static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-11-23`: how `log` shows a local day.
    package var description: String {
        padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }
}

/// `value` in decimal with leading zeros to `width` digits (a negative one as its sign and digits,
/// zeros first if they are fewer than `width`).
func padded(_ value: Int, _ width: Int) -> String {
    guard value < 0 else { return String(decimal: value, minimumDigits: width) }
    let digits = String(decimal: value)
    return digits.utf8.count >= width ? digits : String(repeating: "0", count: width - digits.utf8.count) + digits
}
