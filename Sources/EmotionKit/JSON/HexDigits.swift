/// The four hexadecimal digits of a JSON `\u` escape, read the same by the strict parser and the
/// journal line's cursor.
enum HexDigits {
    /// Whether `byte` is a hexadecimal digit, either case.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// The value of the four digits (either case) at `start` in `bytes`; `nil` unless all four are
    /// there and hexadecimal.
    @inline(__always)
    static func fourDigits<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at start: Bytes.Index) -> UInt32? {
        guard bytes.distance(from: start, to: bytes.endIndex) >= 4 else { return nil }
        var value: UInt32 = 0
        var index = start
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index = bytes.index(after: index)
        }
        return value
    }
}
