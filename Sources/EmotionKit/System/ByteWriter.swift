/// Text written byte by byte into a buffer someone else owns (on the stack, for `QuickStats` and
/// `QuickUpdate`): no string or array made. Nothing is written past the buffer's end; a write that
/// would not fit is dropped and `isFull` tells.
package struct ByteWriter {
    /// Where the bytes go.
    package let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    package private(set) var count = 0
    /// Whether a write did not fit: the bytes are then not the whole text.
    package private(set) var isFull = false

    /// A writer at the start of `buffer`.
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The bytes written.
    package var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[0..<count])
    }

    /// Marks the text as not whole, as a write that did not fit does: for a writer that finds it cannot write it.
    package mutating func markFull() {
        isFull = true
    }

    /// Appends one byte.
    package mutating func append(byte: UInt8) {
        guard count < buffer.count else {
            isFull = true
            return
        }
        buffer[count] = byte
        count += 1
    }

    /// Appends `text`'s bytes.
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `bytes`.
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= buffer.count - count else {
            isFull = true
            return
        }
        for byte in bytes {
            buffer[count] = byte
            count += 1
        }
    }

    /// Appends `number` in decimal, as `String(decimal:)` writes it: a `-` before a negative one,
    /// no leading zeros.
    package mutating func append(_ number: Int64) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        append(digitsOf: number.magnitude, atLeast: 1)
    }

    /// Appends `number` in decimal with leading zeros up to `digits` digits: `07` for 7 and 2.
    package mutating func append(_ number: Int64, padding digits: Int) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        append(digitsOf: number.magnitude, atLeast: digits)
    }

    private mutating func append(digitsOf number: UInt64, atLeast minimum: Int) {
        var digits = 1
        var power: UInt64 = 1
        while power <= number / 10 {
            power *= 10
            digits += 1
        }
        for _ in digits..<max(digits, minimum) { append(byte: UInt8(ascii: "0")) }
        var rest = number
        while power > 0 {
            append(byte: UInt8(ascii: "0") + UInt8(rest / power))
            rest %= power
            power /= 10
        }
    }
}
