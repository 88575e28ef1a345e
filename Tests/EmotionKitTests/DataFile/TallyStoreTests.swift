import EmotionKit
import Foundation
import Testing

@Suite struct TallyStoreTests {
    @Test func readingAMissingFileGivesZerosAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("deep/er/emotions.json"))
        try expect(store.read(), equals: Tally())
        try expect(folder.contents(), equals: [])
    }

    @Test func theFirstUpdateCreatesPrivateFoldersAndFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/emotions.json")
        try TallyStore(path: path).apply(.tap(.happy))
        for (item, mode) in [(folder.file("a"), 0o700), (folder.file("a/b"), 0o700), (path, 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: item)
            expect((attributes[.posixPermissions] as? Int), equals: mode, "\(item)")
        }
    }

    @Test func updatesPersistAndReturnTheirChanges() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        let changes = try TallyStore(path: path).apply([.tap(.happy), .add(3, to: .sad)])
        expect(changes, equals: [Change(emotion: .happy, old: 0, new: 1), Change(emotion: .sad, old: 0, new: 3)])
        try expect(TallyStore(path: path).read(), equals: Tally(counts: [.happy: 1, .sad: 3]))
    }

    @Test func onlyTheDataFileItsJournalAndItsLockAreLeftBehind() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("emotions.json"))
        for _ in 0..<5 { try store.apply(.tap(.smile)) }
        try expect(folder.contents(), equals: ["emotions.json", "emotions.json.journal", "emotions.json.lock"])
    }

    @Test func aNoOpOnAStoreThatDoesNotExistCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let store = TallyStore(path: folder.file("x/emotions.json"))
        try expect(store.apply(Action.resetAll + [.add(0, to: .sad)]), equals: [])
        try expect(folder.contents(), equals: [])
    }

    @Test func aNoOpOnAnExistingStoreLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts":{"sad":2}}"#)
        try expect(TallyStore(path: path).apply(.reset(.happy)), equals: [])
        expect(folder.bytes(of: path), equals: Data(#"{"counts":{"sad":2}}"#.utf8))
    }

    @Test func aRefusedActionOnAStoreThatDoesNotExistCreatesNothing() throws {
        let folder = try TemporaryFolder()
        #expect(throws: TallyError.belowZero(.happy, count: 0, amount: -1)) {
            try TallyStore(path: folder.file("x/emotions.json")).apply(.add(-1, to: .happy))
        }
        try expect(folder.contents(), equals: [])
    }

    @Test func aRefusedActionLeavesTheFileUntouched() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"version":1,"counts":{"sad":2}}"#)
        let before = folder.bytes(of: path)
        #expect(throws: TallyError.belowZero(.sad, count: 2, amount: -3)) {
            try TallyStore(path: path).apply(.add(-3, to: .sad))
        }
        expect(folder.bytes(of: path), equals: before)
    }

    @Test(arguments: [
        "not json", #"{"version": 2, "counts": {"happy": 1}}"#, #"{"counts": {"happy": -4}}"#,
        #"{"counts": {"happy": "x"}}"#, "[]", "",
    ])
    func anUnreadableFileIsReportedAndNeverOverwritten(text: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(text)
        let before = folder.bytes(of: path)
        let store = TallyStore(path: path)
        #expect {
            try store.apply(.tap(.happy))
        } throws: { error in
            guard case let .unreadableDataFile(reported, _) = error as? StoreError else { return false }
            return reported == path
        }
        #expect(throws: StoreError.self) { try store.read() }
        expect(folder.bytes(of: path), equals: before)
        // Nothing was changed: the lock file the refused update made is gone again.
        try expect(folder.contents(), equals: ["emotions.json"])
    }

    @Test func unknownKeysSurviveAnUpdate() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"version": 1, "theme": "dark", "counts": {"happy": 1, "angry": 9}}"#)
        try TallyStore(path: path).apply(.tap(.happy))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""theme": "dark""#))
        #expect(text.contains(#""angry": 9"#))
        #expect(text.contains(#""happy": 2"#))
    }

    @Test func aSymbolicLinkToTheDataFileStaysALink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write(#"{"counts": {"sad": 1}}"#, to: "real.json")
        let link = folder.file("emotions.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try TallyStore(path: link).apply(.tap(.sad))
        try expect(FileManager.default.destinationOfSymbolicLink(atPath: link), equals: target)
        try expect(TallyStore(path: target).read()[.sad], equals: 2)
    }

    @Test func aDanglingLinkIsFollowedSoTheFirstUpdateCreatesItsDestination() throws {
        let folder = try TemporaryFolder()
        let link = folder.file("emotions.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/moods.json")
        try expect(TallyStore(path: link).read(), equals: Tally())
        try TallyStore(path: link).apply(.tap(.sad))
        try expect(FileManager.default.destinationOfSymbolicLink(atPath: link), equals: "dotfiles/moods.json")
        try expect(TallyStore(path: folder.file("dotfiles/moods.json")).read()[.sad], equals: 1)
        try expect(TallyStore(path: link).read()[.sad], equals: 1)
    }

    @Test func aLinkLoopIsReportedAsCannotCreate() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.file("b"), withDestinationPath: "a")
        #expect {
            try TallyStore(path: folder.file("a")).apply(.tap(.happy))
        } throws: { error in
            guard case let .cannotCreate(system) = error as? StoreError else { return false }
            return system.errno == ELOOP
        }
    }

    @Test func aFolderOrFIFOInTheFilesPlaceIsRefusedBeforeAnythingIsCreated() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo.json")
        expect(mkfifo(fifo, 0o600), equals: 0)
        let cases: [(String, FileKind)] = [(folder.path, .folder), (fifo, .other)]
        for (path, kind) in cases {
            let store = TallyStore(path: path)
            #expect(throws: StoreError.unreadableDataFile(path: path, .notARegularFile(kind))) { try store.read() }
            #expect {
                try store.apply(.tap(.happy))
            } throws: { error in
                guard case .unreadableDataFile(_, .notARegularFile(kind)) = error as? StoreError else { return false }
                return true
            }
            #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
        }
    }

    @Test func aWriterGivesUpWhenTheLockIsHeldTooLong() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"counts": {"happy": 1}}"#)
        let holder = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(holder) }
        expect(flock(holder, LOCK_EX), equals: 0)
        let store = TallyStore(path: path, lockTimeout: .milliseconds(100))
        let started = ContinuousClock.now
        #expect {
            try store.apply(.tap(.happy))
        } throws: { error in
            // The kernel's table of locks names this test process as the holder.
            guard case let .lockTimeout(lockFile, timeout, holder) = error as? StoreError else { return false }
            return lockFile == path + ".lock" && timeout == .milliseconds(100) && holder?.pid == getpid()
                && holder?.command?.isEmpty == false
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        try expect(store.read()[.happy], equals: 1)
    }

    @Test func aWriterWaitsForTheLockAndThenProceeds() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        // Close-on-exec, so that no process another test starts meanwhile inherits the lock.
        let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        expect(flock(holder, LOCK_EX), equals: 0)
        // Released from a Dispatch thread: a task could wait for a thread of the test pool, whose
        // threads the blocking `apply` below and other tests may all be holding.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { close(holder) }
        try TallyStore(path: path, lockTimeout: .seconds(10)).apply(.tap(.neutral))
        try expect(TallyStore(path: path).read()[.neutral], equals: 1)
    }

    @Test func threadsSharingOneFileLoseNoUpdate() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("emotions.json")
        await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let store = TallyStore(path: path)  // A store each, as separate processes would have.
                    for _ in 0..<25 { try store.apply(.tap(Emotion.allCases[index % 5])) }
                }
            }
        }
        let tally = try TallyStore(path: path).read()
        expect(tally.total, equals: 200)
        expect(tally, equals: Tally(counts: [.happy: 50, .smile: 50, .neutral: 50, .upset: 25, .sad: 25]))
    }

    @Test func aFolderInTheWayIsReportedAsCannotCreate() throws {
        let folder = try TemporaryFolder()
        let blocker = try folder.write("I am a file", to: "blocker")
        #expect {
            try TallyStore(path: blocker + "/emotions.json").apply(.tap(.happy))
        } throws: { error in
            guard case let .cannotCreate(system) = error as? StoreError else { return false }
            return system.errno == ENOTDIR
        }
    }
}
