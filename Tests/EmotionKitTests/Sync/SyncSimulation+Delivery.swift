@testable import EmotionKit
import Foundation

extension SyncSimulation {
    /// The files of ours in a folder copy, by name (temporary files left out).
    func files(in folder: String) -> [String: [UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: [UInt8]] = [:]
        for name in names where name.hasSuffix(".jsonl") && !name.hasPrefix(".") {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) { files[name] = Array(data) }
        }
        return files
    }

    /// Puts `bytes` in `folder` as `name`, by a rename as sync tools do; notes the version.
    func place(_ bytes: [UInt8], as name: String, in folder: String) throws {
        let temporary = folder + "/.syncthing." + name + ".tmp"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.moveItem(atPath: temporary, toPath: folder + "/" + name + ".moving")
        _ = rename(folder + "/" + name + ".moving", folder + "/" + name)
        remember(bytes, as: name)
    }

    /// Notes a version of a file, for a stale delivery later.
    func remember(_ bytes: [UInt8], as name: String) {
        if versions[name]?.last != bytes { versions[name, default: []].append(bytes) }
    }

    /// One delivery of a random file from one machine's folder copy to another's: whole, cut
    /// mid-line, as a conflict copy, or a stale version of it (to any folder, its writer's too).
    func deliver() throws {
        let from = generator.pick(machines)
        let to = generator.pick(machines.filter { $0.number != from.number })
        let available = files(in: from.folder)
        for (name, bytes) in available { remember(bytes, as: name) }
        guard let name = available.keys.sorted().randomElement(using: &generator), let bytes = available[name] else {
            return schedule.append("deliver: f\(from.number) holds nothing")
        }
        let kind = Int.random(in: 0..<100, using: &generator)
        let step = "deliver \(name.prefix(8))…\(name.dropFirst(26)) f\(from.number) → f\(to.number)"
        switch kind {
        case 0..<55:
            schedule.append(step + " whole (\(bytes.count) bytes)")
            try place(bytes, as: name, in: to.folder)
        case 55..<72:
            let cut = bytes.count > 1 ? Int.random(in: 1..<bytes.count, using: &generator) : 0
            schedule.append(step + " cut at \(cut) of \(bytes.count)")
            try place(Array(bytes.prefix(cut)), as: name, in: to.folder)
        case 72..<84:
            let copy = String(name.prefix(26)) + ".sync-conflict-20261126-1010\(Int.random(in: 10...59, using: &generator))-ABCDEFG.jsonl"
            schedule.append(step + " as a conflict copy \(copy.dropFirst(26))")
            try place(bytes, as: copy, in: to.folder)
        default:
            let older = versions[name] ?? []
            guard older.count > 1 else { return schedule.append(step + ": no stale version") }
            let stale = older[Int.random(in: 0..<(older.count - 1), using: &generator)]
            let target = generator.chance(0.5) ? from : to
            schedule.append("deliver \(name.prefix(8))… stale (\(stale.count) of \(bytes.count) bytes) → f\(target.number)")
            try place(stale, as: name, in: target.folder)
        }
    }

    /// Delivers every file everywhere as a sync tool that has caught up would: a file a copy lacks,
    /// or holds the start of, is copied whole; two versions of which neither starts the other are
    /// a conflict: the longer (then the greater) stays under the name everywhere, the other is kept
    /// as a conflict copy everywhere. Returns whether anything was copied.
    func deliverEverything() throws -> Bool {
        var best: [String: [UInt8]] = [:]
        var losers: [String: [[UInt8]]] = [:]
        for machine in machines {
            for (name, bytes) in files(in: machine.folder) {
                guard let held = best[name] else {
                    best[name] = bytes
                    continue
                }
                if held.starts(with: bytes) { continue }
                if bytes.starts(with: held) {
                    best[name] = bytes
                    continue
                }
                let wins = bytes.count != held.count ? bytes.count > held.count : held.lexicographicallyPrecedes(bytes)
                let (winner, loser) = wins ? (bytes, held) : (held, bytes)
                best[name] = winner
                losers[name, default: []].append(loser)
            }
        }
        var copied = false
        for machine in machines {
            let held = files(in: machine.folder)
            for (name, bytes) in best where held[name] != bytes {
                try place(bytes, as: name, in: machine.folder)
                copied = true
            }
            for (name, versions) in losers {
                for bytes in versions {
                    let copy = finalCopyName(of: name, holding: bytes)
                    guard held[copy] != bytes else { continue }
                    try place(bytes, as: copy, in: machine.folder)
                    copied = true
                }
            }
        }
        return copied
    }

    /// The name of the conflict copy the final delivery keeps `bytes`, a losing version of `name`, under.
    private func finalCopyName(of name: String, holding bytes: [UInt8]) -> String {
        if let known = finalCopies[bytes] { return known }
        let copy = String(name.prefix(26)) + ".sync-conflict-20261231-\(100_000 + finalCopies.count)-FINALXX.jsonl"
        finalCopies[bytes] = copy
        return copy
    }

    /// Syncs every machine and delivers everything until nothing more is sent, taken in or copied
    /// (at most `rounds` times); returns whether it got there.
    func settle(rounds: Int = 40) throws -> Bool {
        for round in 0..<rounds {
            var busy = false
            for machine in machines {
                guard let report = try machine.store.sync(.now) else { continue }
                if report.sent > 0 || report.takenCount > 0 || report.newIdentity != nil { busy = true }
            }
            if try deliverEverything() { busy = true }
            if !busy {
                schedule.append("settled after \(round + 1) rounds")
                return true
            }
        }
        return false
    }
}
