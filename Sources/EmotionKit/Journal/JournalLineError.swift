/// Why a line is not a journal event, naming what is wrong so that `import` can say "line 12: …".
package enum JournalLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Longer than `JournalEvent.lineLimit` bytes.
    case tooLong(bytes: Int)
    /// A raw newline inside: the caller splits lines, so this is two.
    case holdsNewline
    /// Not valid JSON.
    case invalidJSON(JSONSyntaxError)
    /// Valid JSON, but not an object.
    case notAnObject(found: String)
    /// A `version` other than 1, which this program does not read: a newer format, or not a version at all.
    case unknownVersion(found: String)
    /// A key every event has is missing.
    case missingKey(String)
    /// A key holds a value of the wrong type.
    case wrongType(key: String, expected: String, found: String)
    /// A number that is not a whole number in the range the key allows (negative counts are the event's to refuse).
    case numberOutOfRange(key: String, text: String, range: String)
    /// An id that is not 26 canonical Crockford base32 characters.
    case badID(key: String, text: String)
    /// A time that is not an RFC 3339 time the journal can hold.
    case badTime(key: String, TimestampError)
    /// A command other than tap, add, reset, undo and redo.
    case unknownCommand(String)
    /// An emotion other than the five, by their names.
    case unknownEmotion(String)
    /// A tag that is not a word a tag may be.
    case badTag(String, TagError)
    /// Values that break an event's invariants.
    case invalidEvent(JournalEventError)

    /// What is wrong, quoting anything taken from the line as JSON, shortened.
    package var description: String {
        switch self {
        case let .tooLong(bytes): "it is \(bytes) bytes long; a journal line is at most \(JournalEvent.lineLimit)"
        case .holdsNewline: "it holds a raw newline"
        // The caller names the line (of the file, or of the journal); the parser's own count is of this one line.
        case let .invalidJSON(error): "it is not valid JSON: \(error.reason) at byte \(error.column) of the line"
        case let .notAnObject(found): "it holds \(found) where a JSON object was expected"
        case let .unknownVersion(found):
            "its \"version\" is \(found); this emotions reads versions 1 (written without \"version\") "
                + "to \(JournalEvent.currentVersion), a newer one may read this line"
        case let .missingKey(key): "it has no \"\(key)\""
        case let .wrongType(key, expected, found): "its \"\(key)\" is \(found), not \(expected)"
        case let .numberOutOfRange(key, text, range):
            "its \"\(key)\" is \(JSONValue.shortened(text)), not a whole number from \(range)"
        case let .badID(key, text):
            "its \"\(key)\" is \(JournalLineError.quoted(text)), "
                + "not an id of 26 characters such as \"01KAT8FW5X6N3X9R2T4K7M1P0Z\""
        case let .badTime(key, error): "its \"\(key)\": \(error)"
        case let .unknownCommand(name):
            "its \"command\" is \(JournalLineError.quoted(name)), not one of tap, add, reset, undo, redo"
        case let .unknownEmotion(name):
            "its \"emotion\" is \(JournalLineError.quoted(name)), not one of happy, smile, neutral, upset, sad"
        case let .badTag(text, error):
            "its \"tags\" hold \(JournalLineError.quoted(text)), not a tag: \(error.reason)"
        case let .invalidEvent(error): error.description
        }
    }

    private static func quoted(_ text: String) -> String {
        JSONValue.shortened(JSONValue.string(text).minimalText)
    }
}
