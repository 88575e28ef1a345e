/// The one reader of a journal line's bytes in the form `JournalEvent.jsonLine` writes: its literals,
/// ids, whole numbers, timestamps, command, emotion and note, read forwards, and the steps that read
/// a line's tail backwards. `JournalEvent(journalLine:)` and published lines build events with it;
/// the views (`FeltLine`) read lines in place with it, allocating nothing; the data file in the
/// form a save writes is read with it too (`TallyDocument.canonicalContents`).
///
/// Each primitive accepts only what the strict JSON parser and the event's invariants accept too,
/// and reads only the exact form written; a line in any other form makes one return `nil` (or
/// `false`), and the caller hands the whole line to the strict parser (`JournalEvent(line:)`).
struct JournalLineCursor {
    /// The line's bytes, without its `\n`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next read starts.
    var index = 0

    /// A cursor at the start of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    /// A timestamp read from a line: its instant, its offset, and its local day at that offset.
    struct Time {
        /// Milliseconds since 1970.
        var milliseconds: Int64
        /// Days since 1970-01-01 of its local date.
        var day: Int64
        /// Seconds east of UTC.
        var offsetSeconds: Int32
    }

    /// The last date read, as its ten bytes, and its day: lines come in runs on one day, and a date
    /// seen before need not be worked out again.
    struct DateMemo {
        var date: (UInt64, UInt16) = (0, 0)
        var day: Int64?
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

    /// Steps over an id's 26 characters, followed by its closing quote, checked as `EventID(utf8:)`
    /// reads them; the id itself is made only where it matters (`id()`).
    mutating func skipID() -> Bool {
        guard bytes.count - index > 26, bytes[index + 26] == UInt8(ascii: "\""),
            EventID.isCanonical(UnsafeBufferPointer(rebasing: bytes[index..<(index + 26)]))
        else { return false }
        index += 26
        return true
    }

    /// The id whose 26 characters come next, followed by its closing quote, which is not stepped over.
    mutating func id() -> EventID? {
        guard bytes.count - index > 26, bytes[index + 26] == UInt8(ascii: "\""),
            let id = EventID(utf8: UnsafeBufferPointer(rebasing: bytes[index..<(index + 26)]))
        else { return nil }
        index += 26
        return id
    }

    /// The command's name, told by its first letters; its closing quote is not stepped over.
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

    /// The emotion's name, told by its first letters; its closing quote is not stepped over.
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

    /// A whole number of 1 to 18 digits, no sign, no leading zero but 0 itself, not followed by
    /// another digit (a longer one is left to the strict parser).
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

    /// Where `,"block":` starts if the bytes before `end` are it and then digits, after `head`.
    mutating func blockKeyStart(before end: Int, after head: Int) -> Int? {
        var digits = end
        while digits > head, (48...57).contains(bytes[digits - 1]) { digits -= 1 }
        guard digits < end, digits - 9 > head else { return nil }
        index = digits - 9
        return skip(",\"block\":") ? digits - 9 : nil
    }
}
