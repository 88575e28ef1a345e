/// The id a Daylio row's change gets, the same every time the row is read, from any export that
/// holds it: its 48-bit time is the row's instant, as any id's is its recording time, and its other
/// 80 bits are a hash (FNV-1a, 128 bits, the top 80 kept) of what the row says (its day and time
/// as written, mood label, activities and note, not which layout or file wrote them) and of its
/// place among rows that say the same (0 for the first). So importing the same file again, or a
/// later export that holds the row too, adds nothing.
///
/// Not a secret, and needs not be: it is an identity, as the row's own words are.
struct RowID: Hashable {
    private var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B

    /// A hash of nothing yet.
    init() {}

    /// Mixes in `text`'s UTF-8 bytes, then a 0 byte that ends it (so `ab`,`c` differs from `a`,`bc`).
    mutating func mix(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
    }

    /// Mixes in one byte.
    private mutating func mix(_ byte: UInt8) {
        hash ^= UInt128(byte)
        hash &*= Self.prime
    }

    /// The id at `milliseconds` since 1970 (held within what an id's 48 bits hold) with this hash.
    func id(at milliseconds: Int64) -> EventID {
        let time = UInt128(min(max(milliseconds, 0), EventID.latestTime))
        return EventID(value: time << 80 | hash >> 48)
    }
}
