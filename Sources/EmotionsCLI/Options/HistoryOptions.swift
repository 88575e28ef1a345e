import EmotionKit

/// `--note TEXT` and `--at TIME`: what the history keeps with a change besides the change itself.
/// Plain data: the note from standard input and the time are read when the command runs.
struct HistoryOptions: Sendable {
    /// `--note <text>`, on `tap`, `add` and `reset`.
    static let noteSpec = OptionSpec(
        long: "note", valueName: "text",
        help: "Keep a note with the change, shown by log and given to hooks; - reads it from standard input.")
    /// `--at <time>`, on `tap` and `add`.
    static let atSpec = OptionSpec(
        long: "at", valueName: "time",
        help: "Place the change at an earlier TIME in the history (2026-11-23T21:30, yesterday 21:30, 2h); the counts change now.")

    /// Where the note comes from.
    enum Note: Sendable, Equatable {
        /// Typed on the command line, and already checked.
        case text(String)
        /// `-`: read from standard input when the command runs.
        case standardInput
    }

    /// The note, if one was asked for.
    let note: Note?
    /// The TIME `--at` gave, as typed and as read.
    let at: (text: String, expression: TimeExpression)?
    /// The tags given (`+gym`, `--tag gym`), on `tap` and `add`: sorted, each once.
    var tags: [Tag] = []

    /// Reads `--note` and, if the command has it, `--at`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        switch arguments.value(ofOption: "note") {
        case nil: note = nil
        case "-": note = .standardInput
        case let typed?:
            let text = JournalEvent.note(withLineFeeds: typed)
            try HistoryOptions.check(note: text)
            note = .text(text)
        }
        if let text = arguments.value(ofOption: "at") {
            at = (text, try HistoryOptions.time(text, option: "--at"))
        } else {
            at = nil
        }
        tags = try TagOptions.tags(arguments)
    }

    /// Reads a TIME given to `option`.
    static func time(_ text: String, option: String) throws(UsageError) -> TimeExpression {
        do {
            return try TimeExpression(parsing: text)
        } catch {
            throw .invalid(ValidationFailure(HistoryOptionError.badTime(option: option, error)))
        }
    }

    /// The instant `--at` names, now that it is `now`; `nil` without `--at`.
    ///
    /// - Throws: `UsageError` if it is after now, or outside the years the history keeps (`OutsideYears`)
    ///   in UTC or at the offset `zone` has then.
    func placement(now: Instant, zone: TimeZoneRules) throws(UsageError) -> Instant? {
        guard let at else { return nil }
        let span: TimeSpan
        do {
            span = try at.expression.span(now: now, zone: zone)
        } catch {
            throw .invalid(ValidationFailure(HistoryOptionError.badTime(option: "--at", error)))
        }
        guard span.start <= now else {
            if case .timeOfDay(_, daysBack: 0) = at.expression.form {
                throw .invalid(ValidationFailure(HistoryOptionError.laterToday(option: "--at", text: at.text)))
            }
            throw .invalid(ValidationFailure(HistoryOptionError.inFuture(option: "--at", text: at.text)))
        }
        // The change is kept at the offset TZ has then, whatever offset the TIME was read at.
        if let outside = OutsideYears(span.start, offsetSeconds: zone.offset(at: span.start)) {
            let error = TimeError.outsideYears(at.text, outside, readAt: nil)
            throw .invalid(ValidationFailure(HistoryOptionError.badTime(option: "--at", error)))
        }
        return span.start
    }

    /// The note: as typed, or read from standard input (one final line break dropped), its line
    /// breaks made line feeds (`JournalEvent.note(withLineFeeds:)`).
    ///
    /// - Throws: `UsageError` for a note that is not UTF-8, empty, too long or holds a control character.
    func noteText() throws(UsageError) -> String? {
        switch note {
        case nil: return nil
        case let .text(text): return text
        case .standardInput:
            let limit = JournalEvent.noteLimit * 4 + 2
            let bytes: [UInt8]
            do {
                bytes = try ProcessInput.readStandardInput(limit: limit + 1)
            } catch {
                throw .invalid(ValidationFailure(HistoryOptionError.unreadableNote(error.description)))
            }
            var trimmed = bytes[...]
            if trimmed.last == 0x0A { trimmed = trimmed.dropLast() }
            if trimmed.last == 0x0D { trimmed = trimmed.dropLast() }
            guard let read = String(validating: trimmed, as: UTF8.self) else {
                throw .invalid(ValidationFailure(HistoryOptionError.noteNotUTF8))
            }
            let text = JournalEvent.note(withLineFeeds: read)
            try HistoryOptions.check(note: text)
            return text
        }
    }

    /// Refuses a note the journal would not keep.
    static func check(note: String) throws(UsageError) {
        do {
            try JournalEvent.check(note: note)
        } catch {
            throw .invalid(ValidationFailure(HistoryOptionError.badNote(error)))
        }
    }
}

/// What is wrong with a `--note` or a TIME.
enum HistoryOptionError: ValidationError {
    /// Not a TIME.
    case badTime(option: String, TimeError)
    /// A TIME after now where only the past makes sense.
    case inFuture(option: String, text: String)
    /// A time of day today that is still to come, such as `9pm` at 18:00: yesterday's is suggested.
    case laterToday(option: String, text: String)
    /// A note the journal refuses.
    case badNote(JournalEventError)
    /// Standard input could not be read.
    case unreadableNote(String)
    /// Standard input is not UTF-8.
    case noteNotUTF8

    var description: String {
        switch self {
        case let .badTime(option, error):
            "Invalid \(option): \(error)"
        case let .inFuture(option, text):
            "Invalid \(option): '\(text)' is after now; a change can only be placed in the past (yesterday 21:30, 2h)."
        case let .laterToday(option, text):
            "Invalid \(option): '\(text)' is later today, after now; a change can only be placed in the past. "
                + "Did you mean 'yesterday \(HistoryOptionError.timeOfDay(in: text))'?"
        case let .badNote(error):
            "Invalid --note: " + HistoryOptionError.noteReason(error)
        case let .unreadableNote(reason):
            "Cannot read the note from standard input: \(reason)."
        case .noteNotUTF8:
            "Invalid --note: standard input is not UTF-8 text."
        }
    }

    /// `9pm` of `9pm` or `today 9pm`: the time of day a TIME of today names, as typed.
    private static func timeOfDay(in text: String) -> String {
        text.lowercased().hasPrefix("today ") ? String(text.dropFirst(6)) : text
    }

    /// The journal's reason, said of a note rather than of an event.
    private static func noteReason(_ error: JournalEventError) -> String {
        if error == .emptyNote { return "it is empty; leave --note out for a change without a note." }
        let text = error.description
        let prefix = "its \"note\" "
        let reason = text.hasPrefix(prefix) ? "it " + text.dropFirst(prefix.count) : text
        return reason + "; a note is 1 to \(JournalEvent.noteLimit) characters, with line breaks but no other control character."
    }
}
