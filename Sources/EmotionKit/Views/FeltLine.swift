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
    }

    /// Reads `line`, the bytes of one journal line without its `\n`; `nil` if the fields views need
    /// are not in the exact form.
    ///
    /// `jsonLine` puts the id, the time and the command at fixed places, then the emotion and the
    /// counts, then the note, sequence and group, then what only some events have, last of all: so
    /// the head is read forwards up to the group, the tail backwards from the closing brace, and the
    /// two must meet. Every byte is checked as the full parser would (ids, note, numbers), so a line
    /// `log` refuses is never counted here.
    init?(_ line: UnsafeBufferPointer<UInt8>, order: Int64, day: inout DateMemo) {
        var cursor = Cursor(bytes: line)
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
    }

    /// The fields `jsonLine` writes first, read forwards up to and with the sequence.
    fileprivate struct Head {
        var command: JournalCommand
        var emotion: Emotion
        var old: Int
        var delta: Int
        var at: (milliseconds: Int64, day: Int64)
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

    /// The last date read, as its ten bytes, and its day: lines come in runs on one day, and a date
    /// seen before need not be worked out again.
    struct DateMemo {
        var date: (UInt64, UInt16) = (0, 0)
        var day: Int64?
    }

    /// A reader of a line's bytes in `jsonLine`'s form.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// Reads `{"id":"<26>","at":"<29>","command":"…","emotion":"…","old":N,"new":N,["note":"…",]"seq":N`.
        @inline(__always)
        mutating func head(sameDateAs day: inout DateMemo) -> Head? {
            guard bytes.count > 120, bytes.count <= JournalEvent.lineLimit, skip("{\"id\":\""), skipID(),
                skip("\",\"at\":\""), let at = timestamp(sameDateAs: &day), skip("\",\"command\":\""),
                let command = command(), skip("\",\"emotion\":\""), let emotion = emotion(),
                skip("\",\"old\":"), let old = wholeNumber(), skip(",\"new\":"), let new = wholeNumber(),
                old != new, command != .reset || new == 0, command != .tap || new - old == 1, skip(",\"")
            else { return nil }
            if skip("note\":\"") {
                guard skipNote(), skip(",\"") else { return nil }
            }
            guard skip("seq\":"), let sequence = wholeNumber(), sequence >= 1 else { return nil }
            // Both counts are 0 or more: no overflow.
            return Head(command: command, emotion: emotion, old: old, delta: new - old, at: at, end: index)
        }

        /// Reads backwards from the closing brace `[,"block":N]`, then `[,"latest":"<29>"]`,
        /// `[,"recorded":"<29>"]`, `[,"reverts":"<26>"]`, and the group, which must meet `head`.
        @inline(__always)
        mutating func tail(after head: Head) -> Tail? {
            var end = bytes.count - 1
            guard bytes[end] == UInt8(ascii: "}") else { return nil }
            var tail = Tail()
            if let keyStart = blockKeyStart(before: end, after: head.end) {
                index = keyStart + 9
                guard let offset = wholeNumber(), index == end else { return nil }
                tail.block = Int64(offset)
                end = keyStart
            }
            if ends(at: end, with: ",\"latest\":\"", valueLength: 29) {
                guard let time = timestamp(endingAt: end) else { return nil }
                tail.latest = time
                end -= 41
            }
            if ends(at: end, with: ",\"recorded\":\"", valueLength: 29) {
                guard let time = timestamp(endingAt: end), time > head.at.milliseconds,
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
        mutating func groupStart(before end: Int, after head: Int) -> Int? {
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

        /// The instant of the timestamp whose closing quote is just before `end`.
        @inline(__always)
        mutating func timestamp(endingAt end: Int) -> Int64? {
            index = end - 30
            var ignored = DateMemo()
            return timestamp(sameDateAs: &ignored)?.milliseconds
        }

        /// Steps over `literal` if the bytes go on with it, comparing eight bytes at a time (the
        /// last eight overlapping the ones before), or four, or one.
        @inline(__always)
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count, let base = bytes.baseAddress else { return false }
            let here = UnsafeRawPointer(base + index)
            let expected = UnsafeRawPointer(literal.utf8Start)
            @inline(__always) func same<Word: FixedWidthInteger>(_ offset: Int, _: Word.Type) -> Bool {
                here.loadUnaligned(fromByteOffset: offset, as: Word.self) == expected.loadUnaligned(fromByteOffset: offset, as: Word.self)
            }
            let matches: Bool
            if count >= 8 {
                var offset = 0
                var equal = true
                while equal, offset + 8 < count {
                    equal = same(offset, UInt64.self)
                    offset += 8
                }
                matches = equal && same(count - 8, UInt64.self)
            } else if count >= 4 {
                matches = same(0, UInt32.self) && same(count - 4, UInt32.self)
            } else {
                var equal = true
                for offset in 0..<count where here.load(fromByteOffset: offset, as: UInt8.self) != expected.load(fromByteOffset: offset, as: UInt8.self) {
                    equal = false
                }
                matches = equal
            }
            if matches { index += count }
            return matches
        }

        /// Whether `literal`, a quoted value of `valueLength` bytes and its closing quote end just
        /// before `end`, for reading a line's tail backwards.
        @inline(__always)
        mutating func ends(at end: Int, with literal: StaticString, valueLength: Int) -> Bool {
            let start = end - 1 - valueLength - literal.utf8CodeUnitCount
            guard start >= 0, bytes[end - 1] == UInt8(ascii: "\"") else { return false }
            let saved = index
            index = start
            defer { index = saved }
            return skip(literal)
        }

        /// Whether the 26 bytes at `first` are the 26 at `second`, compared eight at a time.
        func sameID(at first: Int, as second: Int) -> Bool {
            guard let base = bytes.baseAddress, first >= 0, second >= 0, first + 26 <= bytes.count, second + 26 <= bytes.count
            else { return false }
            let one = UnsafeRawPointer(base + first)
            let other = UnsafeRawPointer(base + second)
            for offset in [0, 8, 16, 18] where one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            return true
        }

        /// Steps over an id's 26 characters and its closing quote's place, checked as `EventID(utf8:)`
        /// reads them; the id itself is made only where an undo or redo makes it matter.
        mutating func skipID() -> Bool {
            guard bytes.count - index > 26, bytes[index + 26] == UInt8(ascii: "\""),
                EventID.isCanonical(UnsafeBufferPointer(rebasing: bytes[index..<(index + 26)]))
            else { return false }
            index += 26
            return true
        }

        /// The command's name up to its closing quote, told by its first letters.
        mutating func command() -> JournalCommand? {
            guard bytes.count - index >= 3 else { return nil }
            switch (bytes[index], bytes[index + 2]) {
            case (116, _): return skip("tap") ? .tap : nil  // t
            case (97, _): return skip("add") ? .add : nil  // a
            case (117, _): return skip("undo") ? .undo : nil  // u
            case (114, 115): return skip("reset") ? .reset : nil  // r, s
            case (114, _): return skip("redo") ? .redo : nil
            default: return nil
            }
        }

        /// The emotion's name up to its closing quote, told by its first letters.
        mutating func emotion() -> Emotion? {
            guard bytes.count - index >= 2 else { return nil }
            switch (bytes[index], bytes[index + 1]) {
            case (104, _): return skip("happy") ? .happy : nil  // h
            case (115, 109): return skip("smile") ? .smile : nil  // s, m
            case (115, _): return skip("sad") ? .sad : nil
            case (110, _): return skip("neutral") ? .neutral : nil  // n
            case (117, _): return skip("upset") ? .upset : nil  // u
            default: return nil
            }
        }

        /// Steps over a note up to and with its closing quote, if it has no backslash and is one
        /// `JournalEvent.check(note:)` accepts (text that is all ASCII is checked here, byte by byte).
        mutating func skipNote() -> Bool {
            let start = index
            var isASCII = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F { return false }
                if byte >= 0x80 { isASCII = false }
                index += 1
            }
            guard index < bytes.count, index > start else { return false }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if isASCII {
                guard text.count <= JournalEvent.noteLimit else { return false }
            } else {
                guard let note = String(validating: text, as: UTF8.self), (try? JournalEvent.check(note: note)) != nil else { return false }
            }
            index += 1
            return true
        }

        /// Where `,"block":` starts if the bytes before `end` are it and then digits, after `head`.
        mutating func blockKeyStart(before end: Int, after head: Int) -> Int? {
            var digits = end
            while digits > head, (48...57).contains(bytes[digits - 1]) { digits -= 1 }
            guard digits < end, digits - 9 > head else { return nil }
            index = digits - 9
            return skip(",\"block\":") ? digits - 9 : nil
        }

        /// A whole number of 1 to 18 digits, no leading zero but 0 itself.
        mutating func wholeNumber() -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, index - start < 18, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != 48, index == bytes.count || !(48...57).contains(bytes[index])
            else { return nil }
            return value
        }

        /// `2026-11-23T21:04:05.123+09:00` as `Timestamp.rfc3339` writes it: the instant and the
        /// local day, the day taken from `memo` when its date is the one read before.
        mutating func timestamp(sameDateAs memo: inout DateMemo) -> (milliseconds: Int64, day: Int64)? {
            guard bytes.count - index >= 29, let base = bytes.baseAddress else { return nil }
            let p = base + index
            // Each digit's value, and whether any byte that should be a digit is not.
            var notDigits: UInt8 = 0
            @inline(__always) func digit(_ at: Int) -> Int64 {
                let value = p[at] &- 48
                notDigits |= value > 9 ? 1 : 0
                return Int64(value)
            }
            let hour = digit(11) * 10 + digit(12)
            let minute = digit(14) * 10 + digit(15)
            let second = digit(17) * 10 + digit(18)
            let millisecond = digit(20) * 100 + digit(21) * 10 + digit(22)
            let offsetHours = digit(24) * 10 + digit(25)
            let offsetMinutes = digit(27) * 10 + digit(28)
            let sign = p[23]
            guard notDigits == 0, p[10] == 84, p[13] == 58, p[16] == 58, p[19] == 46,
                sign == 43 || sign == 45, p[26] == 58, hour < 24, minute < 60, second < 60, offsetMinutes < 60
            else { return nil }
            let offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == 45 ? -1 : 1)
            guard abs(offset) <= Int64(Timestamp.offsetLimit), sign == 43 || offset != 0 else { return nil }
            let date = (UnsafeRawPointer(p).loadUnaligned(as: UInt64.self), UnsafeRawPointer(p + 8).loadUnaligned(as: UInt16.self))
            let day: Int64
            if let known = memo.day, memo.date == date {
                day = known
            } else {
                let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
                let month = digit(5) * 10 + digit(6)
                let dayOfMonth = digit(8) * 10 + digit(9)
                guard notDigits == 0, p[4] == 45, p[7] == 45, year >= 1, month >= 1, month <= 12, dayOfMonth >= 1,
                    dayOfMonth <= LocalDate.daysIn(month: Int(month), of: Int(year))
                else { return nil }
                // Days since 1970 (Howard Hinnant's days_from_civil, as `LocalDate.daysSinceEpoch`).
                let shiftedYear = month <= 2 ? year - 1 : year
                let era = shiftedYear / 400  // Years are 1 to 9999: never negative here.
                let yearOfEra = shiftedYear - era * 400
                let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + dayOfMonth - 1
                day = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
                memo = DateMemo(date: date, day: day)
            }
            let local = day * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond
            index += 29
            return (local - offset * 1000, day)
        }
    }
}
