/// An instant to the millisecond and the UTC offset it is read at: when a journal event is placed,
/// written as RFC 3339 text such as `2026-11-23T21:04:05.123+09:00`.
///
/// The text holds both exactly, so a journal line is readable and greppable by local date while the
/// instant comes back to the millisecond. Two timestamps are equal only if instant and offset both
/// are: the same instant read at another offset is written differently. No time-zone rules here:
/// the offset is given by whoever made the event.
///
/// Invariant: the offset is a whole number of minutes within ±18 hours (what RFC 3339 can write, and
/// every zone in use keeps), and the local date at that offset lies in the years 1 to 9999 (four
/// digits). The calendar arithmetic is Howard Hinnant's `days_from_civil` and `civil_from_days`.
package struct Timestamp: Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, leap seconds not counted; negative before it.
    package let millisecondsSinceEpoch: Int64
    /// Seconds east of UTC in force where the instant is read: `32400` for `+09:00`.
    package let offsetSeconds: Int32

    /// The largest offset either way: 18 hours, as ISO 8601 libraries bound it.
    package static let offsetLimit: Int32 = 18 * 3600

    private static let millisecondsPerDay: Int64 = 86_400_000
    /// The first local millisecond allowed, 0001-01-01T00:00:00.000.
    private static let earliestLocal = daysFromCivil(year: 1, month: 1, day: 1) * millisecondsPerDay
    /// The last local millisecond allowed, 9999-12-31T23:59:59.999.
    private static let latestLocal = daysFromCivil(year: 10000, month: 1, day: 1) * millisecondsPerDay - 1

    /// The instant `millisecondsSinceEpoch` read at `offsetSeconds` east of UTC.
    ///
    /// - Throws: `TimestampError` if the offset is not whole minutes within ±18 hours, or the local
    ///   date falls outside the years 1 to 9999.
    package init(millisecondsSinceEpoch: Int64, offsetSeconds: Int32) throws(TimestampError) {
        guard abs(Int64(offsetSeconds)) <= Int64(Timestamp.offsetLimit) else {
            throw .offsetOutOfRange(seconds: offsetSeconds)
        }
        guard offsetSeconds % 60 == 0 else { throw .offsetNotWholeMinutes(seconds: offsetSeconds) }
        let (local, overflow) = millisecondsSinceEpoch.addingReportingOverflow(Int64(offsetSeconds) * 1000)
        guard !overflow, (Timestamp.earliestLocal...Timestamp.latestLocal).contains(local) else {
            throw .outsideYears(millisecondsSinceEpoch: millisecondsSinceEpoch)
        }
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
        self.offsetSeconds = offsetSeconds
    }

    /// `2026-11-23T21:04:05.123+09:00`: always three decimals and a signed offset (`+00:00` for UTC),
    /// so every timestamp has the same 29 characters.
    package var rfc3339: String {
        let local = millisecondsSinceEpoch + Int64(offsetSeconds) * 1000  // In range: the invariant.
        let days = Timestamp.floorDivide(local, Timestamp.millisecondsPerDay)
        let inDay = local - days * Timestamp.millisecondsPerDay
        let date = Timestamp.civilFromDays(days)
        let seconds = inDay / 1000
        // Appended piece by piece, as the tap path's other text (see `TallyDocument.serialized`).
        var text = Timestamp.padded(date.year, 4)
        text += "-"
        text += Timestamp.padded(date.month, 2)
        text += "-"
        text += Timestamp.padded(date.day, 2)
        text += "T"
        text += Timestamp.padded(seconds / 3600, 2)
        text += ":"
        text += Timestamp.padded(seconds / 60 % 60, 2)
        text += ":"
        text += Timestamp.padded(seconds % 60, 2)
        text += "."
        text += Timestamp.padded(inDay % 1000, 3)
        let minutes = abs(Int64(offsetSeconds)) / 60
        text += offsetSeconds < 0 ? "-" : "+"
        text += Timestamp.padded(minutes / 60, 2)
        text += ":"
        text += Timestamp.padded(minutes % 60, 2)
        return text
    }

    /// The RFC 3339 text, as `rfc3339`.
    package var description: String { rfc3339 }

    /// Reads RFC 3339 text: `YYYY-MM-DDThh:mm:ss`, an optional fraction of one to three digits, and
    /// `Z` or `±hh:mm` (`T` and `Z` in either case).
    ///
    /// Refused: a date or time that does not exist (February 30, hour 24, the leap second 60), a
    /// fraction finer than a millisecond (it would be lost), the unknown offset `-00:00` (a day
    /// depends on the offset), and anything `init(millisecondsSinceEpoch:offsetSeconds:)` refuses.
    package init(rfc3339 text: String) throws(TimestampError) {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2)
        else { throw .malformed(text) }
        var fraction: Int64 = 0
        if reader.skip(".") {
            let digits = reader.digitCount()
            guard digits >= 1 else { throw .malformed(text) }
            guard digits <= 3, let value = reader.number(digits: digits) else { throw .tooPrecise(text) }
            fraction = digits == 1 ? value * 100 : digits == 2 ? value * 10 : value
        }
        var offset: Int64 = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign: Int64
            if reader.skip("+") {
                sign = 1
            } else if reader.skip("-") {
                sign = -1
            } else {
                throw .malformed(text)
            }
            guard let offsetHours = reader.number(digits: 2), reader.skip(":"),
                let offsetMinutes = reader.number(digits: 2)
            else { throw .malformed(text) }
            guard offsetMinutes < 60 else { throw .malformed(text) }
            guard sign > 0 || offsetHours > 0 || offsetMinutes > 0 else { throw .unknownOffset(text) }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard reader.isAtEnd else { throw .malformed(text) }
        guard (1...12).contains(month), day >= 1, day <= Timestamp.daysIn(month: month, of: year) else {
            throw .noSuchDate(text)
        }
        guard hour < 24, minute < 60, second < 60 else { throw .noSuchTime(text) }
        guard abs(offset) <= Int64(Timestamp.offsetLimit) else { throw .offsetOutOfRange(seconds: Int32(offset)) }
        // Four-digit years and an offset within ±18 hours: nothing here comes near overflowing.
        let local = Timestamp.daysFromCivil(year: year, month: month, day: day) * Timestamp.millisecondsPerDay
            + ((hour * 60 + minute) * 60 + second) * 1000 + fraction
        try self.init(millisecondsSinceEpoch: local - offset * 1000, offsetSeconds: Int32(offset))
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (`days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the proleptic Gregorian calendar `days` after 1970-01-01 (`civil_from_days`).
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// How many days `month` (1 to 12) of `year` has.
    static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return dividend % divisor < 0 ? quotient - 1 : quotient
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Reads fixed-width ASCII fields of a timestamp, byte by byte.
private struct DigitReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// How many ASCII digits follow, without consuming them.
    func digitCount() -> Int {
        var end = index
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        return end - index
    }

    /// Consumes exactly `digits` ASCII digits (at most 4) and returns their value, or `nil` if they are not there.
    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }
}
