/// What is wrong with a data file's contents, in words that say how to fix it.
public enum DataFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A folder, FIFO, device or socket where the data file should be.
    case notARegularFile(FileKind)
    /// Larger than a tally file can reasonably be.
    case tooLarge(limit: Int)
    /// Not valid JSON.
    case invalidJSON(JSONSyntaxError)
    /// Valid JSON, but not an object at the top.
    case notAnObject(found: String)
    /// `version` is not a whole number.
    case versionNotAnInteger(found: String)
    /// `version` is newer than this program understands; the version as written.
    case newerVersion(String)
    /// `version` is below 1.
    case unknownVersion(Int)
    /// `counts` is not an object.
    case countsNotAnObject(found: String)
    /// A count is not a JSON number at all.
    case countNotANumber(Emotion, found: String)
    /// A count is a number, but not a whole number that fits in 64 bits.
    case countNotAnInteger(Emotion, text: String)
    /// A count is below zero.
    case negativeCount(Emotion, Int)
    /// The counts add up to more than the largest count.
    case totalTooLarge
    /// `journal` is not an object of `seq`, `bytes` and `latest` as whole numbers.
    case badJournalPosition(found: String)
    /// The `"sync"` value is not one this version reads: an absolute folder, a name, identities,
    /// cursors and marks in range.
    case badSync

    /// What is wrong, naming the offending part of the file.
    public var description: String {
        switch self {
        case let .notARegularFile(kind):
            kind == .folder ? "it is a folder, not a file" : "it is not a regular file (a FIFO, socket or device)"
        case let .tooLarge(limit):
            "it is larger than \(limit / 1024) KiB, far more than a tally needs"
        case let .invalidJSON(error):
            "it is not valid JSON: \(error)"
        case let .notAnObject(found):
            "it holds \(found) where a JSON object was expected"
        case let .versionNotAnInteger(found):
            "its \"version\" is \(found), not a whole number"
        case let .newerVersion(version):
            "it has version \(JSONValue.shortened(version)), newer than this emotions understands "
                + "(\(TallyDocument.currentVersion)); upgrade emotions to use it"
        case let .unknownVersion(version):
            "it has version \(version); the first version is 1"
        case let .countsNotAnObject(found):
            "its \"counts\" is \(found), not an object"
        case let .countNotANumber(emotion, found):
            "the count of \"\(emotion.name)\" is \(found), not a whole number"
        case let .countNotAnInteger(emotion, text):
            "the count of \"\(emotion.name)\" is \(JSONValue.shortened(text)), not a whole number from 0 to \(Int.max)"
        case let .negativeCount(emotion, count):
            "the count of \"\(emotion.name)\" is \(count), below zero"
        case .totalTooLarge:
            "its counts add up to more than \(Int.max)"
        case .badSync:
            "its \"sync\" is not a sync state this emotions reads (a folder that is an absolute path, a name, "
                + "and identities, cursors and counts in range); set the folder again with 'emotions sync --folder PATH' "
                + "after removing the key, or stop syncing with 'emotions sync --stop'"
        case let .badJournalPosition(found):
            "its \"journal\" is \(found), not an object of whole numbers \"seq\", \"bytes\" and \"latest\""
        }
    }
}
