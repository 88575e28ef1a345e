import Foundation

/// The journal beside a data file (`emotions.json.journal`), read with `JSONSerialization`: its
/// header's counts from before history, its events, and what is wrong with it.
///
/// A sound journal is a header line and then whole event lines, numbered 1, 2, 3… with no gap,
/// their ids unique, each event starting its emotion where the one before left it: then the counts
/// are the header's plus the fold of the events, which is what the data file must hold.
struct JournalText {
    /// One event line, as far as the tests need it.
    struct Event {
        let sequence: Int
        let id: String
        let group: String
        let command: String
        let emotion: String
        let old: Int
        let new: Int
    }

    /// The counts before the first event, from the header.
    let before: Counts
    /// The events, in the order of their lines.
    let events: [Event]
    /// The journal's size in bytes.
    let size: Int
    /// What is wrong: a torn or unreadable line, a gap in the sequence, an id used twice, an event
    /// that does not start where the one before left its emotion.
    let problems: [String]

    /// The header's counts plus every event.
    var counts: Counts {
        var counts = before
        for event in events {
            counts[event.emotion] = event.new
        }
        return counts
    }

    /// Reads the journal `bytes`; `nil` if there is no header line.
    init?(_ bytes: Data) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let first = lines.first,
            let header = (try? JSONSerialization.jsonObject(with: Data(first))) as? [String: Any],
            header["history"] as? Int == 1, let beforeObject = header["before"] as? [String: Any]
        else { return nil }
        var before = Counts()
        for name in Counts.names {
            before[name] = beforeObject[name] as? Int ?? 0
        }
        var problems: [String] = []
        if bytes.last != 0x0A { problems.append("the last line is torn: \(String(decoding: lines.last ?? Data(), as: UTF8.self))") }
        var events: [Event] = []
        var counts = before
        var ids = Set<String>()
        for (index, line) in lines.dropFirst().dropLast().enumerated() {
            let number = index + 2
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                let sequence = object["seq"] as? Int, let id = object["id"] as? String,
                let group = object["group"] as? String, let command = object["command"] as? String,
                let emotion = object["emotion"] as? String, Counts.names.contains(emotion),
                let old = object["old"] as? Int, let new = object["new"] as? Int
            else {
                problems.append("line \(number) is no event: \(String(decoding: line, as: UTF8.self))")
                continue
            }
            let event = Event(sequence: sequence, id: id, group: group, command: command, emotion: emotion, old: old, new: new)
            if sequence != events.count + 1 { problems.append("line \(number) has seq \(sequence), not \(events.count + 1)") }
            if !ids.insert(id).inserted { problems.append("line \(number) repeats the id \(id)") }
            if old != counts[emotion] {
                problems.append("line \(number) starts \(emotion) at \(old), but the events before left it at \(counts[emotion])")
            }
            counts[emotion] = new
            events.append(event)
        }
        self.before = before
        self.events = events
        self.size = bytes.count
        self.problems = problems
    }

    /// The journal beside the default data file in `sandbox`, or `nil` if there is none or it has no header.
    init?(in sandbox: Sandbox) {
        guard let bytes = sandbox.bytes(of: sandbox.defaultDataFile.appendingPathExtension("journal")) else { return nil }
        self.init(bytes)
    }

    /// The `"journal"` position a data file at the end of this journal records: `seq` and `bytes`.
    var end: (sequence: Int, bytes: Int) {
        (events.count, size)
    }

    /// The position the data file's text records, if it records one.
    static func position(inDataFile text: String?) -> (sequence: Int, bytes: Int)? {
        guard let journal = DataFile.object(text)?["journal"] as? [String: Any],
            let sequence = journal["seq"] as? Int, let bytes = journal["bytes"] as? Int
        else { return nil }
        return (sequence, bytes)
    }
}
