/// Observing a store: a handler per emotion or for all, kept alive by its token (`changes`, the same as a
/// sequence, is in EmotionKitAsync).
extension TallyStore {
    /// Calls `handler` for every change this store commits to `emotion` (while watching, any process does), until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current count cannot be read.
    public func observe(
        _ emotion: Emotion, options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe(EmotionSet(emotion), options: options, handler)
    }

    /// Calls `handler` for every change this store commits to any emotion (while watching, any process does), until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current counts cannot be read.
    public func observe(
        options: ObservationOptions = [.new], _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe(EmotionSet.all, options: options, handler)
    }

    /// Calls `handler` for every change this store commits to any of `emotions`, until the token ends.
    ///
    /// Observers hear changes in the order they were committed, whichever thread tells them; a
    /// change committed by a handler while it is being told is told at once, inside it, as KVO does.
    ///
    /// With `.initial`, `handler` is first told the current counts, on this thread; while watching,
    /// those the watcher last read, or, if it has not yet read the file whole (it is corrupt), the
    /// counts it first reads. A change committed on another thread at that very moment may reach
    /// `handler` before them.
    ///
    /// - Throws: `StoreError`, only with `.initial` and not watching, if the current counts cannot be read.
    public func observe(
        _ emotions: [Emotion], options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe(EmotionSet(emotions), options: options, handler)
    }

    /// Calls `handler` for every change this store commits to any of `emotions`, until the token ends:
    /// `observe(_:options:_:)`'s work, on a set of emotions.
    private func observe(
        _ emotions: EmotionSet, options: ObservationOptions, _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        guard options.contains(.initial) else { return observers.add(emotions, options: options, handler: handler) }
        // Under the lock, so that no change is committed between reading the counts and adding the observer.
        let (token, initial) = try watchState.withLock { state throws(StoreError) -> (ObservationToken, Tally?) in
            if state.isWatching {
                let awaits = state.baseline == nil
                return (observers.add(emotions, options: options, awaitsInitial: awaits, handler: handler), state.baseline)
            }
            let tally = try read()
            return (observers.add(emotions, options: options, handler: handler), tally)
        }
        if let initial { ObserverRegistry.tellInitial(initial, of: emotions, to: handler) }
        return token
    }
}
