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
        let previous = blockSignalsButOwn()
        defer { restoreSignals(previous) }
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

extension Thread {
    /// Blocks every signal but those a thread raises by its own actions (`SIGPIPE`, `SIGSEGV`, …)
    /// on this thread, so that a thread started now inherits that mask; returns the mask before.
    ///
    /// The corresponding C function is `pthread_sigmask`.
    private static func blockSignalsButOwn() -> sigset_t {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigfillset(&blocked)
        for own in [SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS] {
            sigdelset(&blocked, own)
        }
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        return previous
    }

    /// Puts back the signal mask `blockSignalsButOwn` returned.
    private static func restoreSignals(_ previous: sigset_t) {
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// A thread started by `run`, whose result `join` waits for.
    package final class Joinable<Result: Sendable>: @unchecked Sendable {
        // Written by the thread before it ends, read by `join` after `pthread_join` returns: the
        // join orders the two, so no lock is needed.
        fileprivate var result: Result?
        fileprivate var thread: pthread_t?
        fileprivate let body: @Sendable () -> Result

        fileprivate init(_ body: @escaping @Sendable () -> Result) {
            self.body = body
        }

        /// Waits for the thread to end and returns what it returned.
        ///
        /// The corresponding C function is `pthread_join`.
        package func join() -> Result {
            if let thread {
                pthread_join(thread, nil)
                self.thread = nil
            }
            return result ?? body()  // Never started: run it here instead.
        }
    }

    /// Runs `body` on a new thread, with every signal blocked but those raised by its own actions
    /// (as `startDetached`), for work that two cores do faster than one; `join` waits for its result.
    ///
    /// The corresponding C functions are `pthread_sigmask` and `pthread_create`.
    package static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) throws(SystemError) -> Joinable<Result> {
        let previous = blockSignalsButOwn()
        defer { restoreSignals(previous) }
        let joinable = Joinable(body)
        let context = Unmanaged.passRetained(joinable).toOpaque()
        let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            let joinable = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue() as? RunsItself
            joinable?.runBody()
            return nil
        }
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(&thread, nil, entry, context)
        joinable.thread = thread
        #else
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, entry, context)
        joinable.thread = result == 0 ? thread : nil
        #endif
        guard result == 0 else {
            Unmanaged<Joinable<Result>>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", path: "", errno: result)
        }
        return joinable
    }
}

/// A `Joinable` as its thread's entry sees it, whatever its result's type.
private protocol RunsItself: AnyObject {
    /// Runs the body and keeps its result.
    func runBody()
}

extension Thread.Joinable: RunsItself {
    fileprivate func runBody() {
        result = body()
    }
}
