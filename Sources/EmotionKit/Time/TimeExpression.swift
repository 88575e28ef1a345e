/// A TIME as the user wrote it for `--since`, `--until` or `--at`, parsed but not yet placed:
/// `2026-11-23`, `2026-11-23T21:30[:05[.123]]` (a space may stand for the `T`) with optional `Z` or
/// `±HH:MM`, `21:30`, `9pm`, `9:30am`, `noon`, `midnight`, `now`, `today`, `yesterday`, `monday` or
/// `mon` (also `last monday`), a time of day after a day word (`yesterday 21:30`, `monday 9pm`), and
/// amounts ago (`90min`, `12h`, `7d`, `2w`, `3mo`, `1y`, `30s`, also `90 minutes` and `7d ago`), in any case.
///
/// Parsing needs neither the clock nor the zone; `span(now:zone:)` places it.
package struct TimeExpression: Hashable, Sendable {
    /// The text as the user wrote it, for messages.
    package let text: String
    /// What it says.
    package let form: Form

    /// What a TIME says.
    package enum Form: Hashable, Sendable {
        /// This instant.
        case now
        /// The whole local day `daysBack` days before today: `today` is 0, `yesterday` 1.
        case localDay(daysBack: Int)
        /// The whole local day of the most recent **past** `Weekday`: on a Monday, `monday` is the
        /// Monday a week ago, never today, so that `--since monday` always covers a full week.
        case weekday(Weekday)
        /// A time of day on the local day `daysBack` days before today: `21:30`, `9pm`, `yesterday 21:30`.
        case timeOfDay(TimeOfDay, daysBack: Int)
        /// A time of day on the most recent past `Weekday`, never today, as `weekday` has it: `monday 9pm`.
        case weekdayTimeOfDay(Weekday, TimeOfDay)
        /// A whole day: local when `offsetSeconds` is `nil` (`2026-11-23`), else at that offset (`2026-11-23Z`).
        case date(LocalDate, offsetSeconds: Int?)
        /// A date and time: local when `offsetSeconds` is `nil`, else at that offset.
        case dateTime(LocalDateTime, offsetSeconds: Int?)
        /// `amount` `unit`s before now.
        case ago(Int64, AgoUnit)
    }

    /// Parses `text`, throwing a `TimeError` that names it and shows what is accepted.
    package init(parsing text: String) throws(TimeError) {
        self.text = text
        var scanner = TimeScanner(text: text)
        form = try scanner.form()
    }
}

/// Reads a TIME's bytes left to right.
private struct TimeScanner {
    /// The text, for errors.
    let text: String
    /// Its bytes in ASCII lower case.
    let bytes: [UInt8]
    /// Where reading is.
    var position = 0

    init(text: String) {
        self.text = text
        bytes = text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    /// The whole text's form, or the error that says why it has none; a misspelt word (`yestreday`)
    /// is refused with the word it was likely meant to be.
    mutating func form() throws(TimeError) -> TimeExpression.Form {
        do throws(TimeError) {
            return try wordOrNumberForm()
        } catch {
            guard case .unrecognized = error, let suggestion = TimeWords.correction(of: String(decoding: bytes, as: UTF8.self))
            else { throw error }
            throw .misspelt(text, suggestion: suggestion)
        }
    }

    /// The form of a text of words (`yesterday 9pm`, `last monday`) or starting with digits.
    private mutating func wordOrNumberForm() throws(TimeError) -> TimeExpression.Form {
        let whole = String(decoding: bytes, as: UTF8.self)
        if whole.hasPrefix("last ") { return try lastWeekdayForm(String(whole.dropFirst(5))) }
        switch whole {
        case "now": return .now
        case "today": return .localDay(daysBack: 0)
        case "yesterday": return .localDay(daysBack: 1)
        default: break
        }
        if let weekday = Weekday(name: whole) { return .weekday(weekday) }
        if let clock = TimeWords.clockWord(whole) { return .timeOfDay(clock, daysBack: 0) }
        if let form = try dayAndTimeForm(whole) { return form }
        guard digitCount() > 0 else { throw .unrecognized(text) }
        if digitCount() == 4, byte(at: position + 4) == UInt8(ascii: "-") { return try dateForm() }
        if digitCount() == 2, byte(at: position + 2) == UInt8(ascii: ":"), !endsInMeridiem {
            let time = try timeOfDay()
            try end()
            return .timeOfDay(time, daysBack: 0)
        }
        if endsInMeridiem { return .timeOfDay(try clockTime(), daysBack: 0) }
        return try agoForm()
    }

    /// `last monday` or `last monday 9pm`, after `last `: the same day as `monday`, the most recent
    /// past one (`Form.weekday`), as GNU `date` reads it.
    private mutating func lastWeekdayForm(_ rest: String) throws(TimeError) -> TimeExpression.Form {
        position = 5
        guard let weekday = Weekday(name: String(rest.prefix { $0 != " " })) else { throw .unrecognized(text) }
        if Weekday(name: rest) != nil { return .weekday(weekday) }
        guard let form = try dayAndTimeForm(rest) else { throw .unrecognized(text) }
        return form
    }

    /// `today 21:30`, `yesterday 9pm`, `monday noon`: a day word, one space and a time of day, read
    /// from the reading position; `nil`, reading nothing, if `words` starts with no day word and a space.
    private mutating func dayAndTimeForm(_ words: String) throws(TimeError) -> TimeExpression.Form? {
        guard let space = words.firstIndex(of: " ") else { return nil }
        let day = String(words[..<space])
        let daysBack: Int? = day == "today" ? 0 : day == "yesterday" ? 1 : nil
        let weekday = Weekday(name: day)
        guard daysBack != nil || weekday != nil else { return nil }
        position += day.utf8.count + 1
        let time = try clockTime()
        if let weekday { return .weekdayTimeOfDay(weekday, time) }
        return .timeOfDay(time, daysBack: daysBack ?? 0)
    }

    /// Whether the text ends in `am` or `pm`, as a 12-hour time does (`9pm`, `9:30 am`).
    private var endsInMeridiem: Bool {
        bytes.count >= 3 && bytes[bytes.count - 1] == UInt8(ascii: "m")
            && [UInt8(ascii: "a"), UInt8(ascii: "p")].contains(bytes[bytes.count - 2])
            && !(97...122).contains(bytes[bytes.count - 3])
    }

    /// The rest of the text as a time of day: `21:30[:05[.123]]`, `9pm`, `9:30 am`, `noon` or `midnight`.
    private mutating func clockTime() throws(TimeError) -> TimeOfDay {
        let rest = String(decoding: bytes[position...], as: UTF8.self)
        if let clock = TimeWords.clockWord(rest) { return clock }
        guard endsInMeridiem else {
            let time = try timeOfDay()
            try end()
            return time
        }
        let digits = digitCount()
        guard (1...2).contains(digits), let hour = number(digits: digits) else { throw .unrecognized(text) }
        var minute = 0
        if take(":") {
            guard let minutes = number(digits: 2) else { throw .unrecognized(text) }
            minute = minutes
        }
        _ = take(" ")
        let isAfternoon = take("pm")
        guard isAfternoon || take("am") else { throw .unrecognized(text) }
        try end()
        // 12am is midnight, 12pm noon.
        guard (1...12).contains(hour), let time = TimeOfDay(hour: hour % 12 + (isAfternoon ? 12 : 0), minute: minute) else {
            throw .noSuchTwelveHourTime(text)
        }
        return time
    }

    /// `2026-11-23`, then an optional `T` (or a space) and a time of day, then an optional offset.
    private mutating func dateForm() throws(TimeError) -> TimeExpression.Form {
        guard let year = number(digits: 4), take("-"), let month = number(digits: 2), take("-"),
            let day = number(digits: 2)
        else { throw .unrecognized(text) }
        guard (1...12).contains(month) else { throw .unrecognized(text) }
        guard LocalDate.years.contains(year) else { throw .noSuchYear(text) }
        guard let date = LocalDate(year: year, month: month, day: day) else {
            throw .noSuchDay(text, LocalDate.Month(year: year, month: month))
        }
        guard take("t") || take(" ") else {
            let offset = try offsetSeconds()
            try end()
            return .date(date, offsetSeconds: offset)
        }
        let time = try timeOfDay()
        let offset = try offsetSeconds()
        try end()
        return .dateTime(time.on(date), offsetSeconds: offset)
    }

    /// `21:30`, `21:30:05` or `21:30:05.123`.
    private mutating func timeOfDay() throws(TimeError) -> TimeOfDay {
        guard let hour = number(digits: 2), take(":"), let minute = number(digits: 2) else {
            throw .unrecognized(text)
        }
        var second = 0
        var millisecond = 0
        if take(":") {
            guard let seconds = number(digits: 2) else { throw .unrecognized(text) }
            second = seconds
            if take(".") {
                let digits = digitCount()
                guard (1...3).contains(digits), let fraction = number(digits: digits) else {
                    throw .unrecognized(text)
                }
                millisecond = fraction * [100, 10, 1][digits - 1]
            }
        }
        guard let time = TimeOfDay(hour: hour, minute: minute, second: second, millisecond: millisecond) else {
            throw .noSuchTimeOfDay(text)
        }
        return time
    }

    /// `Z`, `+09:00` or `-03:30` as seconds east of UTC; `nil` if there is none.
    private mutating func offsetSeconds() throws(TimeError) -> Int? {
        if take("z") { return 0 }
        let sign = take("+") ? 1 : take("-") ? -1 : 0
        guard sign != 0 else { return nil }
        guard let hours = number(digits: 2), take(":"), let minutes = number(digits: 2) else {
            throw .unrecognized(text)
        }
        guard minutes <= 59, hours * 3600 + minutes * 60 <= TimeZoneRules.largestOffset else { throw .noSuchOffset(text) }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// `90min`, `12h`, `7 days`, `3mo ago`: an amount, an optional space, a unit, an optional ` ago`.
    private mutating func agoForm() throws(TimeError) -> TimeExpression.Form {
        let digits = digitCount()
        let amountText = String(decoding: bytes[position..<position + digits], as: UTF8.self)
        // Nineteen digits may overflow an Int64; any amount that long is far past year 1 anyway.
        guard digits <= 18, let amount = Int64(amountText) else { throw .amountTooLarge(text) }
        position += digits
        _ = take(" ")
        var unitEnd = position
        while unitEnd < bytes.count, (97...122).contains(bytes[unitEnd]) { unitEnd += 1 }
        let word = String(decoding: bytes[position..<unitEnd], as: UTF8.self)
        position = unitEnd
        if position < bytes.count { guard take(" ago") else { throw .unrecognized(text) } }
        if word == "m" { throw .ambiguousMinutes(text, amount: amountText) }
        guard let unit = AgoUnit(word: word) else { throw .unrecognized(text) }
        try end()
        return .ago(amount, unit)
    }

    /// Throws unless every byte has been read.
    private func end() throws(TimeError) {
        guard position == bytes.count else { throw .unrecognized(text) }
    }

    /// How many ASCII digits start at the reading position.
    private func digitCount() -> Int {
        var end = position
        while end < bytes.count, (48...57).contains(bytes[end]) { end += 1 }
        return end - position
    }

    /// The byte at `index`, or `nil` past the end.
    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Reads exactly `digits` digits (no more follow) as a number, or reads nothing and returns `nil`.
    private mutating func number(digits: Int) -> Int? {
        guard digitCount() == digits else { return nil }
        let value = bytes[position..<position + digits].reduce(0) { $0 * 10 + Int($1 - 48) }
        position += digits
        return value
    }

    /// Reads `expected` if it comes next.
    private mutating func take(_ expected: String) -> Bool {
        let expectedBytes = Array(expected.utf8)
        guard bytes.count - position >= expectedBytes.count,
            Array(bytes[position..<position + expectedBytes.count]) == expectedBytes
        else { return false }
        position += expectedBytes.count
        return true
    }
}
