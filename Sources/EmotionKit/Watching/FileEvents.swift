/// Wakes a waiting thread when what a path names may have changed: the operating system's file
/// notifications (inotify on Linux, kqueue on macOS), never polling.
///
/// One thread waits; any thread may cancel.
protocol FileEvents: AnyObject, Sendable {
    /// Blocks until something may have changed, `timeout` passes (`nil`: never), or `cancel()` is called.
    func wait(timeout: Duration?) -> FileEventsWake
    /// Makes the current or next `wait` return `.cancelled`, and every one after it.
    func cancel()
}

/// Why `FileEvents.wait` returned.
enum FileEventsWake: Equatable, Sendable {
    /// What the path names may have changed.
    case changed
    /// The timeout passed with no change.
    case timedOut
    /// Watching was cancelled.
    case cancelled
}
