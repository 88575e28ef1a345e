extension TallyStore {
    /// Starts telling this store's observers, and `changes`, of the changes other processes make
    /// to the data file too, until the token ends.
    ///
    /// It waits on the system's file notifications (inotify on Linux, kqueue on macOS) on a thread
    /// of its own, and uses no CPU while nothing happens. It goes on when the file or its folder does
    /// not exist yet and is created later, and when the file is replaced by a rename, or deleted
    /// and created again; a deleted file counts as all zeros, as `read()` has it.
    ///
    /// A change is told as the journal recorded it, with its event (time, command, note), when the
    /// journal holds every change since observers were last told; otherwise (a data file changed by
    /// hand or replaced) by comparing the counts with those observers were last told, so changes
    /// may be told as one (`happy: 3 → 5`). Changes this store makes are told once, as it makes them. `onProblem` hears, on the watching
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
                    let document = try readIfPresent()
                    state.baseline = document?.tally ?? Tally()
                    state.position = document?.journal
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

    /// The journal's events from `start` (`nil`: its first, for counts read before it was begun) to
    /// `end`, if they take `before` exactly to `after`; `nil` if there is no such run of events to
    /// tell (no journal, a replaced file, a damaged line).
    private func eventsBetween(
        _ start: JournalPosition?, _ end: JournalPosition?, from before: Tally, to after: Tally
    ) -> [JournalEvent]? {
        guard let end, end.sequence > (start?.sequence ?? 0) else { return nil }
        guard let destination = try? DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false) else { return nil }
        defer { fileSystem.close(destination.folder) }
        guard let journalName = journalName(at: destination),
            let journal = (try? JournalFile.open(journalName, forWriting: false, owner: nil, fileSystem: fileSystem)) ?? nil
        else { return nil }
        defer { journal.close() }
        guard let start = start ?? (try? journal.header()).map({ JournalPosition(sequence: 0, bytes: $0.end, latest: 0) }),
            end.bytes > start.bytes
        else { return nil }
        var events: [JournalEvent] = []
        var tally = before
        var sound = true
        _ = try? journal.forEachLine(from: start.bytes, to: end.bytes) { line, _ throws(StoreError) in
            guard let event = try? JournalEvent(journalLine: Array(line)), event.sequence == start.sequence + UInt64(events.count) + 1,
                tally[event.emotion] == event.old, (try? tally.set(event.emotion, to: event.new)) != nil
            else {
                sound = false
                return false
            }
            events.append(event)
            return true
        }
        guard sound, tally == after, events.last?.sequence == end.sequence else { return nil }
        return events
    }

    /// Reads the file after a notification and tells observers what changed since they were last
    /// told; returns `false`, telling nothing, if `mayWait` and the file is missing (having had
    /// counts) or unreadable, as it may be in the middle of being replaced.
    private func look(mayWait: Bool) -> Bool {
        let (finding, turn) = watchState.withLock { state -> (WatchFinding, TellingTurns.Turn?) in
            // Read under the lock: a commit of this store in between would otherwise be found again.
            // The turn too, so that what is found is told before the changes of a commit after it.
            let finding = find(mayWait: mayWait, in: &state)
            return (finding, finding.tellsSomething ? observers.turns.take() : nil)
        }
        if let turn {
            observers.turns.tell(turn) {
                switch finding {
                case .inDoubt: break
                case let .initial(tally): observers.tellInitial(tally)
                case let .changes(changes): observers.notify(changes)
                case let .events(events): observers.notify(events)
                case let .problem(problem, handlers): for handler in handlers { handler(problem) }
                }
            }
        }
        if case .inDoubt = finding { return false }
        return true
    }

    /// What a look at the file finds, under the watch lock, which it updates to what observers
    /// will then know: the counts and the journal's position.
    private func find(mayWait: Bool, in state: inout WatchState) -> WatchFinding {
        guard state.isWatching else { return .changes([]) }
        do throws(StoreError) {
            let document = try readIfPresent()
            if document == nil, mayWait, let baseline = state.baseline, baseline != Tally() { return .inDoubt }
            let tally = document?.tally ?? Tally()
            state.lastProblem = nil
            let position = state.position
            defer {
                state.baseline = tally
                state.position = document?.journal
            }
            guard let baseline = state.baseline else { return .initial(tally) }
            if let events = eventsBetween(position, document?.journal, from: baseline, to: tally) {
                return .events(events)
            }
            return .changes(baseline.changes(to: tally))
        } catch {
            if mayWait { return .inDoubt }
            guard state.lastProblem != error else { return .changes([]) }
            state.lastProblem = error
            return .problem(error, state.problemHandlers.map(\.handler))
        }
    }
}

/// What the watcher found when it looked at the file.
private enum WatchFinding {
    /// The file is missing or unreadable, perhaps for a moment: look again once things settle.
    case inDoubt
    /// The counts, read whole for the first time.
    case initial(Tally)
    /// Changes, found by comparing counts; perhaps none.
    case changes([Change])
    /// Changes, as the journal recorded them.
    case events([JournalEvent])
    /// A file that cannot be read, and who hears of it.
    case problem(StoreError, [@Sendable (StoreError) -> Void])

    /// Whether observers or problem handlers are told anything of it.
    var tellsSomething: Bool {
        switch self {
        case .inDoubt: false
        case let .changes(changes): !changes.isEmpty
        case .initial, .events, .problem: true
        }
    }
}
