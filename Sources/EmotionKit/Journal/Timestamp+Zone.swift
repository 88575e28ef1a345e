extension Timestamp {
    /// `instant` read at the offset `zone` has there: whole minutes within ±18 hours, as
    /// `TimeZoneRules` gives every offset, so the local date is the one the zone reads.
    ///
    /// - Throws: `HistoryError.timeOutOfRange` if the instant falls outside what the history keeps
    ///   (`OutsideYears`): the years 1 to 9999 in UTC and at that offset.
    package init(_ instant: Instant, in zone: TimeZoneRules) throws(HistoryError) {
        let offset = zone.offset(at: instant)
        if let outside = OutsideYears(instant, offsetSeconds: offset) {
            // Written where it is inside the years, so never as a count of milliseconds unless it is in neither.
            throw .timeOutOfRange(instant.rfc3339(offsetSeconds: outside.localOffset == nil ? offset : 0), outside)
        }
        do {
            try self.init(millisecondsSinceEpoch: instant.millisecondsSinceEpoch, offsetSeconds: Int32(offset))
        } catch {
            throw .timeOutOfRange(instant.rfc3339(offsetSeconds: 0), OutsideYears(isBefore: instant.millisecondsSinceEpoch < 0))
        }
    }
}

extension Timestamp {
    /// `2026-11-23 21:04`: the local date and time at its own offset, to the minute, as `log` and
    /// `undo` show a change.
    package var minuteText: String {
        guard let local = LocalDateTime(
            Instant(millisecondsSinceEpoch: millisecondsSinceEpoch), offsetSeconds: Int(offsetSeconds))
        else { return String(rfc3339.prefix(16)) }
        var text = local.date.description
        text += local.hour < 10 ? " 0" : " "
        text += String(local.hour)
        text += local.minute < 10 ? ":0" : ":"
        text += String(local.minute)
        return text
    }
}

extension Timestamp {
    /// The local date at its own offset: the day a change made then belongs to.
    package var localDate: LocalDate {
        let offset = Int64(offsetSeconds) * 1000
        // Within years 1 to 9999 at any offset a timestamp may have, so neither step fails.
        let days = floorDivide(millisecondsSinceEpoch + offset, 86_400_000)
        return LocalDate(daysSinceEpoch: days) ?? .epoch
    }
}
