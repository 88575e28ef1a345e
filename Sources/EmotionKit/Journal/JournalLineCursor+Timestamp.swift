extension JournalLineCursor {
    /// `2026-11-23T21:04:05.123+09:00` as `Timestamp.rfc3339` writes it: the instant, offset and local
    /// day, the day taken from `memo` when its date is the one read before. Refuses what
    /// `Timestamp(rfc3339:)` refuses; other spellings it accepts (`Z`, fewer decimals) are not read here.
    mutating func time(sameDateAs memo: inout DateMemo) -> Time? {
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
        return Time(milliseconds: local - offset * 1000, day: day, offsetSeconds: Int32(offset))
    }

    /// The timestamp whose 29 characters come next (see `time(sameDateAs:)`), as an event holds it.
    mutating func timestamp() -> Timestamp? {
        var memo = DateMemo()
        guard let time = time(sameDateAs: &memo) else { return nil }
        return try? Timestamp(millisecondsSinceEpoch: time.milliseconds, offsetSeconds: time.offsetSeconds)
    }

    /// The instant of the timestamp whose closing quote is just before `end`.
    @inline(__always)
    mutating func milliseconds(endingAt end: Int) -> Int64? {
        index = end - 30
        var ignored = DateMemo()
        return time(sameDateAs: &ignored)?.milliseconds
    }
}
