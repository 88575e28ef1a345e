#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without a signal handler: the signals are blocked, and
/// taken synchronously by `wait`, so that the program ends through its normal path; and ending, as
/// a filter does, when whoever read standard output has gone.
struct Interruption {
    private var signals = sigset_t()

    /// Blocks SIGINT and SIGTERM on this thread and any it starts from now on, and lets a write
    /// into a pipe nobody reads end the program (`SIGPIPE`'s default), as with any Unix filter,
    /// even if whoever started it ignored that signal.
    static func begin() -> Interruption {
        BrokenPipe.endProcess()
        var interruption = Interruption()
        sigemptyset(&interruption.signals)
        sigaddset(&interruption.signals, SIGINT)
        sigaddset(&interruption.signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &interruption.signals, nil)
        Interruption.endWhenOutputIsGone()
        return interruption
    }

    /// Starts a thread that waits for standard output's reader to go (a pipe's read end closed, a
    /// terminal hung up) and then ends the program as a write into a closed pipe would, with
    /// `SIGPIPE`; at once, rather than at the next line, which may be hours away.
    ///
    /// Waiting for no event at all, `poll` wakes only for an error or a hang-up: for a regular
    /// file or `/dev/null` never, so the thread then just sleeps.
    private static func endWhenOutputIsGone() {
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { _ in
            var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while poll(&output, 1, -1) < 0, errno == EINTR {}
            if output.revents & Int16(POLLERR | POLLHUP) != 0 { kill(getpid(), SIGPIPE) }
            return nil
        }, nil)
        guard started == 0 else { return }  // Then it ends at the next line it cannot write, as before.
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// Returns once SIGINT or SIGTERM arrives.
    func wait() {
        var signals = self.signals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
    }
}
