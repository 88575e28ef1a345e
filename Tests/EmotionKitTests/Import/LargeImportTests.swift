@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// An import that takes in more than one chunk of changes (issue 23's import of 100,000): it writes
/// them to the journal a chunk of whole commands at a time ahead of its commit point, and still loses
/// nothing and takes nothing in twice, whether it finishes or is cut short, and refuses a file with
/// a bad change anywhere before it writes anything.
@Suite struct LargeImportTests {
    /// The export lines of another history's `commands` commands of `size` taps each (happy, then
    /// sad, by turns), as this version writes them (with `history` and `hseq`), and the counts they make.
    static func export(commands: Int, size: Int) -> (lines: [String], counts: Tally) {
        let history = ImportLines.id(1)
        var lines: [String] = []
        var counts = Tally()
        for command in 0..<commands {
            let emotion: Emotion = command % 2 == 0 ? .happy : .sad
            let at = "2026-11-01T12:00:00.000+00:00"
            for member in 0..<size {
                let number = command * size + member + 1
                let old = counts[emotion]
                _ = try? counts.apply(.tap(emotion))
                let shape = member == 0 ? (size > 1 ? ", \"events\": \(size)" : "") : ", \"group\": \"\(ImportLines.id(command * size + 1))\""
                lines.append(
                    ImportLines.line(number, "tap", emotion.name, old, old + 1, at: at, shape + ", \"history\": \"\(history)\", \"hseq\": \(number)"))
            }
        }
        return (lines, counts)
    }

    @Test func anImportWritesWhatItTakesInAChunkAtATimeNotAllAtOnce() throws {
        let other = Self.export(commands: 3 * TallyStore.importChunk / 10, size: 10)
        let disk = PowerCutDisk()
        let clock = TestClock()
        _ = try PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.upset)], note: nil, placedAt: nil))
        let writes = Mutex<[Int]>([])
        var fileSystem = disk.fileSystem
        let write = fileSystem.write
        fileSystem.write = { file, bytes throws(SystemError) in
            if file.path.hasSuffix(PowerCutCase.journalName) { writes.withLock { $0.append(bytes.count) } }
            try write(file, bytes)
        }
        let store = TallyStore(path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: fileSystem, clock: clock.now, zone: .utc)
        _ = try store.importChanges(try ImportLines.batch(other.lines))
        var expected = other.counts
        _ = try expected.apply(.tap(.upset))
        try expect(store.read(), equals: expected)
        let pieces = writes.withLock { $0 }.filter { $0 > 1000 }
        #expect(pieces.count >= 3, "the lines were written in \(pieces.count) piece(s): \(pieces)")
    }

    @Test(arguments: [PowerCutDisk.Survival.torn, .written])
    func anImportCutShortAtAnyStepLosesNothingAndTakesNothingInTwiceWhenRunAgain(survival: PowerCutDisk.Survival) throws {
        let other = Self.export(commands: (TallyStore.importChunk + 200) / 50, size: 50)
        let batch = try ImportLines.batch(other.lines)
        let clock = TestClock()
        var step = 0
        while true {
            let setUp = PowerCutDisk()
            _ = try PowerCutCase.store(on: setUp, clock).commit(.apply([.tap(.upset)], note: nil, placedAt: nil))
            let disk = setUp.afterPowerCut(keptNameChanges: .max) { _ in .written }
            disk.dies(after: step)
            _ = try? PowerCutCase.store(on: disk, clock).importChanges(batch)
            let finished = !disk.hasCrashed
            let next = PowerCutCase.store(on: disk.afterPowerCut(tornFraction: 0.6) { _ in survival }, clock)
            let partial = try next.read()
            #expect(partial[.happy] <= other.counts[.happy] && partial[.sad] <= other.counts[.sad], "cut at \(step)")
            _ = try next.importChanges(batch)
            var expected = other.counts
            _ = try expected.apply(.tap(.upset))
            let final = try next.read()
            expect(final, equals: expected, "cut at \(step): partial \(partial), then \(final), expected \(expected)")
            let ids = try next.events().map(\.id)
            #expect(ids.count == other.counts.total + 1 && Set(ids).count == ids.count, "cut at \(step): \(ids.count) events")
            if finished { break }
            step += 1
            try #require(step < 400, "the import never finished")
        }
    }

    @Test func anImportWhoseLastChangeDoesNotFitTheHistoryWritesNothing() throws {
        let other = Self.export(commands: 2 * TallyStore.importChunk, size: 1)
        let disk = PowerCutDisk()
        let store = PowerCutCase.store(on: disk, TestClock())
        _ = try store.commit(.apply([.tap(.upset)], note: nil, placedAt: nil))
        // The history holds the last change's id already, for another change (an add of upset).
        let held = try #require(try store.events().first)
        var lines = other.lines
        lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(of: ImportLines.id(lines.count), with: held.id.description)
        let journal = disk.bytes(of: PowerCutCase.journalName)
        let dataFile = disk.bytes(of: "emotions.json")
        #expect(throws: ImportError.unlikeHistory(line: lines.count, id: held.id)) { try store.importChanges(try ImportLines.batch(lines)) }
        expect(disk.bytes(of: PowerCutCase.journalName), equals: journal)
        expect(disk.bytes(of: "emotions.json"), equals: dataFile)
        try expect(store.read(), equals: #require(Tally(counts: [.upset: 1])))
    }

    @Test func anImportWhoseLastLineIsBadIsRefusedWhole() {
        var lines = Self.export(commands: 2 * TallyStore.importChunk, size: 1).lines
        lines.append("{\"id\": \"not an id\"}")
        expect(ImportLines.refusal(lines).map { if case .badLine(line: lines.count, _) = $0 { true } else { false } }, equals: true)
    }
}
