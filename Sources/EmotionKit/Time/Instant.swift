/// A moment in time, as milliseconds since 1970-01-01T00:00:00Z (the Unix epoch), leap seconds
/// not counted: what the history records and a TIME resolves to.
///
/// Milliseconds, because the journal and `log --json` show them; an `Int64` of them spans far more
/// than the years 1 to 9999 a TIME may name. Arithmetic on it is checked: a result past that span
/// is `nil`, never a trap.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch; negative before it.
    public let millisecondsSinceEpoch: Int64

    /// The instant `milliseconds` after the Unix epoch.
    public init(millisecondsSinceEpoch milliseconds: Int64) {
        millisecondsSinceEpoch = milliseconds
    }

    /// Whole seconds since the Unix epoch, rounded down (so 1 ms before the epoch is second -1).
    public var secondsSinceEpoch: Int64 {
        floorDivide(millisecondsSinceEpoch, 1000)
    }

    /// This instant moved by `duration` (earlier when negative), or `nil` if that overflows.
    public func advanced(by duration: Duration) -> Instant? {
        let (seconds, attoseconds) = duration.components
        let (fromSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        let (milliseconds, overflowAgain) = fromSeconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !overflowAgain else { return nil }
        return advanced(byMilliseconds: milliseconds)
    }

    /// This instant moved by `milliseconds`, or `nil` if that overflows.
    public func advanced(byMilliseconds milliseconds: Int64) -> Instant? {
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(milliseconds)
        return overflow ? nil : Instant(millisecondsSinceEpoch: sum)
    }

    /// Whether `self` comes before `other`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    /// The instant in UTC, such as `2026-11-23T12:04:05.123Z`, for debugging and test failures.
    public var description: String {
        rfc3339(offsetSeconds: 0)
    }
}

/// `dividend / divisor` rounded towards minus infinity, for instants and days before 1970.
func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
    let quotient = dividend / divisor
    return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
}

/// What is left of `dividend` after `floorDivide`: from 0 to `divisor - 1` for a positive divisor.
func floorModulo(_ dividend: Int64, _ divisor: Int64) -> Int64 {
    dividend - floorDivide(dividend, divisor) * divisor
}
