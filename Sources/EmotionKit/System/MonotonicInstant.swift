#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reading of the system's monotonic clock, which never jumps (unlike the real-time clock): what
/// deadlines and waits are measured on.
///
/// It stands in for the standard library's `ContinuousClock`, which lives in the concurrency
/// runtime: using it links that runtime and libdispatch, whose start-up work (reading
/// `/sys/devices/system/cpu/possible` twice, `sched_getaffinity`, its own pages) every process
/// would then pay, tap included (Documentation/Performance.md, issue 25).
package struct MonotonicInstant: Comparable, Sendable {
    /// Nanoseconds since an unspecified start (the machine's boot on Linux).
    private let nanoseconds: Int64

    private init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The clock's reading now.
    package static var now: MonotonicInstant {
        var reading = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &reading)
        return MonotonicInstant(nanoseconds: Int64(reading.tv_sec) &* 1_000_000_000 &+ Int64(reading.tv_nsec))
    }

    /// The instant `duration` after this one; a duration too long to add is the end of time.
    package func advanced(by duration: Duration) -> MonotonicInstant {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(Self.nanoseconds(in: duration))
        return MonotonicInstant(nanoseconds: overflow ? (duration < .zero ? .min : .max) : sum)
    }

    /// How long from this instant to `other`; negative if `other` is earlier.
    package func duration(to other: MonotonicInstant) -> Duration {
        let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
        return overflow ? (other > self ? .seconds(Int64.max) : .seconds(Int64.min)) : .nanoseconds(difference)
    }

    /// How long from `earlier` to `later`.
    package static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        earlier.duration(to: later)
    }

    /// Whether `left` comes before `right`.
    package static func < (left: MonotonicInstant, right: MonotonicInstant) -> Bool {
        left.nanoseconds < right.nanoseconds
    }

    /// `duration` in whole nanoseconds, rounded towards zero, clamped to what 64 bits hold.
    private static func nanoseconds(in duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowAgain ? (seconds < 0 ? .min : .max) : total
    }
}
