@testable import EmotionKit
import Foundation

extension SyncSimulation {
    /// What one machine shows: its counts, its log (each event by id, and whether its command stands
    /// undone) and its days.
    struct View: Equatable {
        var counts: Tally
        var log: [String: Bool]
        var days: [Period: Felt]
    }

    /// What `machine` shows now; a change its log holds twice is a problem.
    func view(of machine: SimulatedMachine) throws -> View {
        var log: [String: Bool] = [:]
        var twice: [String] = []
        try machine.store.forEachEntry { entry in
            if log.updateValue(entry.isUndone, forKey: entry.event.id.description) != nil { twice.append(entry.event.id.description) }
        }
        if !twice.isEmpty { problems.append("machine \(machine.number) holds changes twice: \(twice.sorted())") }
        return View(counts: try machine.store.read(), log: log, days: try machine.store.felt(by: .day, since: nil, until: nil))
    }

    /// Checks, after everything was delivered, that every machine shows the same counts, log and
    /// days, and holds every change a command acknowledged.
    func checkConverged() throws {
        let views = try machines.map { try view(of: $0) }
        guard let first = views.first else { return }
        for (machine, view) in zip(machines, views) {
            let missing = acknowledged.keys.filter { view.log[$0.description] == nil }
            if !missing.isEmpty {
                problems.append("machine \(machine.number) lacks \(missing.count) acknowledged changes: " + missing.map { "\($0) (from machine \(acknowledged[$0] ?? -1))" }.joined(separator: ", "))
            }
            if view.counts != first.counts {
                problems.append("machine \(machine.number) counts \(describe(view.counts)), machine 0 \(describe(first.counts))")
            }
            if view.log != first.log {
                let differing = Set(view.log.keys).symmetricDifference(first.log.keys)
                let undone = view.log.keys.filter { first.log[$0] != nil && first.log[$0] != view.log[$0] }
                problems.append("machine \(machine.number)'s log differs from machine 0's: ids \(differing.sorted()), undone \(undone.sorted())")
            }
            if view.days != first.days {
                let days = Set(view.days.keys).union(first.days.keys).filter { view.days[$0] != first.days[$0] }
                let text = days.map { day in
                    "\(day.start): " + Emotion.allCases.map { "\($0.name) \(view.days[day]?.sum(of: $0) ?? 0)/\(first.days[day]?.sum(of: $0) ?? 0)" }.joined(separator: " ")
                }
                problems.append("machine \(machine.number)'s days differ from machine 0's (its sums/machine 0's): " + text.joined(separator: "; "))
                if ProcessInfo.processInfo.environment["EMOTIONS_SYNC_PROBE"] != nil {
                    try? FileManager.default.removeItem(atPath: root.file("m\(machine.number)/emotions.json.days"))
                    let again = try machine.store.felt(by: .day, since: nil, until: nil)
                    problems.append("  without its day index: \(again == first.days ? "the same" : "still different")")
                }
            }
        }
    }

    /// Counts as `happy 2, sad 0, …`.
    func describe(_ tally: Tally) -> String {
        Emotion.allCases.map { "\($0.name) \(tally[$0])" }.joined(separator: ", ")
    }
}
