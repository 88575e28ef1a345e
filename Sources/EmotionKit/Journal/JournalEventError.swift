/// Why values cannot make a journal event: the invariant they break, in words.
package enum JournalEventError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sequence is 0; the journal counts from 1.
    case zeroSequence
    /// A count is below zero; `key` is `old` or `new`.
    case negativeCount(key: String, Int)
    /// `old` and `new` are the same: no change is recorded that changed nothing.
    case noChange(count: Int)
    /// A tap that does not add exactly one.
    case tapNotByOne(old: Int, new: Int)
    /// A reset that does not end at zero.
    case resetNotToZero(new: Int)
    /// An empty note; no note is written as none.
    case emptyNote
    /// A note holding a control character: its scalar value and 1-based position in scalars.
    case noteControlCharacter(UInt32, position: Int)
    /// A note of more than `JournalEvent.noteLimit` scalars.
    case noteTooLong(scalars: Int)
    /// An undo or redo that does not say what it reverts.
    case revertsMissing(JournalCommand)
    /// A tap, add or reset that says it reverts something.
    case revertsUnexpected(JournalCommand)
    /// A recording time on a command that cannot be backdated (only tap and add take `--at`).
    case recordedUnexpected(JournalCommand)
    /// A recording time not later than the time the change is placed at (`--at` is never in the future).
    case recordedNotLater
    /// `latest` is not later than when the event was recorded.
    case latestNotLater
    /// `block` is below zero.
    case blockNegative(Int64)
    /// `events` is below 2: a command of one event says nothing.
    case eventsInCommandBelowTwo(Int)
    /// `events` is on an event that is not its command's first.
    case eventsInCommandNotFirst
    /// Tags on a command other than tap and add.
    case tagsUnexpected(JournalCommand)
    /// More than `Tag.perCommandLimit` tags.
    case tooManyTags(Int)

    /// What is wrong, naming the part of the event.
    package var description: String {
        switch self {
        case .zeroSequence: "its \"seq\" is 0; the journal counts from 1"
        case let .negativeCount(key, count): "its \"\(key)\" is \(count), below zero"
        case let .noChange(count): "its \"old\" and \"new\" are both \(count): it changes nothing"
        case let .tapNotByOne(old, new): "it is a tap from \(old) to \(new); a tap adds exactly one"
        case let .resetNotToZero(new): "it is a reset to \(new); a reset ends at zero"
        case .emptyNote: "its \"note\" is empty; an event without a note has no \"note\""
        case let .noteControlCharacter(value, position):
            "its \"note\" holds the control character U+\(JournalEventError.hex(value)) at character \(position)"
        case let .noteTooLong(scalars):
            "its \"note\" is \(scalars) characters long; the limit is \(JournalEvent.noteLimit)"
        case let .revertsMissing(command):
            "it is \(command == .undo ? "an" : "a") \(command.name) without \"reverts\""
        case let .revertsUnexpected(command): "it is a \(command.name) with \"reverts\"; only undo and redo revert"
        case let .recordedUnexpected(command):
            "it is a \(command.name) with \"recorded\"; only a tap or add is placed in the past"
        case .recordedNotLater: "its \"recorded\" is not later than its \"at\""
        case .latestNotLater: "its \"latest\" is not later than when it was recorded"
        case let .blockNegative(block): "its \"block\" is \(block), below zero"
        case let .eventsInCommandBelowTwo(count): "its \"events\" is \(count); only a command of 2 or more says how many"
        case .eventsInCommandNotFirst: "it has \"events\" but is not its command's first event (its id is not its group)"
        case let .tagsUnexpected(command): "it is a \(command.name) with \"tags\"; only a tap or add has tags"
        case let .tooManyTags(count): "its \"tags\" are \(count); the limit is \(Tag.perCommandLimit)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
