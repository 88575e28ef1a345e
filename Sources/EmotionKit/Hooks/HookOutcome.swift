/// How one run of a hook ended.
public enum HookOutcome: Equatable, Sendable {
    /// It exited by itself with this status; 0 is success.
    case exited(status: Int32)
    /// A signal ended it before its time limit.
    case killed(signal: Int32)
    /// It still ran at its time limit, so it was stopped with everything it started.
    case timedOut(after: Duration)
    /// It, or a process it started, was stopped by job control for reading from or changing the
    /// terminal (`SIGTTIN`, `SIGTTOU`), which it may not do from the background; so it was ended
    /// with everything it started, at once rather than at its time limit.
    case stoppedByTerminal
    /// It could not be started; the `errno` of the failing call, such as `ENOEXEC` from `posix_spawn`.
    case notStarted(errno: Int32)
    /// It is a script whose `#!` line names `interpreter`, which could not be started: `ENOENT` if
    /// there is no such file, `EACCES` if it may not be executed, `ENOEXEC` if it is no program.
    case interpreterNotStarted(interpreter: String, errno: Int32)

    /// Whether the hook did its job: it exited with status 0.
    public var succeeded: Bool { self == .exited(status: 0) }
}
