@testable import EmotionKit
import Foundation

extension SyncSimulation {
    /// One command on a random machine, `roll` (0..<62) choosing which: tap, add ±k, reset, undo,
    /// redo, undo by id, a backdated change, a note, an import of another machine's export, or a sync.
    func command(_ roll: Int) throws {
        let machine = generator.pick(machines)
        let emotion = generator.pick(Emotion.allCases)
        let store = machine.store
        let label = "machine \(machine.number): "
        switch roll {
        case 0..<14:
            let other = generator.pick(Emotion.allCases)
            let actions: [Action] = generator.chance(0.3) && other != emotion ? [.tap(emotion), .tap(other)] : [.tap(emotion)]
            try attempt(label + "tap " + actions.map { "\($0)".replacingOccurrences(of: "tap(", with: "").dropLast() }.joined(separator: " "), machine) { try store.apply(actions, note: nil) }
        case 14..<23:
            let amount = Int.random(in: 1...4, using: &generator) * (generator.chance(0.5) ? 1 : -1)
            try attempt(label + "add \(emotion.name) \(amount)", machine) { try store.apply([.add(amount, to: emotion)], note: nil) }
        case 23..<28:
            let actions = generator.chance(0.2) ? Action.resetAll : [.reset(emotion)]
            try attempt(label + "reset \(actions.count == 1 ? emotion.name : "--all")", machine) { try store.apply(actions, note: nil) }
        case 28..<35:
            try attempt(label + "undo", machine) { try store.undo().events }
        case 35..<39:
            try attempt(label + "redo", machine) { try store.redo().events }
        case 39..<44:
            try undoByID(on: machine, label)
        case 44..<49:
            let back = Int64.random(in: 1...72, using: &generator) * 3_600_000
            let at = Instant(millisecondsSinceEpoch: clock.instant.millisecondsSinceEpoch + machine.skew - back)
            let action: Action = generator.chance(0.5) ? .tap(emotion) : .add(Int.random(in: -2...3, using: &generator), to: emotion)
            try attempt(label + "\(action)".replacingOccurrences(of: "to: ", with: "") + " --at -\(back / 3_600_000)h", machine) { try store.apply([action], note: nil, placedAt: at) }
        case 49..<52:
            try attempt(label + "tap \(emotion.name) --note", machine) { try store.apply([.tap(emotion)], note: "note \(schedule.count)") }
        case 52..<55 where withImports:
            try importExport(on: machine, label)
        default:
            schedule.append(label + "sync")
            try store.sync(.now)
        }
    }

    /// Runs `body`, noting the step; a refusal (a count below zero, nothing to undo, …) is counted, any
    /// other error is a problem; the ids of the events it returns are acknowledged.
    func attempt(_ step: String, _ machine: SimulatedMachine, _ body: () throws -> [JournalEvent]) throws {
        schedule.append(step)
        do {
            let events = try body()
            for event in events { acknowledged[event.id] = machine.number }
            if !events.isEmpty { schedule[schedule.count - 1] += " → " + events.map { String($0.id.description.suffix(6)) }.joined(separator: ",") }
        } catch is TallyError {
            refusals += 1
        } catch is HistoryError {
            refusals += 1
        } catch is ImportError {
            refusals += 1
        }
    }

    /// `undo ID` of a random command the machine holds, by its full id or its short one.
    private func undoByID(on machine: SimulatedMachine, _ label: String) throws {
        let events = try machine.store.events()
        guard !events.isEmpty else { return schedule.append(label + "undo ID (nothing held)") }
        let event = generator.pick(events)
        let text = generator.chance(0.3) ? String(event.id.description.prefix(10)) : event.id.description
        guard let prefix = EventIDPrefix(parsing: text) else { return problems.append("the id \(text) does not read") }
        try attempt(label + "undo \(text) (\(event.command.name) \(event.emotion.name))", machine) { try machine.store.undo(prefix).events }
    }

    /// An import of another machine's export, as `export` writes it now: each change with where it was
    /// made (`history`, `hseq`, `after`), taken in as a union by id with sync's meaning; one import in
    /// five is of an export as the previous release wrote it (no addresses: the old merge rules).
    private func importExport(on machine: SimulatedMachine, _ label: String) throws {
        let source = generator.pick(machines)
        guard source.number != machine.number else { return schedule.append(label + "import (of itself: skipped)") }
        let addresses = try source.store.eventAddresses()
        let previous = generator.chance(0.2)
        let lines = try source.store.events().map { SyncSimulation.exportLine($0, address: previous ? nil : addresses[$0.id]) }
        let batch: ImportBatch
        do {
            batch = try ImportBatch(parsing: Array(lines.joined(separator: "\n").utf8))
        } catch {
            return problems.append("machine \(source.number)'s export does not read back: \(error)")
        }
        try attempt(label + "import the \(previous ? "previous release's " : "")export of machine \(source.number) (\(lines.count) changes)", machine) {
            try machine.store.importChanges(batch).events
        }
    }

    /// `event` as `export` writes it (`LogLine.json(for:address:)` in the command line target): the
    /// keys of `log --json`, then `history`, `hseq` and, where there is any, `after`.
    static func exportLine(_ event: JournalEvent, address: EventAddress?) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(event.id.description)), ("at", .string(event.at.rfc3339)), ("command", .string(event.command.name)),
            ("emotion", .string(event.emotion.name)), ("old", .number(String(event.old))), ("new", .number(String(event.new))),
        ]
        if let note = event.note { members.append(("note", .string(note))) }
        if event.group != event.id { members.append(("group", .string(event.group.description))) }
        if let events = event.eventsInCommand { members.append(("events", .number(String(events)))) }
        if let reverts = event.reverts { members.append(("reverts", .string(reverts.description))) }
        if let recorded = event.recorded { members.append(("recorded", .string(recorded.rfc3339))) }
        if let address {
            members.append(("history", .string(address.history)))
            members.append(("hseq", .number(String(address.sequence))))
            if !address.after.isEmpty {
                members.append(("after", .object(address.after.map { (key: $0.history, value: .number(String($0.sequence))) })))
            }
        }
        return JSONValue.object(members).serialized(pretty: false)
    }
}
