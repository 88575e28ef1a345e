extension TallyStore {
    /// Starts telling this store's observers, and `changes`, of the changes other processes make
    /// to the data file too, until the token ends.
    ///
    /// It waits on the system's file notifications (inotify on Linux, kqueue on macOS) on a thread
    /// of its own, and uses no CPU while nothing happens. It goes on when the file or its folder does
    /// not exist yet and is created later, and when the file is replaced by a rename, or deleted
    /// and created again; a deleted file counts as all zeros, as `read()` has it.
    ///
    /// A change is found by comparing the file with the counts observers were last told, so changes
    /// other processes save within moments of each other may be told as one (`happy: 3 → 5`);
    /// changes this store makes are told once, as it makes them. `onProblem` hears, on the watching
    /// thread, of a file that cannot be read (each problem once, until it is readable again); the
    /// watch goes on, and later changes are told against the last counts that could be read.
    ///
    /// Calls may overlap: one thread watches for all of them, and stops when the last token ends.
    ///
    /// - Throws: `StoreError.cannotWatch` if the system will not watch the file's folder.
    public func watch(
        onProblem: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) throws(StoreError) -> ObservationToken {
        let (id, problem) = try watchState.withLock { state throws(StoreError) -> (UInt64, StoreError?) in
            var problem: StoreError?
            if !state.isWatching {
                let watcher: StoreWatcher
                do throws(SystemError) {
                    // Watching starts before the first look, so that nothing changed in between goes unseen.
                    watcher = StoreWatcher(events: try fileEvents(for: path, fileSystem: fileSystem))
                    try watcher.start { [self] mayWait in look(mayWait: mayWait) }
                } catch {
                    throw .cannotWatch(error)
                }
                state.watcher = watcher
                state.baseline = nil
                do throws(StoreError) {
                    state.baseline = try readIfPresent()?.tally ?? Tally()
                    state.lastProblem = nil
                } catch {
                    problem = error
                    state.lastProblem = error
                }
            }
            defer { state.nextID += 1 }
            state.problemHandlers.append((state.nextID, onProblem))
            return (state.nextID, problem)
        }
        if let problem { onProblem(problem) }
        return ObservationToken { [weak self] in self?.endWatch(id) }
    }

    /// Whether the store is watching for other processes' changes.
    public var isWatching: Bool {
        watchState.withLock { $0.isWatching }
    }

    /// Ends one watch token; the last one stops the watcher.
    private func endWatch(_ id: UInt64) {
        let stopped = watchState.withLock { state -> StoreWatcher? in
            state.problemHandlers.removeAll { $0.id == id }
            guard state.problemHandlers.isEmpty else { return nil }
            defer { state = WatchState() }
            return state.watcher
        }
        stopped?.stop()
    }

    /// Reads the file after a notification and tells observers what changed since they were last
    /// told; returns `false`, telling nothing, if `mayWait` and the file is missing (having had
    /// counts) or unreadable, as it may be in the middle of being replaced.
    private func look(mayWait: Bool) -> Bool {
        enum Finding {
            case inDoubt
            case initial(Tally)
            case changes([Change])
            case problem(StoreError, [@Sendable (StoreError) -> Void])
        }
        let finding = watchState.withLock { state -> Finding in
            // Read under the lock: a commit of this store in between would otherwise be found again.
            guard state.isWatching else { return .changes([]) }
            do throws(StoreError) {
                let document = try readIfPresent()
                if document == nil, mayWait, let baseline = state.baseline, baseline != Tally() { return .inDoubt }
                let tally = document?.tally ?? Tally()
                state.lastProblem = nil
                defer { state.baseline = tally }
                guard let baseline = state.baseline else { return .initial(tally) }
                return .changes(baseline.changes(to: tally))
            } catch {
                if mayWait { return .inDoubt }
                guard state.lastProblem != error else { return .changes([]) }
                state.lastProblem = error
                return .problem(error, state.problemHandlers.map(\.handler))
            }
        }
        switch finding {
        case .inDoubt:
            return false
        case let .initial(tally):
            observers.tellInitial(tally)
        case let .changes(changes):
            observers.notify(changes)
        case let .problem(problem, handlers):
            for handler in handlers { handler(problem) }
        }
        return true
    }
}
