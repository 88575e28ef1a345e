/// One committed change of one emotion's count, as the journal keeps it forever: what changed, when,
/// by which command, and where it stands in the journal.
///
/// A command is one or more events with the same `group`: `tap happy smile` is two. The group is
/// the id of the command's first event, so a one-event command's group is its own id, and every
/// group names an event `log` can show; no second kind of id is made on each tap, and groups stay
/// as unique across machines as ids. An undo or redo is a command of its own, whose events name in
/// `reverts` the group of the tap, add or reset it took back or made again (never another undo's).
///
/// Invariants, checked by `init` so that no event the journal holds breaks them: the sequence is 1
/// or more; both counts are 0 or more and differ; a tap adds one and a reset ends at zero; a note
/// is 1 to `noteLimit` Unicode scalars with no control character; undo and redo name what they
/// revert, other commands do not; only a tap or add has tags, at most `Tag.perCommandLimit`, kept
/// sorted, each once; `recorded` is only on a backdated tap or add, and later than `at`;
/// `latest` is later than the recording time; `block` is 0 or more.
public struct JournalEvent: Equatable, Sendable {
    /// The event's place in the journal, from 1, with no gaps: recovery, undo and redo follow it,
    /// never a clock.
    public let sequence: UInt64
    /// The event's id, unique across machines.
    public let id: EventID
    /// The instant the change is placed at, with the UTC offset in force there where it was made:
    /// its local day, week and month are read at that offset.
    public let at: Timestamp
    /// When a backdated change (`--at`) was recorded, with the offset then; `nil` when that is `at`.
    public let recorded: Timestamp?
    /// The command that made the change.
    public let command: JournalCommand
    /// The emotion whose count changed.
    public let emotion: Emotion
    /// The count before the change.
    public let old: Int
    /// The count after the change.
    public let new: Int
    /// The latest time any event before it was recorded at, when later than this one's recording
    /// time: the clock was set back. `nil` otherwise; see `JournalPosition.latest`.
    public let latest: Timestamp?
    /// On a line `import` appended after a change recorded later than it, where its block of lines
    /// that a backward reader may pass over at once starts (a byte offset in the journal): every line
    /// from there up to this one was recorded no later than this one, and none of them undoes or
    /// redoes a command before there. `nil` otherwise; see `EventReader`.
    public let block: Int64?
    /// The note the command was given, if any.
    public let note: String?
    /// The tags its command was given (`tap happy +gym`), sorted, each once; none for most events,
    /// and only a tap or add has any.
    public let tags: [Tag]
    /// The command the event belongs to: the id of its first event.
    public let group: EventID
    /// For undo and redo, the group of the command taken back or made again.
    public let reverts: EventID?
    /// On the first event of a command of two or more, how many events it has: so that a command
    /// a crash cut short between its lines is told from a whole one, and not rolled forward in part.
    public let eventsInCommand: Int?
    /// For an event made by another history and taken in here (by `sync` or `import`), where it was
    /// made; `nil` for one this history made. Lines that have one are of the journal's version 2.
    package let origin: EventOrigin?

    /// The longest note, in Unicode scalars: a sentence or two, far more than a mood needs.
    public static let noteLimit = 1000

    /// An event; see the type's invariants.
    ///
    /// - Throws: `JournalEventError` naming the first invariant the values break.
    package init(
        sequence: UInt64, id: EventID, at: Timestamp, recorded: Timestamp? = nil, command: JournalCommand,
        emotion: Emotion, old: Int, new: Int, note: String? = nil, tags: [Tag] = [], group: EventID, reverts: EventID? = nil,
        latest: Timestamp? = nil, eventsInCommand: Int? = nil, block: Int64? = nil, origin: EventOrigin? = nil
    ) throws(JournalEventError) {
        if tags.isEmpty {
            self.tags = tags
        } else {
            guard command == .tap || command == .add else { throw .tagsUnexpected(command) }
            do {
                self.tags = try Tag.set(tags)
            } catch {
                throw .tooManyTags(tags.count)
            }
        }
        if let origin, origin.sequence == 0 { throw .zeroSequence }
        self.origin = origin
        if let block, block < 0 { throw .blockNegative(block) }
        self.block = block
        if let eventsInCommand {
            guard eventsInCommand >= 2 else { throw .eventsInCommandBelowTwo(eventsInCommand) }
            guard id == group else { throw .eventsInCommandNotFirst }
        }
        self.eventsInCommand = eventsInCommand
        guard sequence >= 1 else { throw .zeroSequence }
        guard old >= 0 else { throw .negativeCount(key: "old", old) }
        guard new >= 0 else { throw .negativeCount(key: "new", new) }
        guard old != new else { throw .noChange(count: old) }
        if command == .tap, new - old != 1 { throw .tapNotByOne(old: old, new: new) }
        if command == .reset, new != 0 { throw .resetNotToZero(new: new) }
        if let note { try JournalEvent.check(note: note) }
        if command.isReverting, reverts == nil { throw .revertsMissing(command) }
        if !command.isReverting, reverts != nil { throw .revertsUnexpected(command) }
        if let recorded {
            guard command == .tap || command == .add else { throw .recordedUnexpected(command) }
            guard recorded.millisecondsSinceEpoch > at.millisecondsSinceEpoch else { throw .recordedNotLater }
        }
        if let latest, latest.millisecondsSinceEpoch <= (recorded ?? at).millisecondsSinceEpoch {
            throw .latestNotLater
        }
        self.latest = latest
        self.sequence = sequence
        self.id = id
        self.at = at
        self.recorded = recorded
        self.command = command
        self.emotion = emotion
        self.old = old
        self.new = new
        self.note = note
        self.group = group
        self.reverts = reverts
    }

    /// How much the count changed: `new - old`, never zero. Cannot overflow: both counts are 0 or more.
    public var delta: Int { new - old }

    /// When it was recorded: `recorded`, or `at` for a change not backdated.
    public var recordedAt: Timestamp { recorded ?? at }

    /// The latest time it or any event before it was recorded at, in milliseconds: a backwards scan
    /// for events placed at or after an instant may stop at the first line where this is before it,
    /// since an event is never placed after it is recorded.
    public var latestRecording: Int64 { (latest ?? recordedAt).millisecondsSinceEpoch }

    /// The change it made, as the store reports changes.
    public var change: Change { Change(emotion: emotion, old: old, new: new) }

    /// Refuses an empty note, one longer than `noteLimit` scalars, or one holding a control
    /// character other than the line feed (C0, DEL or C1: a carriage return, a tab, an escape
    /// sequence's start). A note may run over several lines, each ended by a line feed alone;
    /// `note(withLineFeeds:)` makes the other line endings one.
    ///
    /// Other invisible characters are allowed (a zero-width joiner holds an emoji together); whatever
    /// shows a note on a terminal still escapes what `Unicode.Scalar.isTerminalControl` names, but
    /// the line feed, which it shows as a line break.
    package static func check(note: String) throws(JournalEventError) {
        var count = 0
        for scalar in note.unicodeScalars {
            count += 1
            if scalar.value < 0x20 && scalar.value != 0x0A || (0x7F...0x9F).contains(scalar.value) {
                throw .noteControlCharacter(scalar.value, position: count)
            }
        }
        guard count > 0 else { throw .emptyNote }
        guard count <= noteLimit else { throw .noteTooLong(scalars: count) }
    }

    /// `text` with each carriage return and line feed pair, and each carriage return alone, made a
    /// line feed: a note typed or pasted on any system, or imported, breaks its lines as a note is kept.
    package static func note(withLineFeeds text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var result = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n", afterReturn { continue }
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }
}
