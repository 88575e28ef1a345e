#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte in memory faster than a byte-at-a-time loop: forward with the C library's `memchr`,
/// backward sixteen bytes at a step (reading a journal backwards looks for the line break before each
/// of thousands of lines, and a byte-at-a-time loop was a third of `calendar`'s time).
package enum ByteSearch {
    /// The index of the first `byte` in `bytes`, or `nil`: the C library's `memchr`. A generic
    /// `firstIndex(of:)` is a loop the optimizer makes fast, but in the debug build the tests run it
    /// took 75 ns a byte, and 36 s for an import's 64 MiB under the address sanitizer.
    package static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    /// The index of the last `byte` in `buffer[..<end]`, or `nil`.
    package static func lastIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        guard let base = buffer.baseAddress, end > 0, end <= buffer.count else { return nil }
        let raw = UnsafeRawPointer(base)
        let pattern = SIMD16<UInt8>(repeating: byte)
        var index = end
        // Sixteen bytes at a time from the end (one vector compare on any x86-64 or arm64); the
        // sixteen holding the byte are then checked one by one.
        while index >= 16 {
            let block = raw.loadUnaligned(fromByteOffset: index - 16, as: SIMD16<UInt8>.self)
            if any(block .== pattern) { break }
            index -= 16
        }
        while index > 0 {
            index -= 1
            if base[index] == byte { return index }
        }
        return nil
    }

    /// The index of the last byte that is not zero in `buffer`, or `nil` if every byte is: eight bytes at
    /// a step, for the runs of zeros a power cut can leave at a journal's end.
    package static func lastNonZeroIndex(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = buffer.count
        while index >= 8, raw.loadUnaligned(fromByteOffset: index - 8, as: UInt64.self) == 0 {
            index -= 8
        }
        while index > 0 {
            index -= 1
            if base[index] != 0 { return index }
        }
        return nil
    }
}
