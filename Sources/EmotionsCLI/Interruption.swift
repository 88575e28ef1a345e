#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without a signal handler: the signals are blocked, and
/// taken synchronously by `wait`, so that the program ends through its normal path.
struct Interruption {
    private var signals = sigset_t()

    /// Blocks SIGINT and SIGTERM on this thread and any it starts from now on, and lets a write
    /// into a pipe nobody reads end the program (`SIGPIPE`'s default), as with any Unix filter,
    /// even if whoever started it ignored that signal.
    static func begin() -> Interruption {
        signal(SIGPIPE, SIG_DFL)
        var interruption = Interruption()
        sigemptyset(&interruption.signals)
        sigaddset(&interruption.signals, SIGINT)
        sigaddset(&interruption.signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &interruption.signals, nil)
        return interruption
    }

    /// Returns once SIGINT or SIGTERM arrives.
    func wait() {
        var signals = self.signals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
    }
}
