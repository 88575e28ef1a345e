/// Finding a byte in memory eight bytes at a step: reading a journal backwards looks for the line
/// break before each of thousands of lines, and a byte-at-a-time loop was a third of `calendar`'s time.
package enum ByteSearch {
    /// The index of the last `byte` in `buffer[..<end]`, or `nil`.
    package static func lastIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        guard let base = buffer.baseAddress, end > 0, end <= buffer.count else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let pattern = ones &* UInt64(byte)
        var index = end
        // Whole words from the end: a word holds the byte where `word ^ pattern` has a zero byte,
        // which the classic test (x - 0x01…) & ~x & 0x80… flags; the bytes are then checked one by one.
        while index >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: index - 8, as: UInt64.self) ^ pattern
            if (word &- ones) & ~word & highs != 0 { break }
            index -= 8
        }
        while index > 0 {
            index -= 1
            if base[index] == byte { return index }
        }
        return nil
    }
}
