#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's clock and time zone, one thin function per C call: what `Instant.now` and
/// `TimeZoneRules.system` are built on.
package enum SystemTime {
    /// A wall clock time as `localtime_r` breaks an instant down in the process's `TZ`.
    package struct BrokenDown: Hashable, Sendable {
        /// The year, such as 2026.
        package let year: Int
        /// The month, 1 to 12.
        package let month: Int
        /// The day of the month, 1 to 31.
        package let day: Int
        /// The hour, 0 to 23.
        package let hour: Int
        /// The minute, 0 to 59.
        package let minute: Int
        /// The second, 0 to 60.
        package let second: Int
        /// Seconds east of UTC in force then.
        package let offsetSeconds: Int
    }

    /// Milliseconds since the Unix epoch, as the real-time clock says now (it may jump backwards).
    ///
    /// The corresponding C function is `clock_gettime(CLOCK_REALTIME)`.
    package static func realTimeMilliseconds() -> Int64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Reads `TZ` (or the system's zone when it is unset) into the C library, once per process:
    /// `localtime_r` is not required to.
    ///
    /// The corresponding C function is `tzset`.
    package static func readTimeZone() {
        _ = zoneRead
    }

    /// The process's wall clock at `seconds` since the Unix epoch, or `nil` if the C library cannot
    /// say (a time past its `time_t` or its year).
    ///
    /// The corresponding C function is `localtime_r`.
    package static func localTime(atSecondsSinceEpoch seconds: Int64) -> BrokenDown? {
        guard let time = time_t(exactly: seconds) else { return nil }
        var moment = time
        var fields = tm()
        guard localtime_r(&moment, &fields) != nil else { return nil }
        return BrokenDown(
            year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
            hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec),
            offsetSeconds: Int(fields.tm_gmtoff))
    }

    /// `tzset` called once, the first time it is asked for (a global is initialised once, safely).
    private static let zoneRead: Void = tzset()
}
