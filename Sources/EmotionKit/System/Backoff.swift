/// Pauses that start short and double up to a longest one, never past a deadline: how the library
/// waits for something that should happen within milliseconds (a lock to be free, a process to end)
/// without a signal or a kernel wait to tell it when.
///
/// The first pause is 100 µs: a lock is held for about a millisecond, and a process sent `SIGTERM`
/// usually ends within one.
package struct Backoff: Sendable {
    /// When waiting stops.
    package let deadline: MonotonicInstant
    /// The longest single pause.
    private let longest: Duration
    /// The next pause.
    private var next = Duration.microseconds(100)

    /// Pauses until `deadline`, each at most `longest`.
    package init(until deadline: MonotonicInstant, longest: Duration) {
        self.deadline = deadline
        self.longest = longest
    }

    /// Pauses for `timeout` from now at most, each at most `longest`.
    package init(for timeout: Duration, longest: Duration) {
        self.init(until: MonotonicInstant.now.advanced(by: timeout), longest: longest)
    }

    /// Whether the deadline has passed.
    package var isOver: Bool { MonotonicInstant.now >= deadline }

    /// Pauses for the next wait with `sleep`, cut short at the deadline, and returns `true`; returns
    /// `false` at once, without pausing, if the deadline has passed.
    package mutating func pause(using sleep: (Duration) -> Void) -> Bool {
        let now = MonotonicInstant.now
        guard now < deadline else { return false }
        sleep(min(next, deadline - now))
        next = min(next * 2, longest)
        return true
    }
}
