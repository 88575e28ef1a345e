@testable import EmotionKit
import Testing

/// The power-cut simulation extended to publishing (issue 23): a history that syncs with a folder is cut
/// short at every step of a tap, then the power goes; the next command sends again what the folder's file
/// lost, as the same bytes, and nothing is lost or doubled in the journal or the folder.
@Suite struct PowerCutPublishingTests {
    /// The history's file in the folder (the folder is the data file's own, `/pc`), and its bytes.
    static func publishedFile(on disk: PowerCutDisk) -> (name: String, bytes: [UInt8])? {
        guard let name = disk.names.first(where: { $0.count == 32 && $0.hasSuffix(".jsonl") }) else { return nil }
        return (name, disk.bytes(of: name) ?? [])
    }

    @Test(arguments: [PowerCutDisk.Survival.synced, .torn, .written])
    func aTapCutShortAtAnyStepLosesNothingAndDoublesNothingInTheFolder(survival: PowerCutDisk.Survival) throws {
        let clock = TestClock()
        var step = 0
        while true {
            let disk = PowerCutDisk()
            let first = PowerCutCase.store(on: disk, clock)
            try first.sync(.folder(PowerCutDisk.folder, name: "laptop"))
            _ = try first.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))
            disk.dies(after: step)
            let start = disk.operations
            _ = try? PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.sad), .tap(.smile)], note: nil, placedAt: nil))
            let finished = !disk.hasCrashed
            let before = Self.publishedFile(on: disk)?.bytes ?? []
            let after = disk.afterPowerCut(tornFraction: 0.6) { _ in survival }
            let next = PowerCutCase.store(on: after, clock)
            _ = try next.commit(.apply([.tap(.upset)], note: nil, placedAt: nil))
            try Self.check(after, next, cutAt: step, before: before)
            if finished { break }
            step += 1
            try #require(step < 200, "the tap never finished (\(disk.operations - start) operations)")
        }
    }

    /// Checks that the folder's file holds each of the journal's events once, in its order, and that
    /// the whole lines the dying process had written there (`before`) are what it holds there now.
    static func check(_ disk: PowerCutDisk, _ store: TallyStore, cutAt step: Int, before: [UInt8]) throws {
        let published = try #require(publishedFile(on: disk), "cut at \(step): no file in the folder")
        let lines = published.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        expect(published.bytes.last, equals: 0x0A, "cut at \(step): the file ends in a part line")
        let ids = lines.dropFirst().filter { !$0.isEmpty }.compactMap { line -> String? in
            guard let range = String(decoding: line, as: UTF8.self).range(of: #""id":""#) else { return nil }
            return String(String(decoding: line, as: UTF8.self)[range.upperBound...].prefix(26))
        }
        let journal = try store.events().map(\.id.description)
        expect(ids, equals: journal, "cut at \(step): the folder holds \(ids.count) changes, the journal \(journal.count)")
        #expect(try store.read()[.happy] == 1 && store.read()[.upset] == 1, "cut at \(step)")
        let wholeBefore = before.prefix((before.lastIndex(of: 0x0A) ?? -1) + 1)
        #expect(published.bytes.starts(with: wholeBefore) || wholeBefore.starts(with: published.bytes),
                "cut at \(step): the folder's file was not sent again as the same bytes")
    }
}
