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
        try Thread.startDetached {
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
    }

    /// Stops the thread; a look under way finishes first.
    func stop() {
        events.cancel()
    }
}
