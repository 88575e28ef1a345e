/// How a time falls outside what the history keeps: the years 1 to 9999 both in UTC (where a range's
/// ends are counted and the journal writes the latest recording time) and at the time's own local
/// offset (the day `log`, `stats` and `calendar` count it on). The one rule for `--at`, `--since`,
/// `--until` and `import` alike, and the words every refusal of it uses.
public struct OutsideYears: Hashable, Sendable, CustomStringConvertible {
    /// Whether it is before the year 1, rather than after 9999.
    public let isBefore: Bool
    /// The local offset at which it is outside the years (`-04:56`); `nil` if it is in UTC.
    public let localOffset: String?

    /// Where a time is outside the years: before or after them, in UTC or at `localOffset`.
    package init(isBefore: Bool, localOffset: String? = nil) {
        self.isBefore = isBefore
        self.localOffset = localOffset
    }

    /// How `instant` falls outside the years in UTC or, read `offsetSeconds` east of UTC, at that
    /// offset; `nil` if it lies in them both ways. UTC is said first: it is the same for everyone.
    package init?(_ instant: Instant, offsetSeconds: Int?) {
        let isBefore = instant.millisecondsSinceEpoch < 0
        if LocalDateTime(instant, offsetSeconds: 0) == nil {
            self.init(isBefore: isBefore)
        } else if let offsetSeconds, LocalDateTime(instant, offsetSeconds: offsetSeconds) == nil {
            self.init(isBefore: isBefore, localOffset: Instant.offsetText(offsetSeconds))
        } else {
            return nil
        }
    }

    /// `before the year 1 in UTC`, `after the year 9999 at the local offset -04:56`.
    public var description: String {
        (isBefore ? "before the year 1" : "after the year 9999")
            + (localOffset.map { " at the local offset \($0)" } ?? " in UTC")
    }

    /// `give a later time`, or an earlier one.
    package var advice: String {
        isBefore ? "give a later time" : "give an earlier time"
    }

    /// The rule, said once for every message that refuses a time by it.
    package static let rule = "the history keeps times in the years 1 to 9999, both in UTC and at their local offset"
}
