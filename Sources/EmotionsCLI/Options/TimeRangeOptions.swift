import EmotionKit

/// `--since TIME` and `--until TIME`, the part of `RangeOptions` that gives its own times: plain
/// data, made into a range of instants when the command runs, so that `now` is read once.
struct TimeRangeOptions: Sendable {
    /// The TIME `--since` gave, as typed and as read.
    let since: (text: String, expression: TimeExpression)?
    /// The TIME `--until` gave, as typed and as read.
    let until: (text: String, expression: TimeExpression)?

    /// Reads `--since` and `--until` from parsed words.
    ///
    /// - Throws: `UsageError` naming the option whose TIME does not read.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        since = try arguments.value(ofOption: "since").map { text throws(UsageError) in
            (text, try HistoryOptions.time(text, option: "--since"))
        }
        until = try arguments.value(ofOption: "until").map { text throws(UsageError) in
            (text, try HistoryOptions.time(text, option: "--until"))
        }
    }

    /// Where `--since` starts and `--until` ends (a date alone: at the end of that day), each `nil`
    /// if not given, as read at `now` in `zone`.
    ///
    /// - Throws: `UsageError` for a TIME outside the years one may name, or a `--since` after `--until`
    ///   (or after now, without `--until`): `stats`, `log` and `export` refuse such a range alike.
    func instants(now: Instant, zone: TimeZoneRules) throws(UsageError) -> (since: Instant?, until: Instant?) {
        let start: Instant?
        let end: Instant?
        do throws(TimeError) {
            start = try since?.expression.span(now: now, zone: zone).start
        } catch {
            throw .invalid(ValidationFailure(HistoryOptionError.badTime(option: "--since", error)))
        }
        do throws(TimeError) {
            end = try until?.expression.span(now: now, zone: zone).end
        } catch {
            throw .invalid(ValidationFailure(HistoryOptionError.badTime(option: "--until", error)))
        }
        // Only a range that holds nothing is refused: an --until after now may reach a change from a clock ahead.
        if let start, let end, start > end {
            throw .invalid(ValidationFailure(RangeOptionError.backwards(since: since?.text ?? "", until: until?.text ?? "")))
        }
        if let start, end == nil, start > now {
            throw .invalid(ValidationFailure(RangeOptionError.sinceAfterNow(since: since?.text ?? "")))
        }
        return (start, end)
    }
}

/// What is wrong with a range.
enum RangeOptionError: ValidationError {
    /// `--since` is after `--until`: nothing can be in between.
    case backwards(since: String, until: String)
    /// `--since` is after now, and without `--until` the range ends now.
    case sinceAfterNow(since: String)
    /// A shorthand whose period starts or ends outside the years the history keeps (`--year 9999`).
    case outsideYears(option: String)

    var description: String {
        switch self {
        case let .sinceAfterNow(since):
            "Invalid range: --since '\(since)' is after now, where a range without --until ends; give an earlier time, "
                + "or an --until after it too."
        case let .outsideYears(option):
            "Invalid range: \(option) reaches outside what the history keeps (\(OutsideYears.rule)); name a period "
                + "within them, or give --since and --until."
        case let .backwards(since, until):
            "Invalid range: --since '\(since)' is after --until '\(until)'; give the earlier time to --since."
        }
    }
}
