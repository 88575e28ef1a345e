@testable import EmotionKit
import Foundation

/// One machine of a `SyncSimulation`: a real store on its own data file, with its own copy of the
/// sync folder (what a sync tool keeps on each machine) and a clock skewed from the others'.
struct SimulatedMachine {
    /// Its number, from 0; its data file is `m<number>/emotions.json`, its folder `f<number>`.
    let number: Int
    /// The folder its copy of the sync folder is in.
    let folder: String
    /// How far its clock is ahead of the shared one (negative: behind), in milliseconds.
    let skew: Int64
    /// The store.
    let store: TallyStore
}

/// A seeded schedule of commands on three to five real stores, each syncing with its own copy of
/// the folder, and of deliveries of the folders' files between those copies as sync tools make
/// them (whole, cut mid-line, as a conflict copy, a stale version after a newer one, in any order
/// across files), with copied histories (a data folder copied: its journal a new file) and clocks skewed by a day either way. `SyncPropertyTests`
/// runs it to the end, delivers everything, and checks that every store shows the same.
final class SyncSimulation {
    var generator: SeededGenerator
    let root: TemporaryFolder
    /// The clock every machine's clock is skewed from; it moves on a few minutes a step.
    let clock = HandClock()
    var machines: [SimulatedMachine] = []
    /// What was done, step by step, to print when a check fails.
    var schedule: [String] = []
    /// Every event id a command returned, with the machine that made it.
    var acknowledged: [EventID: Int] = [:]
    /// Every version of each folder file seen, by name: what a stale delivery brings back.
    var versions: [String: [[UInt8]]] = [:]
    /// The names the final delivery keeps losing versions under, by their bytes.
    var finalCopies: [[UInt8]: String] = [:]
    /// Whether commands include imports of another machine's export.
    var withImports = ProcessInfo.processInfo.environment["EMOTIONS_SYNC_NO_IMPORT"] == nil
    /// Whether a copied machine's journal keeps its inode, as a bit-for-bit disk clone's does (`EMOTIONS_SYNC_CLONES=1`;
    /// see `SyncPropertyTests` for why not by default); else it is a new file, as any other copy's is.
    var bitForBitClones = ProcessInfo.processInfo.environment["EMOTIONS_SYNC_CLONES"] != nil
    /// What went wrong, for the failure message.
    var problems: [String] = []
    /// How many commands were refused (a count below zero, nothing to undo, …): fine, but counted.
    var refusals = 0

    /// A schedule for `seed` and `stream`, with three to five machines made and syncing.
    init(seed: UInt64, stream: UInt64) throws {
        generator = SeededGenerator(seed: seed, stream: stream)
        root = try TemporaryFolder()
        let count = Int.random(in: 3...5, using: &generator)
        for _ in 0..<count { try addMachine() }
    }

    /// Makes a machine with an empty history and its folder, and sets the folder.
    private func addMachine() throws {
        let number = machines.count
        try FileManager.default.createDirectory(atPath: root.file("m\(number)"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: root.file("f\(number)"), withIntermediateDirectories: false)
        let machine = makeMachine(number)
        machines.append(machine)
        schedule.append("machine \(number): skew \(machine.skew / 3_600_000) h, sync --folder f\(number)")
        try machine.store.sync(.folder(machine.folder, name: "m\(number)"))
    }

    /// The machine numbered `number` on its data file and folder, with a random skew.
    func makeMachine(_ number: Int) -> SimulatedMachine {
        let skew = generator.pick([-86_400_000, 0, 0, 86_400_000, -3_600_000]) as Int64
        let shared = clock
        let zone: TimeZoneRules = number % 2 == 0 ? .utc : .tokyo
        let store = TallyStore(
            path: root.file("m\(number)/emotions.json"), fileSystem: .live,
            clock: { Instant(millisecondsSinceEpoch: shared.instant.millisecondsSinceEpoch + skew) }, zone: zone)
        return SimulatedMachine(number: number, folder: root.file("f\(number)"), skew: skew, store: store)
    }

    /// Runs `steps` random steps.
    func run(steps: Int) {
        for _ in 0..<steps {
            clock.advance(minutes: Int64.random(in: 1...90, using: &generator))
            let roll = Int.random(in: 0..<100, using: &generator)
            do {
                switch roll {
                case 0..<62: try command(roll)
                case 62..<96: try deliver()
                default: try cloneMachine()
                }
            } catch {
                problems.append("step \(schedule.count): unexpected \(error)")
            }
            checkNoCountBelowZero()
        }
    }

    /// Copies a machine's data file and journal, and its folder, as a cloned disk or a restored backup
    /// does, to a new machine that goes on from there (with at most five machines).
    func cloneMachine() throws {
        guard machines.count < 5 else { return try deliver() }
        let source = generator.pick(machines)
        let number = machines.count
        let manager = FileManager.default
        try manager.createDirectory(atPath: root.file("m\(number)"), withIntermediateDirectories: false)
        try manager.copyItem(atPath: source.folder, toPath: root.file("f\(number)"))
        for name in ["emotions.json", "emotions.json.journal"] {
            let from = root.file("m\(source.number)/\(name)")
            guard var bytes = manager.contents(atPath: from) else { continue }
            if name == "emotions.json", var text = String(data: bytes, encoding: .utf8) {
                // The copy's folder is its own copy of the folder, as on another machine.
                text = text.replacingOccurrences(of: "/f\(source.number)\"", with: "/f\(number)\"")
                text = text.replacingOccurrences(of: "\\/f\(source.number)\"", with: "\\/f\(number)\"")
                bytes = Data(text.utf8)
            }
            try bytes.write(to: URL(fileURLWithPath: root.file("m\(number)/\(name)")))
        }
        if bitForBitClones { try keepJournalInode(of: number) }
        let machine = makeMachine(number)
        machines.append(machine)
        let kind = bitForBitClones ? "a bit-for-bit clone" : "a copy"
        schedule.append("machine \(number): \(kind) of machine \(source.number), skew \(machine.skew / 3_600_000) h")
    }

    /// Makes machine `number`'s data file record its journal's inode, as a clone of the disk it was
    /// copied from would: the copy cannot tell itself from the original by it.
    private func keepJournalInode(of number: Int) throws {
        let path = root.file("m\(number)/emotions.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: path + ".journal")
        guard let inode = attributes[.systemFileNumber] as? NSNumber, let text = try? String(contentsOfFile: path, encoding: .utf8),
            let recorded = text.range(of: #""journal":\{"inode":[0-9]+\}"#, options: .regularExpression)
        else { return }
        try text.replacingCharacters(in: recorded, with: #""journal":{"inode":\#(inode.uint64Value)}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Fails the run if any machine shows a count below zero.
    func checkNoCountBelowZero() {
        for machine in machines {
            guard let tally = try? machine.store.read() else {
                problems.append("step \(schedule.count): machine \(machine.number) cannot be read")
                continue
            }
            for emotion in Emotion.allCases where tally[emotion] < 0 {
                problems.append("step \(schedule.count): machine \(machine.number) shows \(emotion.name) \(tally[emotion])")
            }
        }
    }
}
