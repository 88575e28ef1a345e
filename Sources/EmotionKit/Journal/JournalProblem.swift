/// What is wrong with the journal beside the data file, in words that say what to do.
public enum JournalProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A folder, FIFO, device or socket where the journal should be.
    case notARegularFile(FileKind)
    /// Its first line is not a header this version reads.
    case badHeader
    /// A line that is not an event, with its number (the header is line 1) and why.
    case badLine(number: Int, reason: String)
    /// A line whose sequence number does not follow the one before.
    case sequenceGap(line: Int, expected: UInt64, found: UInt64)
    /// The journal is shorter than the data file says its counts are into it.
    case shorterThanRecorded(size: Int64, recorded: Int64)
    /// The data file says its counts end inside a line.
    case positionInsideLine(Int64)
    /// A command's lines are not all together: a command began before the last one ended, or a
    /// line of one comes without its first.
    case commandCutShort(line: Int)
    /// Its sequence numbers would pass the largest a journal holds, which no journal reaches by use.
    case sequenceAtLimit
    /// A line in sequence whose number is past the largest a journal holds.
    case sequencePastLimit(line: Int, found: UInt64)
    /// More bytes than one command writes follow the last sound line: damage, not a torn write.
    case damagedTail(bytes: Int64)

    /// What is wrong, naming the line where there is one.
    public var description: String {
        switch self {
        case let .notARegularFile(kind):
            kind == .folder ? "it is a folder, not a file" : "it is not a regular file (a FIFO, socket or device)"
        case .badHeader:
            "its first line is not the header emotions writes ({\"history\":1,…})"
        case let .badLine(number, reason):
            number > 0 ? "line \(number) is not a change: \(reason)" : "a line is not a change: \(reason)"
        case let .sequenceGap(line, expected, found):
            "\(JournalProblem.name(ofLine: line)) has \"seq\" \(found) where \(expected) should follow"
        case let .shorterThanRecorded(size, recorded):
            "it has \(size) bytes, but the data file records \(recorded) (it was cut short or replaced)"
        case let .positionInsideLine(offset):
            "the data file records a position (\(offset) bytes) that is not the end of a line"
        case let .commandCutShort(line):
            "line \(line) breaks into a command whose lines should follow each other"
        case .sequenceAtLimit:
            "its \"seq\" numbers would pass \(JournalPosition.sequenceLimit - 1), the largest a journal holds, which no history reaches by use"
        case let .sequencePastLimit(line, found):
            "\(JournalProblem.name(ofLine: line)) has \"seq\" \(found), past \(JournalPosition.sequenceLimit - 1), the largest a journal holds"
        case let .damagedTail(bytes):
            "its last \(bytes) bytes are not changes, far more than a write cut short by a crash leaves"
        }
    }

    /// "line 12", or "a line" for 0, a number past what a sound journal's lines reach.
    private static func name(ofLine line: Int) -> String {
        line > 0 ? "line \(line)" : "a line"
    }
}
