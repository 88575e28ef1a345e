extension Instant {
    /// `2026-11-23T21:04:05.123+09:00`: the instant as RFC 3339 writes it, with milliseconds and
    /// the offset `zone` has in force then (`+00:00` for none, which says the offset is known to be
    /// zero, as in London in winter), as `log --json` and the journal write it: always 29 characters.
    package func rfc3339(in zone: TimeZoneRules) -> String {
        rfc3339(offsetSeconds: zone.offset(at: self))
    }

    /// The instant as RFC 3339 writes it, `offsetSeconds` east of UTC; in UTC if that is not whole
    /// minutes, which RFC 3339 cannot write (the instant is right, only the wall clock differs).
    public func rfc3339(offsetSeconds: Int) -> String {
        let offset = offsetSeconds % 60 == 0 ? offsetSeconds : 0
        guard let local = LocalDateTime(self, offsetSeconds: offset) else {
            return "\(millisecondsSinceEpoch) ms since 1970-01-01T00:00:00Z"
        }
        let time = padded(local.hour, 2) + ":" + padded(local.minute, 2) + ":" + padded(local.second, 2)
            + "." + padded(local.millisecond, 3)
        return local.date.description + "T" + time + Self.offsetText(offset)
    }

    /// `+00:00`, `+09:00`, `-03:30`.
    package static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + padded(minutes / 60, 2) + ":" + padded(minutes % 60, 2)
    }
}
