#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached thread of the system's own (`pthread`), for work that blocks in a system call for
/// as long as the program runs: waiting for file notifications, or for standard output's reader to go.
package enum Thread {
    /// Runs `body` on a new detached thread that has every signal blocked but those raised by the
    /// thread's own actions (`SIGPIPE`, `SIGSEGV`, …): signals sent to the process are left to the
    /// program's own threads, while a write into a closed pipe still ends the program, as a blocked
    /// `SIGPIPE` would stay pending and no longer would.
    ///
    /// The corresponding C functions are `pthread_sigmask`, `pthread_create` and `pthread_detach`.
    package static func startDetached(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigfillset(&blocked)
        for own in [SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS] {
            sigdelset(&blocked, own)
        }
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        // The same calls on both systems; only how a pthread_t and the entry's argument are spelled differs.
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(&thread, nil, { context in Work.run(context) }, context)
        if result == 0, let thread { pthread_detach(thread) }
        #else
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in context.flatMap(Work.run) }, context)
        if result == 0 { pthread_detach(thread) }
        #endif
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", path: "", errno: result)
        }
    }
}

/// A closure run on a thread of its own, handed to it retained.
private final class Work: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// The new thread's entry: takes back the retained `Work` and runs it.
    static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}
