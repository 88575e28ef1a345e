import EmotionKit

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without a signal handler: the signals are blocked, and
/// taken synchronously by `wait`, so that the program ends through its normal path; and ending, as
/// a filter does, when whoever read standard output has gone.
struct Interruption {
    private let signals = SignalSet([Signal.interrupt, Signal.terminate])

    /// Blocks SIGINT and SIGTERM on this thread and any it starts from now on, and lets a write
    /// into a pipe nobody reads end the program (`SIGPIPE`'s default), as with any Unix filter,
    /// even if whoever started it ignored that signal.
    static func begin() -> Interruption {
        BrokenPipe.endProcess()
        let interruption = Interruption()
        interruption.signals.block()
        Interruption.endWhenOutputIsGone()
        return interruption
    }

    /// Starts a thread that waits for standard output's reader to go (a pipe's read end closed, a
    /// terminal hung up) and then ends the program as a write into a closed pipe would, with
    /// `SIGPIPE`; at once, rather than at the next line, which may be hours away.
    ///
    /// If no thread can be started, the program ends at the next line it cannot write, as before.
    private static func endWhenOutputIsGone() {
        try? Thread.startDetached {
            if Syscall.waitUntilGone(Syscall.standardOutput) { Signal.send(Signal.brokenPipe, to: Syscall.processID) }
        }
    }

    /// Returns once SIGINT or SIGTERM arrives.
    func wait() {
        _ = signals.wait()
    }
}
