/// Reads the parts of a POSIX `TZ` rule (`PosixTimeZoneRule`) from its bytes, front to back, in
/// the forms glibc reads and no others: each part answers `nil` (or `false`) where glibc would
/// read something else or differently, such as an offset past 24 hours, which it clamps.
struct PosixRuleReader {
    /// The rule's bytes.
    private let bytes: [UInt8]
    /// Where the next part starts.
    private var position = 0

    /// A reader at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var atEnd: Bool { position == bytes.count }

    /// The standard time's name and offset, in seconds east of UTC: `EST5` is -18,000.
    mutating func standardTime() -> Int? {
        guard name(), let offset = offset() else { return nil }
        return offset
    }

    /// Reads a zone's name: three or more letters, or three or more letters, digits, `+` and `-`
    /// between `<` and `>`.
    mutating func name() -> Bool {
        let end = bytes[position...].firstIndex { !isLetter($0) } ?? bytes.count
        if end - position >= 3 {
            position = end
            return true
        }
        guard skip("<") else { return false }
        let start = position
        while position < bytes.count, isLetter(bytes[position]) || isDigit(bytes[position])
            || bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
        {
            position += 1
        }
        return position - start >= 3 && skip(">")
    }

    /// An offset west of UTC as written (`5`, `-3:30`, `+05:30:15`, hours up to 24), in seconds
    /// east, or `nil` if none is written here (the position is then unchanged).
    mutating func offset() -> Int? {
        let start = position
        let west = !skip("-")
        if west { _ = skip("+") }
        guard let seconds = time(largestHour: 24) else {
            position = start
            return nil
        }
        return west ? -seconds : seconds
    }

    /// A change: `Jn`, `n` or `Mm.w.d`, then `/time` (-167 to 167 hours; 2:00 if unsaid).
    mutating func change() -> PosixTimeZoneRule.Change? {
        guard let day = day() else { return nil }
        guard skip("/") else { return PosixTimeZoneRule.Change(day: day, secondsIntoDay: 7200) }
        let negative = skip("-")
        guard let seconds = time(largestHour: 167) else { return nil }
        return PosixTimeZoneRule.Change(day: day, secondsIntoDay: negative ? -seconds : seconds)
    }

    /// The day of a change.
    private mutating func day() -> PosixTimeZoneRule.Day? {
        if skip("J") {
            guard let day = number(digits: 3), (1...365).contains(day) else { return nil }
            return .julian(day)
        }
        if skip("M") {
            guard let month = number(digits: 2), (1...12).contains(month), skip("."),
                let week = number(digits: 1), (1...5).contains(week), skip("."),
                let weekday = number(digits: 1), (0...6).contains(weekday)
            else { return nil }
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        guard let day = number(digits: 3), (0...365).contains(day) else { return nil }
        return .ordinal(day)
    }

    /// `hh[:mm[:ss]]`, hours up to `largestHour`, minutes and seconds up to 59, in seconds.
    private mutating func time(largestHour: Int) -> Int? {
        guard let hours = number(digits: 3), hours <= largestHour else { return nil }
        var seconds = hours * 3600
        for scale in [60, 1] {
            guard skip(":") else { break }
            guard let part = number(digits: 2), part <= 59 else { return nil }
            seconds += part * scale
        }
        return seconds
    }

    /// A number of 1 to `digits` decimal digits, or `nil` if there is none or it has more.
    private mutating func number(digits: Int) -> Int? {
        let start = position
        var value = 0
        while position < bytes.count, isDigit(bytes[position]) {
            guard position - start < digits else { return nil }
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        return position > start ? value : nil
    }

    /// Moves past `character` if it is next, and says whether it was.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
