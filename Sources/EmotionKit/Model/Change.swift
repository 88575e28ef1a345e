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
    public var description: String { description(labelled: emotion.name) }

    /// The change with `label` in place of the emotion's name, `완전행복: 3 → 4`: the line `tap` prints
    /// in the reader's language and colour, and the one text form of a change.
    ///
    /// Joined by hand, as the tap path's other strings are (see `TallyDocument.serialized`): `tap` prints
    /// it on every run, and interpolation may make the runtime build generic metadata that start-up pays for.
    public func description(labelled label: String) -> String {
        label + ": " + String(decimal: old) + " → " + String(decimal: new)
    }
}
