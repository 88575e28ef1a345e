/// Keeps an observation alive: it ends when the token is released or `cancel()` is called.
///
/// Thread-safe. Once `cancel()` has returned, the observer hears of no change committed later;
/// one being delivered on another thread at that very moment may still arrive.
public final class ObservationToken: @unchecked Sendable {  // `onCancel` is only touched under `lock`.
    private let lock = Lock()
    private var onCancel: (@Sendable () -> Void)?

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Ends the observation; calling it again does nothing.
    public func cancel() {
        let action = lock.withLock {
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }

    /// Whether the observation has ended.
    public var isCancelled: Bool {
        lock.withLock { onCancel == nil }
    }

    /// Hands the token to `bag`, which ends it when the bag is released.
    public func store(in bag: ObservationBag) {
        bag.insert(self)
    }

    deinit {
        cancel()
    }
}
