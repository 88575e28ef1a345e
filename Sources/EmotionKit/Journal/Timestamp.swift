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
/// digits). The calendar is `LocalDate`'s and the text `Instant.rfc3339(offsetSeconds:)`'s, written
/// once for the TIME grammar and the journal alike. What the history keeps from now on lies in those
/// years in UTC too (`OutsideYears`, checked by `init(_:in:)`, `--at` and `import`); a journal line
/// an earlier version took in without it is still read.
public struct Timestamp: Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, leap seconds not counted; negative before it.
    public let millisecondsSinceEpoch: Int64
    /// Seconds east of UTC in force where the instant is read: `32400` for `+09:00`.
    public let offsetSeconds: Int32

    /// The largest offset either way: 18 hours, as ISO 8601 libraries bound it.
    public static let offsetLimit: Int32 = 18 * 3600

    /// The instant `millisecondsSinceEpoch` read at `offsetSeconds` east of UTC.
    ///
    /// - Throws: `TimestampError` if the offset is not whole minutes within ±18 hours, or the local
    ///   date falls outside the years 1 to 9999.
    public init(millisecondsSinceEpoch: Int64, offsetSeconds: Int32) throws(TimestampError) {
        guard abs(Int64(offsetSeconds)) <= Int64(Timestamp.offsetLimit) else {
            throw .offsetOutOfRange(seconds: offsetSeconds)
        }
        guard offsetSeconds % 60 == 0 else { throw .offsetNotWholeMinutes(seconds: offsetSeconds) }
        let instant = Instant(millisecondsSinceEpoch: millisecondsSinceEpoch)
        guard LocalDateTime(instant, offsetSeconds: Int(offsetSeconds)) != nil else {
            throw .outsideYears(millisecondsSinceEpoch: millisecondsSinceEpoch)
        }
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
        self.offsetSeconds = offsetSeconds
    }

    /// `2026-11-23T21:04:05.123+09:00`: always three decimals and a signed offset (`+00:00` for UTC),
    /// so every timestamp has the same 29 characters.
    public var rfc3339: String {
        Instant(millisecondsSinceEpoch: millisecondsSinceEpoch).rfc3339(offsetSeconds: Int(offsetSeconds))
    }

    /// The RFC 3339 text, as `rfc3339`.
    public var description: String { rfc3339 }

    /// Reads RFC 3339 text: `YYYY-MM-DDThh:mm:ss`, an optional fraction of one to three digits, and
    /// `Z` or `±hh:mm` (`T` and `Z` in either case).
    ///
    /// Refused: a date or time that does not exist (February 30, hour 24, the leap second 60), a
    /// fraction finer than a millisecond (it would be lost), the unknown offset `-00:00` (a day
    /// depends on the offset), and anything `init(millisecondsSinceEpoch:offsetSeconds:)` refuses.
    public init(rfc3339 text: String) throws(TimestampError) {
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
        guard let date = LocalDate(year: Int(year), month: Int(month), day: Int(day)) else { throw .noSuchDate(text) }
        guard let local = LocalDateTime(
            date: date, hour: Int(hour), minute: Int(minute), second: Int(second), millisecond: Int(fraction))
        else { throw .noSuchTime(text) }
        guard abs(offset) <= Int64(Timestamp.offsetLimit) else { throw .offsetOutOfRange(seconds: Int32(offset)) }
        // Four-digit years and an offset within ±18 hours: nothing here comes near overflowing.
        try self.init(millisecondsSinceEpoch: local.millisecondsAsIfUTC - offset * 1000, offsetSeconds: Int32(offset))
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
