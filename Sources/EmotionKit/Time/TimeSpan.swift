/// Where a TIME falls: from `start` up to `end`, half-open. A moment (`21:30`, `now`, `7d`) has
/// `start == end`; a day (`2026-11-23`, `yesterday`, `monday`) runs from its local start to the
/// next local day's start, 23 or 25 hours on the days daylight saving time begins or ends.
///
/// So `--since T` and `--at T` take `start`, and `--until T` takes `end`: a range is
/// `[since.start, until.end)`, and `--until 2026-11-23` includes that whole day.
package struct TimeSpan: Hashable, Sendable {
    /// Where it starts: what `--since` and `--at` mean.
    package let start: Instant
    /// Where it ends, not included: what `--until` means.
    package let end: Instant

    /// The span of one moment.
    package init(moment: Instant) {
        start = moment
        end = moment
    }

    /// The span from `start` up to `end`.
    package init(from start: Instant, upTo end: Instant) {
        self.start = start
        self.end = end
    }

    /// Whether it starts after `now`: `--at` refuses such a TIME.
    package func isInFuture(now: Instant) -> Bool {
        start > now
    }
}

extension TimeExpression {
    /// Where this TIME falls when the clock shows `now` in `zone`, so that every span can be written in
    /// RFC 3339: throws `TimeError.amountTooLarge` for an amount ago that reaches before the year 1
    /// (`99999999999d`), `TimeError.outsideYears` for any other TIME whose start falls outside the
    /// years 1 to 9999 in UTC or at the offset `zone` has there (`0001-01-01T00:00+09:00`), and
    /// `TimeError.endsPastRange` when only its end does (`9999-12-31`).
    package func span(now: Instant, zone: TimeZoneRules) throws(TimeError) -> TimeSpan {
        let span = try unboundedSpan(now: now, zone: zone)
        if let outside = OutsideYears(span.start, offsetSeconds: zone.offset(at: span.start)) {
            if case .ago = form { throw .amountTooLarge(text) }
            throw .outsideYears(
                text, outside, readAt: readsInZone && outside.localOffset == nil ? Instant.offsetText(zone.offset(at: span.start)) : nil)
        }
        guard OutsideYears(span.end, offsetSeconds: zone.offset(at: span.end)) == nil else { throw .endsPastRange(text) }
        return span
    }

    /// Whether `zone` gives the offset this TIME is read at: a date, or a date and time, without one of its own.
    private var readsInZone: Bool {
        switch form {
        case .date(_, nil), .dateTime(_, nil): true
        default: false
        }
    }

    /// What a TIME that reaches before the year 1 is refused as: an amount too large, or, for a
    /// day or time counted back from a clock near the year 1, a time before it.
    private var tooFarBack: TimeError {
        if case .ago = form { return .amountTooLarge(text) }
        return .outsideYears(text, OutsideYears(isBefore: true), readAt: nil)
    }

    /// Where this TIME falls, possibly just outside the years 1 to 9999 in UTC.
    private func unboundedSpan(now: Instant, zone: TimeZoneRules) throws(TimeError) -> TimeSpan {
        // Only a clock set outside the years has no local date.
        guard let local = zone.localDateTime(at: now) else {
            throw .outsideYears(text, OutsideYears(isBefore: now.millisecondsSinceEpoch < 0), readAt: nil)
        }
        switch form {
        case .now:
            return TimeSpan(moment: now)
        case let .localDay(daysBack):
            return try day(try date(local.date, minusDays: Int64(daysBack)), in: zone)
        case let .weekday(weekday):
            return try day(try date(local.date, minusDays: Self.daysBack(to: weekday, from: local.date)), in: zone)
        case let .timeOfDay(time, daysBack):
            return TimeSpan(moment: zone.instant(at: time.on(try date(local.date, minusDays: Int64(daysBack)))))
        case let .weekdayTimeOfDay(weekday, time):
            let day = try date(local.date, minusDays: Self.daysBack(to: weekday, from: local.date))
            return TimeSpan(moment: zone.instant(at: time.on(day)))
        case let .date(date, offset?):
            return try day(date, in: .fixed(secondsEast: offset))
        case let .date(date, nil):
            return try day(date, in: zone)
        case let .dateTime(dateTime, offset?):
            return TimeSpan(moment: TimeZoneRules.fixed(secondsEast: offset).instant(at: dateTime))
        case let .dateTime(dateTime, nil):
            return TimeSpan(moment: zone.instant(at: dateTime))
        case let .ago(amount, unit):
            return TimeSpan(moment: try instant(amount, unit, before: now, local: local, zone: zone))
        }
    }

    /// Days from the most recent past `weekday` to `today`: 1 to 7, never 0, so that on a Monday
    /// `monday` is the Monday a week before.
    private static func daysBack(to weekday: Weekday, from today: LocalDate) -> Int64 {
        let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
        return Int64(back == 0 ? 7 : back)
    }

    /// The instant `amount` `unit`s before `now`, whose wall clock in `zone` is `local`.
    private func instant(
        _ amount: Int64, _ unit: AgoUnit, before now: Instant, local: LocalDateTime, zone: TimeZoneRules
    ) throws(TimeError) -> Instant {
        let (scaled, overflow): (Int64, Bool) =
            switch unit {
            case .second, .minute, .hour: amount.multipliedReportingOverflow(by: (unit.exactSeconds ?? 1) * 1000)
            case .day, .month: (amount, false)
            case .week: amount.multipliedReportingOverflow(by: 7)
            case .year: amount.multipliedReportingOverflow(by: 12)
            }
        guard !overflow else { throw tooFarBack }
        switch unit {
        case .second, .minute, .hour:
            guard let instant = now.advanced(byMilliseconds: -scaled), zone.localDateTime(at: instant) != nil else {
                throw tooFarBack
            }
            return instant
        case .day, .week:
            return zone.instant(at: local.on(try date(local.date, minusDays: scaled)))
        case .month, .year:
            guard let date = local.date.adding(months: -scaled) else { throw tooFarBack }
            return zone.instant(at: local.on(date))
        }
    }

    /// The local day `date` in `zone`, from its start to the next day's.
    private func day(_ date: LocalDate, in zone: TimeZoneRules) throws(TimeError) -> TimeSpan {
        guard let next = date.adding(days: 1) else { throw .endsPastRange(text) }
        return TimeSpan(
            from: zone.instant(at: LocalDateTime(startOf: date)), upTo: zone.instant(at: LocalDateTime(startOf: next)))
    }

    /// The date `days` days before `date`, or the error of a TIME that reaches before the year 1.
    private func date(_ date: LocalDate, minusDays days: Int64) throws(TimeError) -> LocalDate {
        guard let earlier = date.adding(days: -days) else { throw tooFarBack }
        return earlier
    }
}
