/// The store's listeners for what each update's sync did (`TallyStore.observeSync(_:)`): how a
/// command that changes counts learns that its change could not be sent, or that this history took
/// a new id, when its own result says only what it changed.
final class SyncObservers: @unchecked Sendable {  // `handlers` is only touched under `lock`.
    private let lock = Lock()
    private var nextID: UInt64 = 0
    private var handlers: [(id: UInt64, handler: @Sendable (SyncReport) -> Void)] = []

    /// Adds `handler`; it is told until the returned token ends.
    func add(_ handler: @escaping @Sendable (SyncReport) -> Void) -> ObservationToken {
        let id = lock.withLock {
            defer { nextID += 1 }
            handlers.append((nextID, handler))
            return nextID
        }
        return ObservationToken { [weak self] in
            guard let self else { return }
            lock.withLock { handlers.removeAll { $0.id == id } }
        }
    }

    /// Tells every handler of `report`, on the calling thread, outside the lock.
    func tell(_ report: SyncReport) {
        for handler in lock.withLock({ handlers.map(\.handler) }) {
            handler(report)
        }
    }
}
