/// The start of an event's id, as a person types it to name a command: `01KAT8FW5X`, the short id
/// `log` shows, or more of the id, up to all 26 characters, in either case.
///
/// At least `minimumLength` characters, as git asks of an abbreviated hash, so that a slip such as
/// `undo 0` never names a command by chance.
public struct EventIDPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The fewest characters taken.
    public static let minimumLength = 4

    /// The characters, in the canonical upper case.
    public let description: String
    /// The value of the characters, as the top `5 × count` bits of a 130-bit id.
    private let bits: UInt128
    private let count: Int

    /// Reads `text`: 4 to 26 characters of Crockford's base 32 (`0`–`9` and the letters but I, L, O
    /// and U), in upper or lower case, the first from 0 to 7; `nil` for anything else.
    public init?(parsing text: String) {
        let upper = text.uppercased()
        guard (EventIDPrefix.minimumLength...26).contains(upper.utf8.count),
            let padded = EventID(parsing: upper + String(repeating: "0", count: 26 - upper.utf8.count))
        else { return nil }
        description = upper
        count = upper.utf8.count
        bits = padded.value >> (130 - 5 * count)
    }

    /// Whether `id` starts with these characters.
    public func matches(_ id: EventID) -> Bool {
        id.value >> (130 - 5 * count) == bits
    }
}
