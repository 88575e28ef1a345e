/// What a store keeps while it watches its file for other processes' changes.
struct WatchState {
    /// The thread waiting for file notifications, while any watch token lives.
    var watcher: StoreWatcher?
    /// The counts observers were last told of; `nil` until the file has been read whole.
    var baseline: Tally?
    /// Where `baseline` is in the journal, if there is one: the watcher tells the events past it.
    var position: JournalPosition?
    /// Who hears of problems met while watching, one per live watch token: the last to go stops the watcher.
    var problemHandlers: [(id: UInt64, handler: @Sendable (StoreError) -> Void)] = []
    /// The next token's number.
    var nextID: UInt64 = 0
    /// The problem last told, so that a file that stays unreadable is told of once, not on every event.
    var lastProblem: StoreError?

    /// Whether a watcher is running.
    var isWatching: Bool { watcher != nil }
}

/// A store's `WatchState`, shared by the threads that apply changes and the watching thread.
final class SharedWatchState: @unchecked Sendable {  // `state` is only touched under `lock`.
    private let lock = Lock()
    private var state = WatchState()

    /// Runs `body` with the state while holding the lock, and returns what it returns.
    func withLock<Result, Failure: Error>(_ body: (inout WatchState) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&state) }
    }
}
