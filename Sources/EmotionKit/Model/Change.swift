/// One committed change of one emotion's count, from `old` to `new`.
public struct Change: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The emotion whose count changed.
    public let emotion: Emotion
    /// The count before the change.
    public let old: Int
    /// The count after the change.
    public let new: Int

    /// Creates a change of `emotion` from `old` to `new`.
    public init(emotion: Emotion, old: Int, new: Int) {
        self.emotion = emotion
        self.old = old
        self.new = new
    }

    /// `happy: 3 → 4`, the form the command line prints.
    public var description: String { "\(emotion.name): \(old) → \(new)" }
}
