import EmotionKit

/// A store's changes as an asynchronous sequence.
///
/// In a module of its own so that EmotionKit does not link the concurrency runtime: a program that
/// uses it, as `emotions` does, would otherwise pay its start-up work on every run (libdispatch's
/// initializer reads `/sys/devices/system/cpu/possible` twice and touches a dozen pages).
extension TallyStore {
    /// Every change this store commits from now on, as an asynchronous sequence; while watching,
    /// also those other processes commit.
    ///
    /// Each use of the property starts its own observation, which ends when the loop over it ends.
    public var changes: AsyncStream<Change> {
        AsyncStream { continuation in
            // Without `.initial` nothing is read, so nothing can throw; were it to, the sequence ends.
            guard let token = try? observe(options: [.old, .new], { observed in
                guard let old = observed.oldValue, let new = observed.newValue else { return }
                continuation.yield(Change(emotion: observed.emotion, old: old, new: new))
            }) else {
                continuation.finish()
                return
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }
}
