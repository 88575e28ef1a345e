import EmotionKit

/// A half-open range of placement times, `[since, until)`, as `stats` counts over it and states it.
struct TimeRange: Equatable, Sendable {
    /// Its start, included; `nil` for the start of the history.
    var since: Instant?
    /// Its end, not included.
    var until: Instant

    /// `From 2026-11-16 00:00 to 2026-11-23 21:04`: the range at `zone`'s local time, to the
    /// minute; `to now (…)` when it ends at `now`.
    func header(now: Instant, zone: TimeZoneRules) -> String {
        let start = since.map { "From " + TimeRange.minuteText($0, zone: zone) } ?? "From the start of the history"
        let end = until == now ? "to now (\(TimeRange.minuteText(until, zone: zone)))" : "to " + TimeRange.minuteText(until, zone: zone)
        return start + " " + end
    }

    /// `{"since": …, "until": …}`'s members: RFC 3339 at `zone`'s offset, to the second; `since` is
    /// `null` for the start of the history.
    func jsonMembers(zone: TimeZoneRules) -> [(key: String, value: JSONValue)] {
        [
            ("since", since.map { .string(TimeRange.secondText($0, zone: zone)) } ?? .null),
            ("until", .string(TimeRange.secondText(until, zone: zone))),
        ]
    }

    /// `2026-11-23 21:04`.
    static func minuteText(_ instant: Instant, zone: TimeZoneRules) -> String {
        let text = instant.rfc3339(in: zone)
        guard text.count == 29 else { return text }
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// `2026-11-23T21:04:05+09:00`: RFC 3339 without the milliseconds.
    static func secondText(_ instant: Instant, zone: TimeZoneRules) -> String {
        let text = instant.rfc3339(in: zone)
        guard text.count == 29 else { return text }
        return String(text.prefix(19)) + String(text.suffix(6))
    }
}
