import EmotionKit
import Foundation
import Testing

/// A second store on the same file stands for another process: it shares nothing with the watching one but the file.
@Suite struct WatchingTests {
    /// How long a test waits for something the watcher should tell; generous for loaded machines.
    static let patience = Duration.seconds(10)

    @Test func observersHearChangesAnotherStoreMakes() async throws {
        let folder = try TemporaryFolder()
        let watching = TallyStore(path: folder.file("emotions.json"))
        let other = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = try watchAndRecord(watching, in: bag)
        try other.apply([.tap(.happy), .add(3, to: .sad)])
        try await waitFor(recorder, count: 2)
        expect(recorder.changes, equals: [change(.happy, 0, 1), change(.sad, 0, 3)])
    }

    @Test func theAsyncSequenceIncludesOtherStoresChanges() async throws {
        let folder = try TemporaryFolder()
        let watching = TallyStore(path: folder.file("emotions.json"))
        let other = TallyStore(path: folder.file("emotions.json"))
        let token = try watching.watch()
        defer { token.cancel() }
        let changes = watching.changes
        try other.apply(.add(2, to: .upset))
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == Change(emotion: .upset, old: 0, new: 2))
    }

    @Test func changesThisStoreMakesAreToldOnceWhileWatching() async throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let other = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = try watchAndRecord(store, in: bag)
        try store.apply(.tap(.happy))
        try other.apply(.tap(.smile))  // Something to wait for after the watcher has seen both saves.
        try await waitFor(recorder, count: 2)
        try store.apply(.tap(.happy))
        try other.apply(.tap(.neutral))
        try await waitFor(recorder, count: 4)
        try await settle()
        expect(recorder.changes, equals: [change(.happy, 0, 1), change(.smile, 0, 1), change(.happy, 1, 2), change(.neutral, 0, 1)])
    }

    @Test func aChangeTheWatcherHasNotSeenYetIsToldBeforeThisStoresOwn() async throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let other = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = try watchAndRecord(store, in: bag)
        for _ in 0..<20 {
            try other.apply(.tap(.sad))
            try store.apply(.tap(.happy))  // Often before the watcher has read the other store's save.
        }
        try await waitFor(recorder, count: 40)
        try await settle()
        let told = recorder.changes
        expect(told.count, equals: 40)
        expect(told.filter { $0.emotion == .sad }.map(\.newValue), equals: (1...20).map { $0 })
        expect(told.filter { $0.emotion == .happy }.map(\.newValue), equals: (1...20).map { $0 })
    }

    @Test func aHandlerOnTheWatchingThreadMayCommitAChangeOfItsOwn() async throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let other = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = try watchAndRecord(store, in: bag)
        try store.observe(.happy, options: [.new]) { change in
            if change.newValue == 1 { _ = try? store.apply(.tap(.sad)) }  // Told of another store's change.
        }.store(in: bag)
        try other.apply(.tap(.happy))
        try await waitFor(recorder, count: 2)
        try other.apply(.tap(.neutral))
        try await waitFor(recorder, count: 3)
        try await settle()
        expect(recorder.changes, equals: [change(.happy, 0, 1), change(.sad, 0, 1), change(.neutral, 0, 1)])
    }

    @Test func itWaitsForAFolderAndFileThatDoNotExistYet() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("not/yet/emotions.json")
        let watching = TallyStore(path: path)
        let bag = ObservationBag()
        let recorder = try watchAndRecord(watching, in: bag)
        try TallyStore(path: path).apply(.tap(.smile))
        try await waitFor(recorder, count: 1)
        expect(recorder.changes, equals: [change(.smile, 0, 1)])
    }

    @Test func aDeletedFileAndJournalCountAsZerosAndARecreatedOneIsSeen() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let other = TallyStore(path: path)
        try other.apply([.add(2, to: .happy), .tap(.sad)])
        let watching = TallyStore(path: path)
        let bag = ObservationBag()
        let recorder = try watchAndRecord(watching, in: bag)
        // The journal first: a data file deleted alone is made again from it (see JournalStoreTests).
        try FileManager.default.removeItem(atPath: path + ".journal")
        try FileManager.default.removeItem(atPath: path)
        try await waitFor(recorder, count: 2)
        try other.apply(.tap(.neutral))
        try await waitFor(recorder, count: 3)
        expect(recorder.changes, equals: [change(.happy, 2, 0), change(.sad, 1, 0), change(.neutral, 0, 1)])
    }

    @Test func aFileReplacedByRenameIsSeen() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let watching = TallyStore(path: path)
        let bag = ObservationBag()
        let recorder = try watchAndRecord(watching, in: bag)
        let replacement = try folder.write(#"{"version": 1, "counts": {"upset": 4}}"#, to: "replacement.json")
        expect(rename(replacement, path), equals: 0)
        try await waitFor(recorder, count: 1)
        expect(recorder.changes, equals: [change(.upset, 0, 4)])
    }

    @Test func anUnreadableFileIsToldOnceAndLaterChangesCountFromTheLastGoodCounts() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        try TallyStore(path: path).apply(.add(3, to: .happy))
        let watching = TallyStore(path: path)
        let recorder = Recorder()
        let problems = Shared<[StoreError]>([])
        let bag = ObservationBag()
        try watching.watch { problem in problems.withLock { $0.append(problem) } }.store(in: bag)
        try watching.observe(options: [.old, .new], recorder.record).store(in: bag)
        // Each write whole at once: a file written in place is empty for a moment, another problem.
        try folder.replace(#"{"version": 1, "counts": {"happy": "lots"}}"#)
        try await waitUntil { problems.withLock { $0.count } == 1 }
        try folder.overwrite(#"{"version": 1, "counts": {"happy": "lots"}}"#)  // The same problem again.
        try await settle()
        try folder.replace(#"{"version": 1, "counts": {"happy": 5}}"#)
        try await waitFor(recorder, count: 1)
        expect(recorder.changes, equals: [change(.happy, 3, 5)])
        let told = problems.withLock { $0 }
        expect(told.count, equals: 1)
        guard case .unreadableDataFile(let problemPath, _)? = told.first else {
            Issue.record("expected an unreadable data file, got \(told)")
            return
        }
        expect(problemPath, equals: path)
    }

    @Test func initialValuesWaitForAFileThatIsUnreadableWhenWatchingStarts() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("not json")
        let watching = TallyStore(path: path)
        let problems = Shared<[StoreError]>([])
        let bag = ObservationBag()
        try watching.watch { problem in problems.withLock { $0.append(problem) } }.store(in: bag)
        expect(problems.withLock { $0.count }, equals: 1)
        let recorder = Recorder()
        try watching.observe(.sad, options: [.initial, .old, .new], recorder.record).store(in: bag)
        #expect(recorder.changes.isEmpty)
        try folder.write(#"{"version": 1, "counts": {"sad": 2}}"#)
        try await waitFor(recorder, count: 1)
        expect(recorder.changes, equals: [ObservedChange(emotion: .sad, oldValue: nil, newValue: 2, isInitial: true)])
    }

    @Test func initialValuesWhileWatchingAreTheCountsTheWatcherKnows() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        try TallyStore(path: path).apply(.add(7, to: .neutral))
        let watching = TallyStore(path: path)
        let bag = ObservationBag()
        try watching.watch().store(in: bag)
        let recorder = Recorder()
        try watching.observe(.neutral, options: [.initial, .new], recorder.record).store(in: bag)
        expect(recorder.changes, equals: [ObservedChange(emotion: .neutral, oldValue: nil, newValue: 7, isInitial: true)])
    }

    @Test func watchingEndsWithTheLastTokenAndNothingIsToldAfter() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let watching = TallyStore(path: path)
        let other = TallyStore(path: path)
        let recorder = Recorder()
        let observation = try watching.observe(options: [.old, .new], recorder.record)
        let first = try watching.watch()
        let second = try watching.watch()
        first.cancel()
        #expect(watching.isWatching)
        try other.apply(.tap(.happy))
        try await waitFor(recorder, count: 1)
        second.cancel()
        #expect(!watching.isWatching)
        try other.apply(.tap(.happy))
        try await settle()
        expect(recorder.changes, equals: [change(.happy, 0, 1)])
        withExtendedLifetime(observation) {}
    }

    @Test func withoutWatchingOnlyThisStoresChangesAreTold() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let store = TallyStore(path: path)
        let recorder = Recorder()
        let token = try store.observe(options: [.old, .new], recorder.record)
        try TallyStore(path: path).apply(.tap(.happy))
        try store.apply(.tap(.sad))
        try await settle()
        expect(recorder.changes, equals: [change(.sad, 0, 1)])
        withExtendedLifetime(token) {}
    }

    // MARK: - Helpers

    /// Starts `store` watching and records what its observer of all five hears; `bag` keeps both going.
    private func watchAndRecord(_ store: TallyStore, in bag: ObservationBag) throws -> Recorder {
        let recorder = Recorder()
        try store.watch().store(in: bag)
        try store.observe(options: [.old, .new], recorder.record).store(in: bag)
        return recorder
    }

    private func change(_ emotion: Emotion, _ old: Int, _ new: Int) -> ObservedChange {
        ObservedChange(emotion: emotion, oldValue: old, newValue: new, isInitial: false)
    }

    /// Waits until `recorder` has been told at least `count` things; fails the test after `patience`.
    private func waitFor(_ recorder: Recorder, count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitUntil(sourceLocation: sourceLocation) { recorder.changes.count >= count }
        if recorder.changes.count < count {
            Issue.record("told \(recorder.changes), expected \(count) things", sourceLocation: sourceLocation)
        }
    }

    /// Waits until `condition` holds, checking every millisecond; throws after `patience`.
    ///
    /// Suspends rather than blocks between checks, so that other tests' tasks keep the test pool's
    /// few threads: a blocked pool starves the end-to-end tests' timed waits.
    private func waitUntil(
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: @Sendable () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: WatchingTests.patience)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(sourceLocation: sourceLocation) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Gives the watcher time to tell anything it would wrongly tell: longer than its settle time.
    private func settle() async throws {
        try await Task.sleep(for: .milliseconds(200))
    }

    private struct TimedOut: Error, CustomStringConvertible {
        let sourceLocation: SourceLocation
        var description: String { "nothing arrived within \(WatchingTests.patience) (\(sourceLocation))" }
    }
}
