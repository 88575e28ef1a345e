/// Which events `log` and `TallyStore.events` return: a range of placement times, some emotions,
/// some tags, and at most the last so many.
public struct EventQuery: Equatable, Sendable {
    /// Events placed at or after this instant, if given.
    public var since: Instant?
    /// Events placed before this instant, if given: ranges are half-open.
    public var until: Instant?
    /// Only events of these emotions; all five if empty.
    public var emotions: [Emotion]
    /// Only the last this many, by placement time (ties by sequence), if given.
    public var last: Int?
    /// Only events recorded with every one of these tags (taps and adds); all if empty.
    public var tags: [Tag]

    /// A query; with no arguments, every event.
    public init(since: Instant? = nil, until: Instant? = nil, emotions: [Emotion] = [], last: Int? = nil, tags: [Tag] = []) {
        self.tags = tags
        self.since = since
        self.until = until
        self.emotions = emotions
        self.last = last
    }

    /// Whether `event` is in the range, of an emotion asked for and has the tags asked for (`last` aside).
    func matches(_ event: JournalEvent) -> Bool {
        let at = event.at.millisecondsSinceEpoch
        if let since, at < since.millisecondsSinceEpoch { return false }
        if let until, at >= until.millisecondsSinceEpoch { return false }
        if !tags.isEmpty, !tags.allSatisfy(event.tags.contains) { return false }
        return emotions.isEmpty || emotions.contains(event.emotion)
    }
}
