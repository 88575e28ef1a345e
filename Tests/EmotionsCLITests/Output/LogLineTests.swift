import EmotionKit
@testable import EmotionsCLI
import Testing

/// `log --json`'s lines, which `export` writes and `import` reads back.
@Suite struct LogLineTests {
    private let first = EventID(value: 0x0123_4567_89AB_CDEF_0123_4567_89AB_CDEF)
    private let second = EventID(value: 0x0123_4567_89AB_CDEF_0123_4567_89AB_CDF0)

    /// The line as the JSON writer lays out the same members: what the appended form must equal.
    private func reference(_ event: JournalEvent) -> String {
        var members: [(String, JSONValue)] = [
            ("id", .string(event.id.description)), ("at", .string(event.at.rfc3339)),
            ("command", .string(event.command.name)), ("emotion", .string(event.emotion.name)),
            ("old", .integer(event.old)), ("new", .integer(event.new)),
        ]
        if let note = event.note { members.append(("note", .string(note))) }
        if event.group != event.id { members.append(("group", .string(event.group.description))) }
        if let events = event.eventsInCommand { members.append(("events", .integer(events))) }
        if let reverts = event.reverts { members.append(("reverts", .string(reverts.description))) }
        if let recorded = event.recorded { members.append(("recorded", .string(recorded.rfc3339))) }
        return ControlCharacters.escaped(inJSON: JSONValue.object(members).serialized(pretty: false))
    }

    @Test func aLineIsTheJSONWritersObjectWithGroupOnLaterEventsAndEventsOnTheFirst() throws {
        let at = try Timestamp(rfc3339: "2026-11-23T21:04:05.123+09:00")
        let recorded = try Timestamp(rfc3339: "2026-11-24T08:00:00.000-05:00")
        let note = "say \"hi\" \\ ça va \u{202E}ok\u{2066} 😄"
        let events = [
            try JournalEvent(
                sequence: 1, id: first, at: at, recorded: recorded, command: .tap, emotion: .happy, old: 0, new: 1, note: note,
                group: first, eventsInCommand: 2),
            try JournalEvent(
                sequence: 2, id: second, at: at, recorded: recorded, command: .tap, emotion: .sad, old: 9, new: 10, note: note,
                group: first),
            try JournalEvent(sequence: 3, id: second, at: at, command: .undo, emotion: .sad, old: 10, new: 9, group: second, reverts: first),
        ]
        for event in events {
            expect(LogLine.json(for: event), equals: reference(event))
        }
        expect(LogLine.json(for: events[2]), equals: #"{"id": "\#(second)", "at": "2026-11-23T21:04:05.123+09:00", "command": "undo", "emotion": "sad", "old": 10, "new": 9, "reverts": "\#(first)"}"#)
        #expect(LogLine.json(for: events[0]).contains(#""note": "say \"hi\" \\ ça va \u202Eok\u2066 😄", "events": 2, "recorded""#))
        #expect(LogLine.json(for: events[1]).contains(#", "group": "\#(first)", "recorded""#))
    }
}
