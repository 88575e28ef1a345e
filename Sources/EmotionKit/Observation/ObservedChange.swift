/// What an observer is told, shaped by its `ObservationOptions` the way key-value observing was.
public struct ObservedChange: Equatable, Sendable {
    /// The emotion observed.
    public let emotion: Emotion
    /// The count before the change; only with `.old`, and never for the initial notification.
    public let oldValue: Int?
    /// The count after the change, or the current count initially; only with `.new` or `.initial`.
    public let newValue: Int?
    /// Whether this is the notification `.initial` asked for, sent at once when observing starts.
    public let isInitial: Bool
    /// The history's record of the change, when it is known: when it is placed, the command and the
    /// note. `nil` for an initial notification, and for a change a watcher could only find by
    /// comparing counts (a data file changed by hand, or several changes told as one).
    public var event: JournalEvent?
    /// Whether the change came from another history, taken in from the sync folder, rather than
    /// made by a command on this one.
    public var isFromElsewhere = false

    /// Creates a notification.
    public init(emotion: Emotion, oldValue: Int?, newValue: Int?, isInitial: Bool) {
        self.emotion = emotion
        self.oldValue = oldValue
        self.newValue = newValue
        self.isInitial = isInitial
    }

    /// Whether two notifications tell the same values of the same emotion, as key-value observing's
    /// did; the `event` each carries is more about the change, not a different one.
    public static func == (lhs: ObservedChange, rhs: ObservedChange) -> Bool {
        lhs.emotion == rhs.emotion && lhs.oldValue == rhs.oldValue && lhs.newValue == rhs.newValue
            && lhs.isInitial == rhs.isInitial
    }

    init(_ change: Change, event: JournalEvent?, options: ObservationOptions) {
        self.init(
            emotion: change.emotion,
            oldValue: options.contains(.old) ? change.old : nil,
            newValue: options.contains(.new) ? change.new : nil,
            isInitial: false)
        self.event = event
    }
}
