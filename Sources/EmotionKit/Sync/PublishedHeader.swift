/// The first line of a history's file in a sync folder: the format, whose file it is, and the
/// history's readable name.
///
/// `{"emotions":2,"history":"01KAT8FW5X6N3X9R2T4K7M1P0Z","name":"laptop"}`
package struct PublishedHeader: Equatable, Sendable {
    /// The folder format this program writes, and the newest it reads.
    package static let currentFormat = 2
    /// The history the file belongs to.
    package let history: HistoryID
    /// Its readable name.
    package let name: String

    /// A header for `history`, called `name`.
    package init(history: HistoryID, name: String) {
        self.history = history
        self.name = name
    }

    /// The line, without its `\n`.
    package var line: String {
        "{\"emotions\":" + String(PublishedHeader.currentFormat) + ",\"history\":\"" + history.description + "\",\"name\":"
            + JSONValue.string(name).minimalText + "}"
    }

    /// Reads a header line (without its `\n`).
    ///
    /// - Throws: `SyncProblem` naming what is wrong: not a header, or of a newer format.
    package init(line: [UInt8]) throws(SyncProblem) {
        guard line.count <= JournalEvent.lineLimit, let json = try? JSONParser.parse(line), case .object = json,
            case let .number(format)? = json["emotions"]
        else { throw .notAHeader }
        guard format == "2" else { throw .newerFormat(format) }
        guard case let .string(text)? = json["history"], let history = HistoryID(text: text) else { throw .notAHeader }
        var name = ""
        if case let .string(found)? = json["name"] { name = String(found.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64)) }
        self.init(history: history, name: name)
    }
}

/// Why some of a file in the sync folder was not taken in: named in a warning, the rest goes on.
package enum SyncProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Its first line is not a history file's header.
    case notAHeader
    /// It was written by a newer emotions.
    case newerFormat(String)
    /// Its header names another history than its file name.
    case headerOfAnother(HistoryID)
    /// A line does not read as an event.
    case badLine(byte: Int64, reason: String)
    /// A line is an event that a line before it already has at its place, with another id: two
    /// histories wrote as one.
    case fork(sequence: UInt64)

    /// What is wrong, for a warning.
    package var description: String {
        switch self {
        case .notAHeader: "its first line is not a history's header"
        case let .newerFormat(format): "it is of format \(format), written by a newer emotions; update emotions to read it"
        case let .headerOfAnother(history): "its header names another history, \(history)"
        case let .badLine(byte, reason): "the line at byte \(byte): \(reason)"
        case let .fork(sequence): "two different changes claim place \(sequence) of its history"
        }
    }
}
