import Synchronization

/// The store's list of observers, and the delivery of committed changes to them.
final class ObserverRegistry: Sendable {
    private struct Observer {
        let emotions: [Emotion]  // An array: a Set costs start-up a conformance search.
        let options: ObservationOptions
        let handler: @Sendable (ObservedChange) -> Void
    }

    private struct State {
        var nextID: UInt64 = 0
        var observers: [(id: UInt64, observer: Observer)] = []
    }

    private let state = Mutex(State())

    /// Adds an observer; it stays until the returned token ends.
    func add(
        _ emotions: [Emotion], options: ObservationOptions, handler: @escaping @Sendable (ObservedChange) -> Void
    ) -> ObservationToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.observers.append((state.nextID, Observer(emotions: emotions, options: options, handler: handler)))
            return state.nextID
        }
        return ObservationToken { [weak self] in
            self?.state.withLock { state in state.observers.removeAll { $0.id == id } }
        }
    }

    /// Tells every interested observer of each change, in order, on the calling thread.
    ///
    /// Handlers run outside the registry's lock, so they may observe, cancel or change the store.
    func notify(_ changes: [Change]) {
        guard !changes.isEmpty else { return }
        for change in changes {
            let observers = state.withLock { $0.observers.map(\.observer) }
            for observer in observers where observer.emotions.contains(change.emotion) {
                observer.handler(ObservedChange(change, options: observer.options))
            }
        }
    }
}
