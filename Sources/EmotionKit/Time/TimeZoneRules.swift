/// The rules of a time zone, as one function: the offset from UTC in force at an instant.
///
/// The seam through which every local date and time is read or resolved: `.system` is the process's
/// `TZ`, read as the C library reads it (`TimeZoneFile`, `PosixTimeZoneRule`); tests use fixed
/// offsets or a hand-written rule, so they never touch `TZ`, which is one for the whole process.
///
/// Turning a wall clock time into an instant needs nothing more than the offset function:
/// - A time the clocks pass once has one instant.
/// - A time the clocks pass twice (01:30 on the morning daylight saving time ends) is taken at the
///   **earlier** instant, the first time the clock shows it: a backdated change is placed no later
///   than the person can have meant.
/// - A time the clocks skip (02:30 on the morning daylight saving time starts in New York) is read
///   with the offset in force **before** the gap, so it lands after it by the gap's length: 02:30
///   becomes 03:30 EDT. That is what `mktime` does with `tm_isdst = -1` on glibc, and
///   `java.time`'s `ZonedDateTime.of`: the time is never refused and never moved backwards.
///
/// Offsets are whole minutes, as the history keeps them (RFC 3339 writes no seconds): one with
/// seconds, as a zone's local mean time before about 1900 has (New York's −4:56:02), is read at the
/// nearest minute. So a date and time is kept as the wall clock shows it, on its own day, and every
/// day a view counts is bounded at the same offset its changes were stored at; the instant is off
/// by under half a minute from the exact local mean time.
package struct TimeZoneRules: Sendable {
    /// Seconds east of UTC in force at an instant: 32,400 in Tokyo, -18,000 in New York's winter.
    private let offsetAt: @Sendable (Instant) -> Int
    /// The system zone's memory of its offsets (`ZoneMemory`), for an update to offer the data
    /// file's memo to and keep what it says; `nil` for any other zone.
    package let memory: ZoneMemory?

    /// The zone whose offset at each instant is `offsetAt`'s answer, in seconds east of UTC,
    /// rounded to the nearest whole minute (a half minute away from zero).
    ///
    /// An answer beyond ±18 hours, which no place has (`TZ=UTC+24` or a damaged zone file might),
    /// is taken as that bound: what a timestamp in the history can hold and RFC 3339 can write, and
    /// so no arithmetic on an offset can overflow.
    package init(offsetAt: @escaping @Sendable (Instant) -> Int) {
        self.offsetAt = Self.bounded(offsetAt)
        memory = nil
    }

    /// The zone whose offsets `memory` answers, taken as `init(offsetAt:)` takes them.
    package init(remembering memory: ZoneMemory) {
        offsetAt = Self.bounded { instant in memory.offset(at: instant) }
        self.memory = memory
    }

    /// `offsetAt`'s answers within ±18 hours, at the nearest whole minute.
    private static func bounded(_ offsetAt: @escaping @Sendable (Instant) -> Int) -> @Sendable (Instant) -> Int {
        { instant in wholeMinutes(min(max(offsetAt(instant), -largestOffset), largestOffset)) }
    }

    /// `seconds`, within ±18 hours, at the nearest whole minute: −17,762 (−4:56:02) is −17,760.
    private static func wholeMinutes(_ seconds: Int) -> Int {
        (seconds + (seconds >= 0 ? 30 : -30)) / 60 * 60
    }

    /// The largest offset from UTC a zone may have: 18 hours, as `Timestamp.offsetLimit`.
    package static let largestOffset = Int(Timestamp.offsetLimit)

    /// A zone that is always `secondsEast` seconds east of UTC (`Z` is 0, `+09:00` is 32,400).
    package static func fixed(secondsEast: Int) -> TimeZoneRules {
        TimeZoneRules { _ in secondsEast }
    }

    /// UTC.
    package static let utc = fixed(secondsEast: 0)

    /// Seconds east of UTC in force at `instant`.
    package func offset(at instant: Instant) -> Int {
        offsetAt(instant)
    }

    /// What the wall clock shows at `instant`, or `nil` outside years 1 to 9999.
    package func localDateTime(at instant: Instant) -> LocalDateTime? {
        LocalDateTime(instant, offsetSeconds: offset(at: instant))
    }

    /// The instant the wall clock shows `local`: the earlier of two in the repeated hour, and after
    /// the gap by the gap's length in a skipped one (see the type's summary).
    package func instant(at local: LocalDateTime) -> Instant {
        let asIfUTC = Instant(millisecondsSinceEpoch: local.millisecondsAsIfUTC)
        // Offsets a day and a half either side: no zone changes its offset twice within three days,
        // and no offset is larger than 18 hours, so every offset `local` can have is among them.
        let before = offset(at: asIfUTC.advancedClamped(byMilliseconds: -Self.probe))
        let after = offset(at: asIfUTC.advancedClamped(byMilliseconds: Self.probe))
        let candidates = [before, after].map { asIfUTC.advancedClamped(byMilliseconds: -Int64($0) * 1000) }
        let valid = zip([before, after], candidates).filter { offset(at: $0.1) == $0.0 }.map(\.1)
        return valid.min() ?? candidates[0]
    }

    /// How far either side of a wall clock time `instant(at:)` looks for offsets: 36 hours.
    private static let probe: Int64 = 36 * 3_600_000
}

extension Instant {
    /// This instant moved by `milliseconds`, stopping at the ends of `Int64` instead of overflowing:
    /// for probes far from any instant a TIME can name.
    fileprivate func advancedClamped(byMilliseconds milliseconds: Int64) -> Instant {
        advanced(byMilliseconds: milliseconds)
            ?? Instant(millisecondsSinceEpoch: milliseconds < 0 ? .min : .max)
    }
}
