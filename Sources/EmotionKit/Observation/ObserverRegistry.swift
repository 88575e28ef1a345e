/// The store's list of observers, and the delivery of committed changes to them.
final class ObserverRegistry: @unchecked Sendable {  // `state` is only touched under `lock`.
    private struct Observer {
        let emotions: EmotionSet
        let options: ObservationOptions
        let handler: @Sendable (ObservedChange) -> Void
        /// Whether it asked for `.initial` while the counts were not yet known, and waits for them.
        var awaitsInitial = false
        /// Which registration it is, for its token to remove it by; set when it is added.
        var id: UInt64 = 0

        /// Tells the observer the counts in `tally` of the emotions it observes, as its initial values.
        func tellInitial(_ tally: Tally) {
            for emotion in Emotion.allCases where emotions.contains(emotion) {
                handler(ObservedChange(emotion: emotion, oldValue: nil, newValue: tally[emotion], isInitial: true))
            }
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        // Observers, each with its id: an array of (id, observer) pairs would be one more type whose
        // runtime metadata start-up pays for.
        var observers: [Observer] = []
    }

    private let lock = Lock()
    private var state = State()
    /// Whose turn it is to tell observers, so that they hear changes in the order they were committed.
    let turns = TellingTurns()

    /// Whether any observer is registered.
    var isObserved: Bool { lock.withLock { !state.observers.isEmpty } }

    /// Adds an observer; it stays until the returned token ends. One that `awaitsInitial` is told
    /// the counts by the first `tellInitial` after it was added.
    func add(
        _ emotions: EmotionSet, options: ObservationOptions, awaitsInitial: Bool = false,
        handler: @escaping @Sendable (ObservedChange) -> Void
    ) -> ObservationToken {
        var observer = Observer(emotions: emotions, options: options, handler: handler, awaitsInitial: awaitsInitial)
        let id = lock.withLock {
            defer { state.nextID += 1 }
            observer.id = state.nextID
            state.observers.append(observer)
            return state.nextID
        }
        return ObservationToken { [weak self] in
            guard let self else { return }
            lock.withLock { state.observers.removeAll { $0.id == id } }
        }
    }

    /// Tells every observer waiting for its initial values the counts in `tally`, on the calling thread.
    func tellInitial(_ tally: Tally) {
        let waiting = lock.withLock {
            var waiting: [Observer] = []
            for index in state.observers.indices where state.observers[index].awaitsInitial {
                state.observers[index].awaitsInitial = false
                waiting.append(state.observers[index])
            }
            return waiting
        }
        for observer in waiting {
            observer.tellInitial(tally)
        }
    }

    /// Tells one observer its initial values: `handler` for the emotions it observes, in order.
    static func tellInitial(_ tally: Tally, of emotions: EmotionSet, to handler: @escaping @Sendable (ObservedChange) -> Void) {
        Observer(emotions: emotions, options: [.initial], handler: handler).tellInitial(tally)
    }

    /// Tells every interested observer of each change, in order, on the calling thread.
    ///
    /// Handlers run outside the registry's lock, so they may observe, cancel or change the store.
    func notify(_ changes: [Change]) {
        notify(changes, events: [])
    }

    /// Tells every interested observer of each event's change, in order, with the event.
    func notify(_ events: [JournalEvent]) {
        for event in events {
            let observers = lock.withLock { state.observers }
            for observer in observers where observer.emotions.contains(event.emotion) {
                observer.handler(ObservedChange(event.change, event: event, options: observer.options))
            }
        }
    }

    /// Tells every interested observer of each change, in order, with `events[i]` the journal's
    /// record of `changes[i]` where there is one.
    func notify(_ changes: [Change], events: [JournalEvent?], fromElsewhere: Bool = false) {
        guard !changes.isEmpty else { return }
        for (index, change) in changes.enumerated() {
            let event = index < events.count ? events[index] : nil
            let observers = lock.withLock { state.observers }
            for observer in observers where observer.emotions.contains(change.emotion) {
                var observed = ObservedChange(change, event: event, options: observer.options)
                observed.isFromElsewhere = fromElsewhere
                observer.handler(observed)
            }
        }
    }
}
