#if os(Linux)
import CSystemCalls
import Glibc

/// The `SIGALRM` handler that cuts a blocking wait for a lock short (`Syscall.lockWaiting`),
/// installed while any thread waits and put back as it was after the last.
///
/// Counted, not installed and put back by each waiter: with two waiting on different threads (tests
/// run so), one that put back `SIG_DFL` while the other still waited would leave the other's timer
/// to end the process.
final class AlarmHandler: @unchecked Sendable {  // `waiters` and `previous` are only touched under `lock`.
    /// The process's one.
    static let shared = AlarmHandler()

    private let lock = Lock()
    private var waiters = 0
    private var previous = sigaction()

    /// Counts one more waiter, installing the handler for the first; `false` if it cannot be installed.
    func enter() -> Bool {
        lock.withLock {
            if waiters == 0, emotions_alarm_install(&previous) != 0 { return false }
            waiters += 1
            return true
        }
    }

    /// Counts one waiter less, putting back what was there before for the last.
    func leave() {
        lock.withLock {
            waiters -= 1
            if waiters == 0 { emotions_alarm_restore(&previous) }
        }
    }
}
#endif
