/// Why a time cannot be a journal event's `Timestamp`, in words that name it.
public enum TimestampError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not of the form `2026-11-23T21:04:05.123+09:00`.
    case malformed(String)
    /// The date does not exist: month 13, February 30.
    case noSuchDate(String)
    /// The time of day does not exist: hour 24, minute 60, or the leap second 60, which Unix time skips.
    case noSuchTime(String)
    /// The fraction of a second is finer than a millisecond, and would be lost.
    case tooPrecise(String)
    /// The offset is `-00:00`, RFC 3339's "offset unknown"; a day depends on it.
    case unknownOffset(String)
    /// The offset is more than 18 hours from UTC.
    case offsetOutOfRange(seconds: Int32)
    /// The offset is not a whole number of minutes, which RFC 3339 cannot write.
    case offsetNotWholeMinutes(seconds: Int32)
    /// The local date at the offset falls outside the years 1 to 9999.
    case outsideYears(millisecondsSinceEpoch: Int64)

    /// What is wrong, quoting the text as JSON so that nothing in it reaches a terminal raw.
    public var description: String {
        switch self {
        case let .malformed(text):
            "\(TimestampError.quoted(text)) is not a time of the form 2026-11-23T21:04:05.123+09:00"
        case let .noSuchDate(text): "\(TimestampError.quoted(text)) names a date that does not exist"
        case let .noSuchTime(text): "\(TimestampError.quoted(text)) names a time of day that does not exist"
        case let .tooPrecise(text):
            "\(TimestampError.quoted(text)) has more than three decimals; times are kept to the millisecond"
        case let .unknownOffset(text):
            "\(TimestampError.quoted(text)) has the unknown offset -00:00; write the offset in force, or Z for UTC"
        case let .offsetOutOfRange(seconds):
            "the UTC offset of \(seconds) seconds is more than 18 hours"
        case let .offsetNotWholeMinutes(seconds):
            "the UTC offset of \(seconds) seconds is not a whole number of minutes"
        case let .outsideYears(milliseconds):
            "the instant \(milliseconds) ms from 1970 falls outside the years 1 to 9999"
        }
    }

    private static func quoted(_ text: String) -> String {
        JSONValue.shortened(JSONValue.string(text).minimalText)
    }
}
