/// The journal's first line: when history began, and the counts from before it.
///
/// `{"history":1,"at":"2026-11-23T21:04:05.123+09:00","before":{"happy":3,"smile":0,"neutral":0,"upset":0,"sad":1}}`
///
/// A data file made before history keeps its counts: they are "before history", in the all-time
/// counts and in no time range. With the header, the journal alone gives the counts (`before` plus
/// every event), which is how a data file lost to a power cut is made again.
package struct JournalHeader: Equatable, Sendable {
    /// The journal format this program writes, and the newest it reads.
    package static let currentVersion = 1
    /// When the journal was started.
    package let at: Timestamp
    /// The counts before the first event.
    package let before: Tally

    /// A header for a journal started at `at` over the counts `before`.
    package init(at: Timestamp, before: Tally) {
        self.at = at
        self.before = before
    }

    /// The line, without its `\n`.
    package var jsonLine: String {
        var line = "{\"history\":"
        line += String(decimal: JournalHeader.currentVersion)
        line += ",\"at\":\""
        line += at.rfc3339
        line += "\",\"before\":{"
        for emotion in Emotion.allCases {
            if emotion != .happy { line += "," }
            line += "\""
            line += emotion.name
            line += "\":"
            line += String(decimal: before[emotion])
        }
        line += "}}"
        return line
    }

    /// Reads the first line (without its `\n`); `nil` if it is not a header this version reads.
    package init?(line: [UInt8]) {
        guard line.count <= JournalEvent.lineLimit, let json = try? JSONParser.parse(line), case .object = json,
            case let .number(version)? = json["history"], version == "1",
            case let .string(atText)? = json["at"], let at = try? Timestamp(rfc3339: atText),
            case .object? = json["before"]
        else { return nil }
        var tally = Tally()
        for emotion in Emotion.allCases {
            guard let value = json["before"]?[emotion.name] else { continue }
            guard case let .number(text) = value, let count = Int(text), count >= 0,
                (try? tally.set(emotion, to: count)) != nil || count == 0
            else { return nil }
        }
        self.init(at: at, before: tally)
    }
}
