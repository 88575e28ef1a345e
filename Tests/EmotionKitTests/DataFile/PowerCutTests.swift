@testable import EmotionKit
import Foundation
import Synchronization
import Testing

/// Power cuts at every step of an update, in the style of SQLite's crash tests: a seeded workload of
/// commands runs on a `PowerCutDisk` until the process dies after a seeded number of file-system
/// operations; the power then goes, leaving only what was synced (and, in some cases, a torn or
/// zero-filled tail, or unsynced names the system wrote on its own). One to three such rounds, each
/// after the first starting with a recovery that may itself be cut short; then a fresh store reads
/// the disk and makes one more commit. Every commit that returned must be there, and the journal
/// must account for the counts exactly.
@Suite struct PowerCutTests {
    /// Cases per batch; the batches run in parallel.
    static let casesPerBatch = 250
    /// Batches: `casesPerBatch * batches` seeded cases in all.
    static let batches = 8

    @Test(arguments: 0..<batches)
    func everyCommitThatReturnedSurvivesAPowerCutAndTheJournalAccountsForTheCounts(batch: Int) {
        var failures: [String] = []
        var halfCommitted: [String] = []
        for index in 0..<PowerCutTests.casesPerBatch {
            let seed = UInt64(batch * PowerCutTests.casesPerBatch + index)
            let outcome = PowerCutCase(seed: seed).run()
            if !outcome.problems.isEmpty { failures.append("seed \(seed): " + outcome.problems.joined(separator: "; ")) }
            if let problem = outcome.halfCommitted { halfCommitted.append("seed \(seed): " + problem) }
        }
        #expect(failures.isEmpty, "\(failures.count) cases failed, first: \(failures.prefix(5).joined(separator: "\n"))")
        // A command of several events (`tap happy sad`, `reset --all`, an undo of one) whose append a
        // power cut tore on a line boundary is held back whole: its first line says how many it has.
        #expect(halfCommitted.isEmpty, "\(halfCommitted.joined(separator: "\n"))")
    }

    @Test func aDataFileFromBeforeHistoryKeepsTheFirstCommitThroughAPowerCut() throws {
        // Seed 2422 of the first, one-round version found it: the old data file, having no position, was still on disk after the
        // power cut, and took the journal from its end on, dropping the committed taps.
        let disk = PowerCutDisk()
        disk.place("emotions.json", Array(#"{"version": 1, "counts": {"happy": 41}}"#.utf8))
        let clock = TestClock()
        let store = TallyStore(path: PowerCutDisk.dataFile, fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        _ = try store.commit(.apply([.tap(.happy), .tap(.sad)], note: nil, placedAt: nil))
        _ = try store.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))

        let recovered = disk.afterPowerCut()
        let after = TallyStore(path: PowerCutDisk.dataFile, fileSystem: recovered.fileSystem, clock: clock.now, zone: .utc)
        try expect(after.read()[.happy], equals: 43)
        try expect(after.read()[.sad], equals: 1)
        _ = try after.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))
        try expect(after.read()[.happy], equals: 44)
    }

    @Test func aDataFileWhoseJournalWasRemovedKeepsTheNextCommitThroughAPowerCut() throws {
        // Its position points into a journal that is gone (moved away, or removed by an update that
        // failed): the new journal's lines must not be read from there.
        let disk = PowerCutDisk()
        let bytes = #"{"version": 1, "counts": {"happy": 41}, "journal": {"seq": 5, "bytes": 9999, "latest": 0}}"#
        disk.place("emotions.json", Array(bytes.utf8))
        let clock = TestClock()
        let store = TallyStore(path: PowerCutDisk.dataFile, fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        _ = try store.commit(.apply([.tap(.happy)], note: nil, placedAt: nil))

        let recovered = disk.afterPowerCut()
        let after = TallyStore(path: PowerCutDisk.dataFile, fileSystem: recovered.fileSystem, clock: clock.now, zone: .utc)
        try expect(after.read()[.happy], equals: 42)
    }

    @Test func aDataFileWithNoPositionIsSavedDurablyEvenByACommandThatOnlyRollsForward() throws {
        // Seed 629 found it: the journal was started but the first update died before its events;
        // the next command changed nothing, only gave the data file a position, without a flush;
        // the power cut then kept the old data file, with no position, and dropped the later taps.
        let disk = PowerCutDisk()
        disk.place("emotions.json", Array(#"{"version": 1, "counts": {"upset": 4}}"#.utf8))
        let started = try Timestamp(Instant(millisecondsSinceEpoch: 1_795_000_000_000), in: .utc)
        let header = JournalHeader(at: started, before: try #require(Tally(counts: [.upset: 4])))
        disk.place("emotions.json.journal", Array((header.jsonLine + "\n").utf8))
        let clock = TestClock()
        let store = TallyStore(path: PowerCutDisk.dataFile, fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        #expect(try store.commit(.apply([.reset(.neutral)], note: nil, placedAt: nil)).events.isEmpty)
        _ = try store.commit(.apply([.tap(.happy), .tap(.upset)], note: nil, placedAt: nil))

        let recovered = disk.afterPowerCut()
        let after = TallyStore(path: PowerCutDisk.dataFile, fileSystem: recovered.fileSystem, clock: clock.now, zone: .utc)
        try expect(after.read()[.happy], equals: 1)
        try expect(after.read()[.upset], equals: 5)
    }

    @Test(arguments: [PowerCutDisk.Survival.torn, .zeroed])
    func aTornCommandOfAnySizeIsDroppedWholeAndTheStoreStaysUsable(survival: PowerCutDisk.Survival) throws {
        // Issue 22: a tap of 30,000 emotions writes 5.3 MB of lines; torn by a power cut, with the data file
        // as it was before, it was refused as damage for being over 4 MiB, by every command, readers too.
        let clock = TestClock()
        let before = PowerCutDisk()
        _ = try PowerCutCase.store(on: before, clock).commit(.apply([.tap(.happy)], note: nil, placedAt: nil))
        let journal = try #require(before.bytes(of: PowerCutCase.journalName))
        let dying = try PowerCutCase.diskDyingBeforeItsFlush(copying: before, clock)
        let tap = Array(repeating: Action.tap(.sad), count: 30_000)
        #expect(throws: (any Error).self) { try PowerCutCase.store(on: dying, clock).commit(.apply(tap, note: nil, placedAt: nil)) }
        let written = (dying.bytes(of: PowerCutCase.journalName)?.count ?? 0) - journal.count
        try #require(written > 5_000_000, "the tap's lines were not written before the process died")

        let cut = dying.afterPowerCut(tornFraction: 1 - 500 / Double(written)) { _ in survival }
        let after = PowerCutCase.store(on: cut, clock)
        try expect(after.read(), equals: Tally(counts: [.happy: 1]))
        try expect(after.events().map(\.emotion), equals: [.happy])
        _ = try after.commit(.apply([.tap(.smile)], note: nil, placedAt: nil))
        let recovered = PowerCutCase.events(in: cut.bytes(of: PowerCutCase.journalName) ?? [])
        expect(recovered.problems, equals: [])
        expect(recovered.events.map(\.emotion), equals: [.happy, .smile])
        expect(recovered.events.map(\.sequence), equals: [1, 2])
        try expect(after.undo().original.map(\.emotion), equals: [.smile])
    }

    @Test func aTornCommandOfAnySizeIsDroppedWholeWhenTheDataFileIsLostOrHasNoPosition() throws {
        // The same tail, read from the journal's header (the data file lost) or back from its end (a data
        // file without a position, restored from a backup).
        let clock = TestClock()
        let disk = PowerCutDisk()
        _ = try PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.happy), .tap(.happy)], note: nil, placedAt: nil))
        _ = try PowerCutCase.store(on: disk, clock).commit(.apply(Array(repeating: .tap(.sad), count: 30_000), note: nil, placedAt: nil))
        let journal = try #require(disk.bytes(of: PowerCutCase.journalName))
        for dataFile in [nil, #"{"version": 1, "counts": {"happy": 2}}"#] {
            let cut = PowerCutDisk()
            cut.place(PowerCutCase.journalName, Array(journal.dropLast(500)))
            if let dataFile { cut.place("emotions.json", Array(dataFile.utf8)) }
            let after = PowerCutCase.store(on: cut, clock)
            #expect(try after.read() == Tally(counts: [.happy: 2]), "data file \(dataFile ?? "lost")")
            _ = try after.commit(.apply([.tap(.smile)], note: nil, placedAt: nil))
            let recovered = PowerCutCase.events(in: cut.bytes(of: PowerCutCase.journalName) ?? [])
            #expect(recovered.problems == [], "data file \(dataFile ?? "lost")")
            #expect(recovered.events.map(\.emotion) == [.happy, .happy, .smile], "data file \(dataFile ?? "lost")")
        }
    }

    @Test(arguments: [0, 40])
    func aDataFileWithoutAPositionTakesTheJournalToItsLastWholeCommandNotItsLastWholeLine(keptOfLastLine: Int) throws {
        // Issue 22: a data file without its position (restored from a backup) met a journal whose last command
        // lost its last line. The half command was adopted: later commands followed its orphaned lines,
        // undo took back half a command, and once the data file was lost every command exited 65.
        let clock = TestClock()
        let disk = PowerCutDisk()
        _ = try PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.happy), .tap(.sad)], note: nil, placedAt: nil))
        _ = try PowerCutCase.store(on: disk, clock).commit(.apply([.tap(.smile), .tap(.upset), .tap(.sad)], note: nil, placedAt: nil))
        let journal = try #require(disk.bytes(of: PowerCutCase.journalName))
        let lastLineStart = try #require(journal.dropLast().lastIndex(of: 0x0A)) + 1

        let restored = PowerCutDisk()
        restored.place("emotions.json", Array(#"{"version": 1, "counts": {"happy": 1, "sad": 1}}"#.utf8))
        restored.place(PowerCutCase.journalName, Array(journal.prefix(lastLineStart + keptOfLastLine)))
        let after = PowerCutCase.store(on: restored, clock)
        try expect(after.read(), equals: Tally(counts: [.happy: 1, .sad: 1]))
        _ = try after.commit(.apply([.tap(.neutral)], note: nil, placedAt: nil))
        let recovered = PowerCutCase.events(in: restored.bytes(of: PowerCutCase.journalName) ?? [])
        expect(recovered.problems, equals: [])
        expect(recovered.events.map(\.emotion), equals: [.happy, .sad, .neutral])
        expect(recovered.events.map(\.sequence), equals: [1, 2, 3])
        try expect(after.undo().original.map(\.emotion), equals: [.neutral])
        try expect(after.undo().original.map(\.emotion), equals: [.happy, .sad])

        let lost = PowerCutDisk()
        lost.place(PowerCutCase.journalName, restored.bytes(of: PowerCutCase.journalName) ?? [])
        try expect(PowerCutCase.store(on: lost, clock).read(), equals: Tally())
    }

    @Test func theDiskKeepsOnlyWhatWasSyncedUnlessToldOtherwise() throws {
        let disk = PowerCutDisk()
        let fileSystem = disk.fileSystem
        let root = try fileSystem.open("/", OpenFlags.linkItself, 0)
        let folder = try fileSystem.openAt(root, "pc", OpenFlags.readOnly | OpenFlags.folder, 0)
        let synced = try fileSystem.openAt(folder, "synced", OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive, 0o600)
        try fileSystem.write(synced, Array("abc".utf8))
        try fileSystem.sync(synced)
        try fileSystem.sync(folder)
        let log = try fileSystem.openAt(folder, "synced", OpenFlags.readWrite | OpenFlags.append, 0)
        try fileSystem.write(log, Array("defg".utf8))
        let unsynced = try fileSystem.openAt(folder, "unsynced", OpenFlags.writeOnly | OpenFlags.create, 0o600)
        try fileSystem.write(unsynced, Array("x".utf8))
        try fileSystem.sync(unsynced)

        expect(disk.afterPowerCut().names, equals: ["synced"])
        expect(disk.afterPowerCut().bytes(of: "synced"), equals: Array("abc".utf8))
        expect(disk.afterPowerCut(survival: { _ in .written }).bytes(of: "synced"), equals: Array("abcdefg".utf8))
        expect(disk.afterPowerCut(tornFraction: 0.5, survival: { _ in .torn }).bytes(of: "synced"), equals: Array("abcde".utf8))
        expect(disk.afterPowerCut(survival: { _ in .zeroed }).bytes(of: "synced"), equals: Array("abc".utf8) + [0, 0, 0, 0])
        expect(disk.afterPowerCut(keptNameChanges: 1).names, equals: ["synced", "unsynced"])
        expect(disk.afterPowerCut(keptNameChanges: 1).bytes(of: "unsynced"), equals: Array("x".utf8))
    }

    @Test func aDeadProcessChangesNothing() throws {
        let disk = PowerCutDisk(crashAfter: 2)
        let fileSystem = disk.fileSystem
        let root = try fileSystem.open("/", OpenFlags.linkItself, 0)
        let folder = try fileSystem.openAt(root, "pc", OpenFlags.readOnly | OpenFlags.folder, 0)
        #expect(throws: SystemError(call: "open", path: "/pc/x", errno: EIO)) {
            try fileSystem.openAt(folder, "x", OpenFlags.writeOnly | OpenFlags.create, 0o600)
        }
        #expect(disk.hasCrashed)
        expect(disk.names, equals: [])
    }
}

/// A clock for the store that moves on a second each time it is read.
final class TestClock: Sendable {
    private let milliseconds = Mutex<Int64>(1_795_000_000_000)

    /// The clock to give a store.
    var now: @Sendable () -> Instant {
        { self.next() }
    }

    /// The next instant.
    func next() -> Instant {
        milliseconds.withLock { value in
            value += 1000
            return Instant(millisecondsSinceEpoch: value)
        }
    }
}

extension PowerCutDisk {
    /// Where the store keeps its data file on the disk.
    static let dataFile = folder + "/emotions.json"
}

/// One seeded power-cut case: the workload, the crash, the power cut, the recovery and the checks.
struct PowerCutCase {
    static let journalName = "emotions.json.journal"

    /// How the power cut treats what was not synced.
    enum Cut: CaseIterable {
        /// Only synced bytes and names survive.
        case strict
        /// Only synced names; each appended file keeps a random part of its unsynced appended bytes.
        case tornAppend
        /// Only synced names; each file's unsynced tail reads as zeros.
        case zeroedTail
        /// Some unsynced name changes survive, in order, and each file keeps all, part or none of
        /// its unsynced bytes: what a system writing back on its own leaves.
        case writeback
    }

    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// What a case found wrong.
    struct Outcome {
        /// Every broken property, empty if none is.
        var problems: [String] = []
        /// What was recovered of a command the crash interrupted, if only a part of it was.
        var halfCommitted: String?
    }

    /// Runs the case: one to three rounds of commands, each ended by a crash and a power cut, the
    /// first commands of a round after the first being its recovery; then a last recovery, checked.
    func run() -> Outcome {
        var generator = SeededGenerator(seed: 0x9057_C07, stream: seed)
        var disk = PowerCutDisk()
        var initial = Tally()
        if generator.chance(0.3) {
            // A data file from before history.
            for emotion in Emotion.allCases where generator.chance(0.5) {
                _ = try? initial.apply(.add(Int.random(in: 1...9, using: &generator), to: emotion))
            }
            disk.place("emotions.json", TallyDocument(tally: initial).serialized())
        }
        let clock = TestClock()
        var problems: [String] = []
        var acknowledged: [JournalEvent] = []
        var written: [EventID: JournalEvent] = [:]
        var story = initial == Tally() ? [] : ["a data file from before history"]
        for round in 0..<Int.random(in: 1...3, using: &generator) {
            let commandCount = Int.random(in: 1...5, using: &generator)
            let crashAfter = Int.random(in: 0...(commandCount * 24), using: &generator)
            disk.dies(after: crashAfter)
            let store = TallyStore(
                path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
            var commands: [String] = []
            if round > 0 {
                commands.append("read")
                do {
                    _ = try store.read()
                } catch {
                    if !disk.hasCrashed { problems.append("read() after a power cut failed: \(error)") }
                }
            }
            for _ in 0..<commandCount where !disk.hasCrashed {
                let edit = PowerCutCase.randomEdit(using: &generator)
                commands.append(PowerCutCase.describe(edit))
                do {
                    acknowledged += try store.commit(edit).events
                } catch is HistoryError where !disk.hasCrashed {
                    continue
                } catch is TallyError where !disk.hasCrashed {
                    continue
                } catch {
                    if !disk.hasCrashed { problems.append("\(commands.last ?? "") failed before the crash: \(error)") }
                }
            }
            // The lines the dying process had written, synced or not.
            for event in PowerCutCase.events(in: disk.bytes(of: PowerCutCase.journalName) ?? []).events {
                written[event.id] = event
            }
            let cut = generator.pick(Cut.allCases)
            disk = PowerCutCase.cut(disk, cut, using: &generator)
            story.append("\(commands.joined(separator: ", ")), crash after \(crashAfter) operations, \(cut) cut")
        }
        let context = story.joined(separator: "; ")

        // The last recovery: a new process reads, then commits once more.
        let after = TallyStore(
            path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
        let read: Tally
        let recovery: [JournalEvent]
        do {
            read = try after.read()
            recovery = try after.commit(.apply([.tap(.happy)], note: nil, placedAt: nil)).events
        } catch {
            return Outcome(problems: problems + ["recovery failed: \(error) (\(context))"])
        }
        var outcome = check(
            disk, initial: initial, acknowledged: acknowledged, written: written, read: read, recovery: recovery)
        outcome.problems = (problems + outcome.problems).map { "\($0) (\(context))" }
        outcome.halfCommitted = outcome.halfCommitted.map { "\($0) (\(context))" }
        return outcome
    }

    /// The disk the next boot finds after a power cut of kind `cut`.
    /// A store on `disk`'s data file, at UTC on `clock`.
    static func store(on disk: PowerCutDisk, _ clock: TestClock) -> TallyStore {
        TallyStore(path: PowerCutDisk.dataFile, lockTimeout: .seconds(1), fileSystem: disk.fileSystem, clock: clock.now, zone: .utc)
    }

    /// A disk holding `disk`'s data file and journal, whose process dies once the next commit has written
    /// its lines to the journal and before it flushes them. The commit makes as many operations before its
    /// flush whatever its size (one `write` of all its lines), so a two-event tap finds the point.
    static func diskDyingBeforeItsFlush(copying disk: PowerCutDisk, _ clock: TestClock) throws -> PowerCutDisk {
        let names = ["emotions.json", journalName]
        func copy(dyingAfter operations: Int) -> PowerCutDisk {
            let copy = PowerCutDisk()
            for name in names {
                if let bytes = disk.bytes(of: name) { copy.place(name, bytes) }
            }
            copy.dies(after: operations)
            return copy
        }
        let journalSize = disk.bytes(of: journalName)?.count ?? 0
        for operations in 0..<200 {
            let probe = copy(dyingAfter: operations)
            _ = try? store(on: probe, clock).commit(.apply([.tap(.happy), .tap(.sad)], note: nil, placedAt: nil))
            if (probe.bytes(of: journalName)?.count ?? 0) > journalSize {
                return copy(dyingAfter: operations)
            }
        }
        throw PowerCutProbeError.noWrite
    }

    /// The probe for the point between a commit's write and its flush found no write.
    enum PowerCutProbeError: Error { case noWrite }

    private static func cut(_ disk: PowerCutDisk, _ cut: Cut, using generator: inout SeededGenerator) -> PowerCutDisk {
        let tornFraction = Double.random(in: 0...1, using: &generator)
        switch cut {
        case .strict:
            return disk.afterPowerCut()
        case .tornAppend:
            return disk.afterPowerCut(tornFraction: tornFraction) { $0 ? .torn : .synced }
        case .zeroedTail:
            return disk.afterPowerCut { _ in .zeroed }
        case .writeback:
            let kept = Int.random(in: 0...disk.unsyncedNameChanges, using: &generator)
            return disk.afterPowerCut(keptNameChanges: kept, tornFraction: tornFraction) { _ in
                generator.pick(PowerCutDisk.Survival.allCases)
            }
        }
    }

    /// What is wrong with the disk after the last recovery, given the events of every commit that
    /// returned (`acknowledged`), every event a process wrote (`written`), what `read()` gave and
    /// the recovery commit's events.
    private func check(
        _ disk: PowerCutDisk, initial: Tally, acknowledged: [JournalEvent], written: [EventID: JournalEvent], read: Tally,
        recovery: [JournalEvent]
    ) -> Outcome {
        guard let journalBytes = disk.bytes(of: PowerCutCase.journalName) else {
            return Outcome(problems: ["no journal after the recovery commit"])
        }
        let journal = PowerCutCase.events(in: journalBytes)
        var problems = journal.problems
        var halfCommitted: String?
        guard let header = journal.header else { return Outcome(problems: problems + ["no header"]) }
        if header.before != initial { problems.append("the header's counts \(header.before) are not the initial \(initial)") }
        let events = journal.events
        if events.map(\.sequence) != events.indices.map({ UInt64($0 + 1) }) {
            problems.append("sequence numbers \(events.map(\.sequence)) are not 1...\(events.count)")
        }
        if Set(events.map(\.id)).count != events.count { problems.append("ids are not unique") }
        // Every commit that returned is there, where it was committed.
        let lost = acknowledged.filter { event in
            !events.indices.contains(Int(event.sequence) - 1) || events[Int(event.sequence) - 1] != event
        }
        if !lost.isEmpty {
            let sequences = lost.map(\.sequence)
            problems.append("\(lost.count) of the \(acknowledged.count) acknowledged events are lost: seq \(sequences)")
        }
        if Array(events.suffix(recovery.count)) != recovery { problems.append("the recovery commit's events are not last") }
        // Every other event is one a process wrote, and the whole of its command.
        let acknowledgedIDs = Set(acknowledged.map(\.id))
        let unacknowledged = events.dropLast(recovery.count).filter { !acknowledgedIDs.contains($0.id) }
        for event in unacknowledged where written[event.id] != event {
            problems.append("event \(event.sequence) was never written by any process")
        }
        for (group, kept) in Dictionary(grouping: unacknowledged, by: \.group) {
            let whole = written.values.filter { $0.group == group }.count
            if kept.count != whole { halfCommitted = "recovered \(kept.count) of the \(whole) events of an interrupted command" }
        }
        // The counts are the header's plus every event, each starting where the last left off; from
        // the first change imported on (which keeps the counts where it was made), the model's.
        var fold = header.before
        var beforeRecovery = fold
        var model = JournalLedger(identities: [])
        model.before = header.before
        var imported = false
        for (index, event) in events.enumerated() {
            try? model.take(event, lineEnd: 0)
            imported = imported || event.origin != nil
            if imported {
                fold = model.counts()
            } else {
                if fold[event.emotion] != event.old {
                    problems.append("event \(event.sequence) starts \(event.emotion) at \(event.old), not \(fold[event.emotion])")
                }
                _ = try? fold.set(event.emotion, to: event.new)
            }
            if index == events.count - recovery.count - 1 { beforeRecovery = fold }
        }
        if events.count == recovery.count { beforeRecovery = header.before }
        if read != beforeRecovery { problems.append("read() gave \(read), the journal \(beforeRecovery)") }
        guard let dataBytes = disk.bytes(of: "emotions.json") else {
            return Outcome(problems: problems + ["no data file"], halfCommitted: halfCommitted)
        }
        do {
            let document = try TallyDocument(parsing: dataBytes)
            if document.tally != fold {
                problems.append("the data file's counts \(document.tally) are not the journal's \(fold)")
            }
            let position = JournalPosition(
                sequence: UInt64(events.count), bytes: Int64(journalBytes.count), latest: document.journal?.latest ?? 0)
            if document.journal != position {
                problems.append("the data file's position \(String(describing: document.journal)) is not the journal's end")
            }
        } catch {
            problems.append("the data file does not parse: \(error)")
        }
        // A temporary data file whose name a power cut kept while the lines of its update were lost
        // leaves no sign the next update can see (the journal is not ahead): it is removed by the
        // look every 64 events (`DataFileSave.mayHaveLeftovers`, DayIndexStoreTests), not at once.
        let dataFileTemporary = AtomicReplace.temporaryPrefix(of: "emotions.json")
        let leftovers = disk.names.filter {
            !["emotions.json", "emotions.json.journal", "emotions.json.lock"].contains($0) && !AtomicReplace.isTemporary($0, dataFileTemporary)
        }
        if !leftovers.isEmpty { problems.append("files left: \(leftovers)") }
        return Outcome(problems: problems, halfCommitted: halfCommitted)
    }

    /// The journal's header and events, and what is wrong with its lines: each must be whole and parse.
    static func events(in bytes: [UInt8]) -> (header: JournalHeader?, events: [JournalEvent], problems: [String]) {
        guard !bytes.isEmpty else { return (nil, [], []) }
        var problems: [String] = []
        if bytes.last != 0x0A { problems.append("the journal ends in a torn line") }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        guard let first = lines.first, let header = JournalHeader(line: Array(first)) else {
            return (nil, [], problems + ["the first line is no header"])
        }
        var events: [JournalEvent] = []
        for (number, line) in lines.dropFirst().enumerated() {
            do {
                events.append(try JournalEvent(line: Array(line)))
            } catch {
                problems.append("line \(number + 2) does not parse: \(error)")
            }
        }
        return (header, events, problems)
    }

    /// The edit, short: `tap happy+sad`, `add -2 sad`, `undo`.
    static func describe(_ edit: StoreEdit) -> String {
        switch edit {
        case .undo: return "undo"
        case .redo: return "redo"
        case .sync: return "sync"
        case let .undoCommand(id): return "undo \(id)"
        case let .import(handOver, _): return "import \(handOver.changeCount)"
        case let .apply(actions, _, _, _):
            switch actions.first {
            case .tap?:
                let emotions = actions.compactMap { action -> String? in
                    if case let .tap(emotion) = action { emotion.name } else { nil }
                }
                return "tap " + emotions.joined(separator: "+")
            case let .add(amount, emotion)?: return "add \(amount) \(emotion.name)"
            case let .reset(emotion)?: return actions.count > 1 ? "reset all" : "reset \(emotion.name)"
            case nil: return "nothing"
            }
        }
    }

    /// A tap, a tap of two, an add, a reset, a reset of all, an undo, a redo, or an import of older changes.
    static func randomEdit(using generator: inout SeededGenerator) -> StoreEdit {
        let emotion = generator.pick(Emotion.allCases)
        let other = generator.pick(Emotion.allCases)
        if generator.chance(0.06) { return randomImport(emotion, other, using: &generator) }
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<35: return .apply([.tap(emotion)], note: nil, placedAt: nil)
        case 35..<45: return .apply([.tap(emotion), .tap(other)], note: "two", placedAt: nil)
        case 45..<60: return .apply([.add(Int.random(in: -3...5, using: &generator), to: emotion)], note: nil, placedAt: nil)
        case 60..<68: return .apply([.reset(emotion)], note: nil, placedAt: nil)
        case 68..<74: return .apply(Action.resetAll, note: nil, placedAt: nil)
        case 74..<88: return .undo
        default: return .redo
        }
    }

    /// An import of one to three commands recorded in 2023, before any the workload makes: an add,
    /// or a tap of two emotions, each with new ids; so appended with `latest`, several commands in one write.
    static func randomImport(_ emotion: Emotion, _ other: Emotion, using generator: inout SeededGenerator) -> StoreEdit {
        let at = "2023-11-14T22:13:20.000+00:00"
        var lines: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let first = EventID(recordedAt: 1_700_000_000_000, using: &generator)
            if generator.chance(0.5) {
                let amount = Int.random(in: 1...4, using: &generator)
                lines.append(#"{"id": "\#(first)", "at": "\#(at)", "command": "add", "emotion": "\#(emotion.name)", "old": 0, "new": \#(amount)}"#)
            } else {
                let second = EventID(recordedAt: 1_700_000_000_000, using: &generator)
                lines.append(#"{"id": "\#(first)", "at": "\#(at)", "command": "tap", "emotion": "\#(emotion.name)", "old": 0, "new": 1, "events": 2}"#)
                lines.append(#"{"id": "\#(second)", "at": "\#(at)", "command": "tap", "emotion": "\#(other.name)", "old": 0, "new": 1, "group": "\#(first)"}"#)
            }
        }
        let batch: ImportBatch
        do {
            batch = try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8))
        } catch {
            Issue.record("the workload's import does not read: \(error)")
            return .undo
        }
        return .import(ImportHandOver(batch), keepingEvents: true)
    }
}
