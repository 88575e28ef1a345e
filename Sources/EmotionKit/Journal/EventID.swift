/// The id of a journal event: 128 bits written as 26 characters of Crockford's base32, such as
/// `01KAT8FW5X6N3X9R2T4K7M1P0Z`, as a ULID is.
///
/// Ids must stay unique across machines, because `import` adds the events it does not hold yet by
/// id. So 80 of the bits are random, from the system's generator (`getrandom` on Linux,
/// `arc4random` on macOS): two events made in the same millisecond on any number of machines share
/// an id with a chance near n² / 2⁸¹, and any two events made in different milliseconds never do.
/// The other 48 bits are the time the event was recorded, in milliseconds since 1970, first: ids
/// sort by when they were made (to the millisecond, as text and as numbers), and an id says when
/// its event came to be even after a backdated `--at`. Order in the journal is its sequence, never
/// the id: clocks go backwards.
///
/// The text is 26 characters from `0123456789ABCDEFGHJKMNPQRSTVWXYZ` (no I, L, O or U), the first
/// from 0 to 7; only that canonical form is read, so an id is the same bytes wherever it is written
/// and can be matched or grepped as text.
public struct EventID: Hashable, Sendable, CustomStringConvertible {
    /// The 128 bits: the time in the top 48, the random bits below.
    public let value: UInt128

    /// The latest time the 48 bits hold, in the year 10889.
    public static let latestTime: Int64 = (1 << 48) - 1

    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// Each ASCII byte's digit in `alphabet`, or 255: a table, as every line `log` reads holds two ids.
    private static let digits: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 128)
        for (digit, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(digit) }
        return table
    }()

    /// An id from its 128 bits.
    public init(value: UInt128) {
        self.value = value
    }

    /// A new id recorded at `millisecondsSinceEpoch`, its random bits from `generator`: tests give a
    /// seeded one, the journal the system's.
    ///
    /// A time before 1970 or past `latestTime` is held at the nearer end: the time only sorts ids,
    /// and the random bits keep them apart.
    public init(recordedAt millisecondsSinceEpoch: Int64, using generator: inout some RandomNumberGenerator) {
        let time = UInt128(min(max(millisecondsSinceEpoch, 0), EventID.latestTime))
        let low: UInt64 = generator.next()
        let high: UInt64 = generator.next() & 0xFFFF
        let random = UInt128(high) << 64 | UInt128(low)
        value = time << 80 | random
    }

    /// A new id recorded at `millisecondsSinceEpoch`, its random bits from the system's generator.
    public init(recordedAt millisecondsSinceEpoch: Int64) {
        var generator = PooledRandom()
        self.init(recordedAt: millisecondsSinceEpoch, using: &generator)
    }

    /// Reads an id's canonical text; `nil` for anything else, lower case included.
    public init?(parsing text: String) {
        self.init(utf8: text.utf8)
    }

    /// Reads an id's canonical text from its UTF-8 bytes; `nil` for anything else.
    package init?(utf8 bytes: some Collection<UInt8>) {
        var value: UInt128 = 0
        var count = 0
        for byte in bytes {
            guard count < 26, byte < 128, case let digit = EventID.digits[Int(byte)], digit != 255 else { return nil }
            if count == 0, digit > 7 { return nil }  // 26 × 5 is 130 bits: the top two must be zero.
            value = value << 5 | UInt128(digit)
            count += 1
        }
        guard count == 26 else { return nil }
        self.value = value
    }

    /// Whether `bytes` are an id's canonical text, as `init(utf8:)` reads it, without making the id:
    /// views check two ids on every line they count, and only a few are ever made.
    package static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 26 else { return false }
        return digits.withUnsafeBufferPointer { table in
            // 255 for a byte not in the alphabet, 128 and up for a byte past ASCII: any such sets the top bits.
            var seen: UInt8 = 0
            for byte in bytes { seen |= table[Int(byte & 0x7F)] | (byte & 0x80) }
            return seen & 0xE0 == 0 && table[Int(bytes[0] & 0x7F)] <= 7
        }
    }

    /// The time the id was made at, milliseconds since 1970 (held within 0 and `latestTime`).
    public var recordedAt: Int64 { Int64(value >> 80) }

    /// How many characters `short` has: the ten that hold the millisecond the id was made in, so
    /// that two commands share a short id only if made in the same millisecond (eight would hold
    /// about a second, which two quick taps share).
    public static let shortLength = 10

    /// The id's first `shortLength` characters, as `log` shows a command's id and `undo` takes it.
    public var short: String { String(description.prefix(EventID.shortLength)) }

    /// The 26 characters.
    public var description: String {
        var bytes = [UInt8](repeating: 0, count: 26)
        for index in 0..<26 {
            bytes[index] = EventID.alphabet[Int(value >> (125 - 5 * index) & 31)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
