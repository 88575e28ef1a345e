/// Keeps an observation alive: it ends when the token is released or `cancel()` is called.
///
/// Thread-safe. Once `cancel()` has returned, the observer hears of no change committed later;
/// one being delivered on another thread at that very moment may still arrive.
public final class ObservationToken: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Ends the observation; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether the observation has ended.
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Hands the token to `bag`, which ends it when the bag is released.
    public func store(in bag: ObservationBag) {
        bag.insert(self)
    }

    deinit {
        cancel()
    }
}
