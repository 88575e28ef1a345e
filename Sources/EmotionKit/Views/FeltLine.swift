/// What views need of one journal line, read where it lies: the command, emotion and change, when
/// it was placed and on which local day, and where its ids are, without building a `JournalEvent`
/// (its two ids, note and checks cost ten times as much, and `calendar` reads a year of lines).
///
/// Only a line in the exact form `JournalEvent.jsonLine` writes is read here, and only when its
/// fields hold what an event's invariants allow; for any other line `init` returns `nil`, and the
/// caller reads it with the full parser, which accepts it or names what is wrong.
struct FeltLine {
    /// The command that made it.
    var command: JournalCommand
    /// Whose count changed.
    var emotion: Emotion
    /// The count before it.
    var old: Int
    /// `new - old`.
    var delta: Int
    /// Its placement, milliseconds since 1970.
    var at: Int64
    /// Its local day at its own offset, as days since 1970-01-01.
    var day: Int64
    /// Where it stands in the journal: anything that grows with the sequence, such as the line's
    /// offset; of two changes placed at the same time, the later recorded has the larger.
    var order: Int64
    /// The latest recording time up to it (`JournalEvent.latestRecording`).
    var latestRecording: Int64
    /// Its own recording time (`JournalEvent.recordedAt`), in milliseconds.
    var recording: Int64
    /// Where the block of imported lines it ends starts (`JournalEvent.block`).
    var block: Int64?
    /// Where its group's 26 characters start in the line.
    var groupStart: Int
    /// Where the 26 characters of the command it reverts start, for undo and redo.
    var revertsStart: Int?
    /// Where its tags are in the line: from the first tag's opening quote to the last one's closing
    /// quote (`"friends","gym"`); empty for a line without tags.
    var tags: Range<Int>

    /// The fields of an event read by the full parser, at `order` in the journal.
    init(_ event: JournalEvent, order: Int64) {
        command = event.command
        emotion = event.emotion
        old = event.old
        delta = event.delta
        at = event.at.millisecondsSinceEpoch
        day = event.at.localDate.daysSinceEpoch
        self.order = order
        latestRecording = event.latestRecording
        recording = event.recordedAt.millisecondsSinceEpoch
        block = event.block
        groupStart = 0
        revertsStart = nil
        tags = 0..<0
    }

    /// Reads `line`, the bytes of one journal line without its `\n`; `nil` if the fields views need
    /// are not in the exact form.
    ///
    /// `jsonLine` puts the id, the time and the command at fixed places, then the emotion and the
    /// counts, then the note, sequence and group, then what only some events have, last of all: so
    /// the head is read forwards up to the group, the tail backwards from the closing brace, and the
    /// two must meet. Every byte is checked as the full parser would (ids, note, numbers), so a line
    /// `log` refuses is never counted here.
    init?(_ line: UnsafeBufferPointer<UInt8>, order: Int64, day: inout JournalLineCursor.DateMemo) {
        var cursor = JournalLineCursor(bytes: line)
        guard let head = cursor.head(sameDateAs: &day), let tail = cursor.tail(after: head) else { return nil }
        var latestRecording = tail.recorded ?? head.at.milliseconds
        if let latest = tail.latest {
            guard latest > latestRecording else { return nil }
            latestRecording = latest
        }
        self.command = head.command
        self.emotion = head.emotion
        self.old = head.old
        self.delta = head.delta
        self.at = head.at.milliseconds
        self.day = head.at.day
        self.order = order
        self.latestRecording = latestRecording
        self.recording = tail.recorded ?? head.at.milliseconds
        self.block = tail.block
        self.groupStart = tail.groupStart
        self.revertsStart = tail.revertsStart
        self.tags = head.tags
    }

    /// The last date read and its day (`JournalLineCursor.DateMemo`), kept from line to line.
    typealias DateMemo = JournalLineCursor.DateMemo

    /// The fields `jsonLine` writes first, read forwards up to and with the sequence.
    fileprivate struct Head {
        var command: JournalCommand
        var emotion: Emotion
        var old: Int
        var delta: Int
        var at: JournalLineCursor.Time
        /// Where the tags are: see `FeltLine.tags`.
        var tags: Range<Int>
        /// Where the sequence's digits end.
        var end: Int
    }

    /// The fields `jsonLine` writes last, read backwards from the closing brace.
    fileprivate struct Tail {
        var block: Int64?
        var latest: Int64?
        var recorded: Int64?
        var revertsStart: Int?
        var groupStart = 0
    }
}

/// How `FeltLine` reads a line with the journal's cursor: the head forwards, the tail backwards.
extension JournalLineCursor {
    /// Reads `{"id":"<26>","at":"<29>","command":"…","emotion":"…","old":N,"new":N,["note":"…",]"seq":N`.
    @inline(__always)
    fileprivate mutating func head(sameDateAs day: inout DateMemo) -> FeltLine.Head? {
        guard bytes.count > 120, bytes.count <= JournalEvent.lineLimit, skip("{\"id\":\""), skipID(),
            skip("\",\"at\":\""), let at = time(sameDateAs: &day), skip("\",\"command\":\""),
            let command = command(), skip("\",\"emotion\":\""), let emotion = emotion(),
            skip("\",\"old\":"), let old = wholeNumber(), skip(",\"new\":"), let new = wholeNumber(),
            old != new, command != .reset || new == 0, command != .tap || new - old == 1, skip(",\"")
        else { return nil }
        if skip("note\":\"") {
            guard skipNote(), skip(",\"") else { return nil }
        }
        var tags = 0..<0
        if skip("tags\":[") {
            let start = index
            guard skipTags(), skip(",\"") else { return nil }
            tags = start..<(index - 3)
        }
        guard skip("seq\":"), let sequence = wholeNumber(), sequence >= 1 else { return nil }
        // Both counts are 0 or more: no overflow.
        return FeltLine.Head(command: command, emotion: emotion, old: old, delta: new - old, at: at, tags: tags, end: index)
    }

    /// Reads backwards from the closing brace `[,"block":N]`, then `[,"latest":"<29>"]`,
    /// `[,"recorded":"<29>"]`, `[,"reverts":"<26>"]`, and the group, which must meet `head`.
    @inline(__always)
    fileprivate mutating func tail(after head: FeltLine.Head) -> FeltLine.Tail? {
        var end = bytes.count - 1
        guard bytes[end] == UInt8(ascii: "}") else { return nil }
        var tail = FeltLine.Tail()
        if let keyStart = blockKeyStart(before: end, after: head.end) {
            index = keyStart + 9
            guard let offset = wholeNumber(), index == end else { return nil }
            tail.block = Int64(offset)
            end = keyStart
        }
        if ends(at: end, with: ",\"latest\":\"", valueLength: 29) {
            guard let time = milliseconds(endingAt: end) else { return nil }
            tail.latest = time
            end -= 41
        }
        if ends(at: end, with: ",\"recorded\":\"", valueLength: 29) {
            guard let time = milliseconds(endingAt: end), time > head.at.milliseconds,
                head.command == .tap || head.command == .add
            else { return nil }
            tail.recorded = time
            end -= 43
        }
        if ends(at: end, with: ",\"reverts\":\"", valueLength: 26) {
            tail.revertsStart = end - 27
            end -= 39
        }
        guard (tail.revertsStart != nil) == head.command.isReverting,
            let groupStart = groupStart(before: end, after: head.end)
        else { return nil }
        tail.groupStart = groupStart
        return tail
    }

    /// Reads backwards from `end` `[,"events":N]` and `,"group":"<26>"`, which must start at
    /// `head`; where the group's 26 characters start.
    @inline(__always)
    private mutating func groupStart(before end: Int, after head: Int) -> Int? {
        var end = end
        var isFirstOfSeveral = false
        if (48...57).contains(bytes[end - 1]) {
            var digits = end - 1
            while digits > head, (48...57).contains(bytes[digits - 1]) { digits -= 1 }
            index = digits
            guard let events = wholeNumber(), index == end, events >= 2 else { return nil }
            index = digits - 10
            guard digits - 10 > head, skip(",\"events\":") else { return nil }
            end = digits - 10
            isFirstOfSeveral = true
        }
        guard end - 37 == head, ends(at: end, with: ",\"group\":\"", valueLength: 26) else { return nil }
        // Most commands are one event, whose group is its id, already checked: compared, not read again.
        let groupIsID = sameID(at: 7, as: end - 27)
        if !groupIsID {
            index = end - 27
            guard skipID() else { return nil }
        }
        // The first event of several is its command's group: its id and group are the same.
        if isFirstOfSeveral, !groupIsID { return nil }
        return end - 27
    }
}
