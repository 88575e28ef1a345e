/// Which values an observer wants, as key-value observing's options did.
public struct ObservationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from their raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Tell the observer the current count at once, before any change.
    public static let initial = ObservationOptions(rawValue: 1 << 0)
    /// Include the count before each change.
    public static let old = ObservationOptions(rawValue: 1 << 1)
    /// Include the count after each change.
    public static let new = ObservationOptions(rawValue: 1 << 2)
}
