import Dispatch
import EmotionKit
import EmotionKitAsync
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what an observer is told, from any thread.
final class Recorder: Sendable {
    private let received = Shared<[ObservedChange]>([])

    var changes: [ObservedChange] { received.withLock { $0 } }

    @Sendable func record(_ change: ObservedChange) {
        received.withLock { $0.append(change) }
    }
}

@Suite struct ObservationTests {
    @Test func anObserverHearsEachCommittedChangeOfItsEmotion() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(.happy, options: [.old, .new], recorder.record)
        try store.apply([.tap(.happy), .tap(.sad), .tap(.happy)])
        expect(recorder.changes, equals: [
            ObservedChange(emotion: .happy, oldValue: 0, newValue: 1, isInitial: false),
            ObservedChange(emotion: .happy, oldValue: 1, newValue: 2, isInitial: false),
        ])
        token.cancel()
    }

    @Test func optionsChooseWhichValuesArrive() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let onlyNew = Recorder()
        let onlyOld = Recorder()
        let bag = ObservationBag()
        try store.observe(.sad, options: [.new], onlyNew.record).store(in: bag)
        try store.observe(.sad, options: [.old], onlyOld.record).store(in: bag)
        try store.apply(.add(2, to: .sad))
        expect(onlyNew.changes, equals: [ObservedChange(emotion: .sad, oldValue: nil, newValue: 2, isInitial: false)])
        expect(onlyOld.changes, equals: [ObservedChange(emotion: .sad, oldValue: 0, newValue: nil, isInitial: false)])
    }

    @Test func initialDeliversTheCurrentCountAtOnce() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        try store.apply(.add(5, to: .upset))
        let recorder = Recorder()
        let token = try store.observe(.upset, options: [.initial, .new], recorder.record)
        expect(recorder.changes, equals: [ObservedChange(emotion: .upset, oldValue: nil, newValue: 5, isInitial: true)])
        withExtendedLifetime(token) {}
    }

    @Test func observingAllDeliversInitialValuesForAllFive() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(options: [.initial], recorder.record)
        expect(recorder.changes.map(\.emotion), equals: Array(Emotion.allCases))
        #expect(recorder.changes.allSatisfy { $0.isInitial && $0.newValue == 0 })
        withExtendedLifetime(token) {}
    }

    @Test func aReleasedTokenStopsDelivery() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        var token: ObservationToken? = try store.observe(options: [.new], recorder.record)
        try store.apply(.tap(.happy))
        expect(token?.isCancelled, equals: false)
        token = nil
        try store.apply(.tap(.happy))
        expect(recorder.changes.count, equals: 1)
    }

    @Test func aCancelledTokenStopsDeliveryAndCancellingTwiceIsHarmless() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(options: [.new], recorder.record)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        try store.apply(.tap(.happy))
        #expect(recorder.changes.isEmpty)
    }

    @Test func aBagEndsItsObservationsWhenReleased() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        var bag: ObservationBag? = ObservationBag()
        for emotion in [Emotion.happy, .sad] {
            try store.observe(emotion, options: [.new], recorder.record).store(in: try #require(bag))
        }
        expect(bag?.count, equals: 2)
        try store.apply([.tap(.happy), .tap(.sad)])
        bag = nil
        try store.apply([.tap(.happy), .tap(.sad)])
        expect(recorder.changes.count, equals: 2)
    }

    @Test func cancelAllEmptiesTheBag() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let bag = ObservationBag()
        bag.insert(try store.observe(options: [.new], recorder.record))
        bag.cancelAll()
        expect(bag.count, equals: 0)
        try store.apply(.tap(.happy))
        #expect(recorder.changes.isEmpty)
    }

    @Test func observersHearNothingOfARefusedOrFailedUpdate() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(options: [.old, .new], recorder.record)
        #expect(throws: TallyError.self) { try store.apply([.tap(.happy), .add(-1, to: .sad)]) }
        _ = try folder.write("{broken")
        #expect(throws: StoreError.self) { try store.apply(.tap(.happy)) }
        #expect(recorder.changes.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test func noOpsAreNotChanges() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(options: [.old, .new], recorder.record)
        try store.apply([.reset(.happy), .add(0, to: .sad)])
        #expect(recorder.changes.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test func aHandlerMayCancelItsOwnObservation() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = Recorder()
        try store.observe(options: [.new]) { change in
            recorder.record(change)
            bag.cancelAll()
        }.store(in: bag)
        try store.apply([.tap(.happy)])
        try store.apply([.tap(.happy)])
        expect(recorder.changes.count, equals: 1)
    }

    @Test func aChangeAHandlerCommitsIsToldAtOnceInsideIt() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let bag = ObservationBag()
        let recorder = Recorder()
        try store.observe(options: [.new], recorder.record).store(in: bag)
        try store.observe(.happy, options: [.new]) { change in
            if change.newValue == 1 { _ = try? store.apply(.tap(.sad)) }
        }.store(in: bag)
        try store.apply([.tap(.happy), .tap(.smile)])
        // As KVO does: the handler's own change before the rest of the command that set it off.
        expect(recorder.changes.map(\.emotion), equals: [.happy, .sad, .smile])
        try expect(store.read(), equals: Tally(counts: [.happy: 1, .smile: 1, .sad: 1]))
        bag.cancelAll()
    }

    @Test func threadsCommittingAtOnceAreToldInTheOrderTheyCommitted() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let recorder = Recorder()
        let token = try store.observe(.happy, options: [.new]) { change in
            usleep(3_000)  // A slow observer: other threads commit while it is being told.
            recorder.record(change)
        }
        let failures = Shared<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<25 {
                do {
                    try store.apply(.tap(.happy))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        expect(failures.withLock { $0 }, equals: [])
        expect(recorder.changes.map(\.newValue), equals: (1...100).map { $0 })
        token.cancel()
    }

    @Test func initialOnAnUnreadableFileThrows() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("nonsense")
        #expect(throws: StoreError.self) { try TallyStore(path: path).observe(options: [.initial]) { _ in } }
    }

    @Test func theChangesSequenceYieldsEveryCommittedChange() async throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        let changes = store.changes
        try store.apply([.tap(.happy), .add(2, to: .sad), .reset(.happy)])
        var received: [Change] = []
        for await change in changes {
            received.append(change)
            if received.count == 3 { break }
        }
        expect(received, equals: [
            Change(emotion: .happy, old: 0, new: 1), Change(emotion: .sad, old: 0, new: 2),
            Change(emotion: .happy, old: 1, new: 0),
        ])
    }

    @Test func observationIsConfirmedOncePerChange() async throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        try await confirmation(expectedCount: 3) { confirm in
            let token = try store.observe(.neutral, options: [.new]) { _ in confirm() }
            try store.apply([.tap(.neutral), .tap(.neutral), .tap(.happy), .tap(.neutral)])
            withExtendedLifetime(token) {}
        }
    }
}
