import Foundation
import Testing

@testable import EmotionKit

/// Reading the counts opens the journal only when it may hold something the data file lacks: where
/// its name's status says it ends where the data file's position does, it is not opened at all.
@Suite struct JournalByNameTests {
    let folder: TemporaryFolder
    let clock = HandClock()
    /// The names opened since the last `reset`.
    let opened = Shared<[String]>([])

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A store on `emotions.json` whose opens are recorded in `opened`.
    private func store() -> TallyStore {
        var fileSystem = FileSystem.live
        let openAt = fileSystem.openAt
        let opened = self.opened
        fileSystem.openAt = { folder, name, flags, mode throws(SystemError) in
            opened.withLock { $0.append(name) }
            return try openAt(folder, name, flags, mode)
        }
        return clock.store(at: folder.file("emotions.json"), zone: .utc, fileSystem: fileSystem)
    }

    /// The names `body` opens.
    private func namesOpened(_ body: () throws -> Void) rethrows -> [String] {
        opened.withLock { $0 = [] }
        try body()
        return opened.withLock { $0 }
    }

    @Test func aJournalThatEndsWhereTheDataFileSaysIsNotOpened() throws {
        let store = store()
        try store.apply([.tap(.happy), .add(2, to: .sad)])
        var tally = Tally()
        try expect(namesOpened { tally = try store.read() }, equals: ["emotions.json"])
        expect(tally, equals: Tally(counts: [.happy: 1, .sad: 2]))
    }

    @Test func aJournalPastTheDataFilesPositionIsOpenedAndRolledForward() throws {
        let store = store()
        try store.apply([.tap(.happy)])
        let saved = try #require(FileManager.default.contents(atPath: folder.file("emotions.json")))
        try store.apply([.tap(.sad)])
        // The data file as a crash right after the journal's commit would leave it.
        try saved.write(to: URL(fileURLWithPath: folder.file("emotions.json")))
        var tally = Tally()
        try expect(namesOpened { tally = try store.read() }, equals: ["emotions.json", "emotions.json.journal"])
        expect(tally, equals: Tally(counts: [.happy: 1, .sad: 1]))
    }

    @Test func aJournalThatIsNoPlainFileIsStillRefused() throws {
        let store = store()
        try store.apply([.tap(.happy)])
        let journal = folder.file("emotions.json.journal")
        try FileManager.default.moveItem(atPath: journal, toPath: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: folder.file("elsewhere"))
        #expect(throws: StoreError.unsafeJournal(path: journal, .symbolicLink)) { try store.read() }
    }
}
