/// Why a TIME (`--since`, `--until`, `--at`) was refused: each message names the text, says what is
/// wrong and shows what is accepted.
package enum TimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `text` is in none of the forms a TIME may take.
    case unrecognized(String)
    /// `text` names a day its month does not have, such as `2026-02-30`.
    case noSuchDay(String, LocalDate.Month)
    /// `text` has an hour past 23 or a minute or second past 59.
    case noSuchTimeOfDay(String)
    /// `text` has an hour outside 1 to 12 before `am` or `pm`, or a minute past 59 (`13pm`, `9:60am`).
    case noSuchTwelveHourTime(String)
    /// `text` holds a word a TIME does not know but one it does is close to: `suggestion` is the
    /// text with that word put right (`yestreday 9pm` → `yesterday 9pm`).
    case misspelt(String, suggestion: String)
    /// `text` has an offset past ±18:00.
    case noSuchOffset(String)
    /// `text` is an amount with the unit `m`, which could be minutes or months.
    case ambiguousMinutes(String, amount: String)
    /// `text` is an amount ago that reaches before the year 1 (`99999999999d`).
    case amountTooLarge(String)
    /// `text` is a date whose year has no four digits from 0001 (`0000-06-01`).
    case noSuchYear(String)
    /// `text` names a time outside what the history keeps (`OutsideYears`): read at the local
    /// offset `readAt` (from `TZ`) when it gives none of its own.
    case outsideYears(String, OutsideYears, readAt: String?)
    /// `text` is a day that starts within the years 1 to 9999 but ends after them: 9999-12-31, or
    /// a day near it at an offset west of UTC.
    case endsPastRange(String)

    /// The forms a TIME may take, by example.
    package static let accepted = "use a date (2026-11-23), a date and time (2026-11-23T21:30, with Z or "
        + "+09:00 if you like), a time today (21:30, 9pm, 9:30am, noon, midnight), now, today, yesterday, a "
        + "weekday (monday, last monday), a day and a time (yesterday 9pm, monday 21:30) or an amount ago "
        + "(90min, 12h, 7d, 2w, 3mo, 1y)."

    /// Says what was refused, why, and what would be accepted.
    package var description: String {
        switch self {
        case let .unrecognized(text):
            "'\(text)' is not a TIME: " + Self.accepted
        case let .noSuchDay(text, month):
            "'\(text)' is not a TIME: \(month.name) \(month.year) has \(month.days) days."
        case let .noSuchTimeOfDay(text):
            "'\(text)' is not a TIME: hours go from 00 to 23, minutes and seconds from 00 to 59 (21:30, 21:30:05)."
        case let .noSuchTwelveHourTime(text):
            "'\(text)' is not a TIME: with am or pm, hours go from 1 to 12 and minutes from 00 to 59 (9pm, 9:30am; "
                + "12am is midnight, 12pm noon)."
        case let .misspelt(text, suggestion):
            "'\(text)' is not a TIME: did you mean '\(suggestion)'?"
        case let .noSuchOffset(text):
            "'\(text)' is not a TIME: an offset goes from -18:00 to +18:00 (Z, +09:00, -03:30)."
        case let .ambiguousMinutes(text, amount):
            "'\(text)' is ambiguous: write \(amount)min for minutes or \(amount)mo for months."
        case let .amountTooLarge(text):
            "'\(text)' is too far back: it reaches before the year 1, the first the tool can write; use a smaller amount."
        case let .noSuchYear(text):
            "'\(text)' is not a TIME: years go from 0001 to 9999."
        case let .outsideYears(text, outside, readAt):
            "'\(text)' is out of reach: " + (readAt.map { "read at \($0) (from TZ), " } ?? "") + "it falls \(outside)"
                + (outside.localOffset == nil ? "" : ", where TZ places it") + ", and \(OutsideYears.rule); \(outside.advice)."
        case let .endsPastRange(text):
            "'\(text)' is not a TIME: that day ends after the year 9999, the last the tool can write; name an earlier day."
        }
    }
}

extension LocalDate {
    /// A month of a year, to say how many days it has.
    package struct Month: Hashable, Sendable {
        /// The year.
        package let year: Int
        /// The month, 1 to 12.
        package let month: Int

        /// `February`.
        package var name: String {
            Self.names[(month - 1) % 12]
        }

        /// How many days it has.
        package var days: Int {
            LocalDate.daysIn(month: month, of: year)
        }

        /// The months' English names.
        private static let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ]
    }
}
