#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread that waits for file notifications and, on each, has the store look at the file again.
///
/// A look that finds the file missing or unreadable may be a moment in the middle of someone
/// else's write (an editor saving in place, a file being replaced); so such a look is repeated once
/// the folder has been quiet for `settleTime`, and only what it finds then is told.
final class StoreWatcher: Sendable {
    /// How long the file must be left alone before a missing or unreadable file is believed.
    static let settleTime = Duration.milliseconds(50)
    /// At most this many looks are put off while the file keeps changing, so that a problem is told in the end.
    private static let maximumSettles = 20

    private let events: any FileEvents

    /// A watcher woken by `events`.
    init(events: any FileEvents) {
        self.events = events
    }

    /// Starts the thread: after each notification it calls `look(mayWait)`, which returns `false`
    /// to say that what it found is in doubt and should be looked at again once things settle.
    ///
    /// The thread takes no signal sent to the process, so that a program's own signal handling is
    /// undisturbed; only those its own actions raise, such as `SIGPIPE` when an observer writes
    /// into a pipe nobody reads any more, which ends a program as on any other thread.
    func start(_ look: @escaping @Sendable (_ mayWait: Bool) -> Bool) throws(SystemError) {
        let events = self.events
        let work = Work {
            while events.wait(timeout: nil) == .changed {
                var settles = 0
                while !look(settles < StoreWatcher.maximumSettles) {
                    switch events.wait(timeout: StoreWatcher.settleTime) {
                    case .cancelled: return
                    case .changed: settles += 1
                    case .timedOut: settles = StoreWatcher.maximumSettles
                    }
                }
            }
        }
        try Work.startDetached(work)
    }

    /// Stops the thread; a look under way finishes first.
    func stop() {
        events.cancel()
    }
}

/// A closure run on a thread of its own.
private final class Work: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Runs `work` on a new detached thread that has every signal blocked but those raised by the
    /// thread's own actions: a blocked `SIGPIPE` would stay pending, and a write into a closed
    /// pipe would no longer end the program.
    static func startDetached(_ work: Work) throws(SystemError) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigfillset(&blocked)
        for own in [SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS] {
            sigdelset(&blocked, own)
        }
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        #if canImport(Darwin)
        let result = pthread_create(&thread, nil, { context in Work.run(context) }, context)
        #else
        let result = pthread_create(&thread, nil, { context in context.flatMap(Work.run) }, context)
        #endif
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", path: "", errno: result)
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// The new thread's entry: takes back the retained `Work` and runs it.
    private static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}
