/// Small random edits to a data file's bytes, of the kinds that find the edges of a parser.
///
/// Each call makes one to four edits: flip a bit, replace, insert or delete bytes, put in a token that
/// sits on an edge of JSON or of the data file (`1e999`, `-0`, `\u0000`, a byte order mark, a stray
/// `}`), duplicate a chunk, cut the end off, splice in part of another file, or pad the file with
/// spaces to exactly the size limit or just past it.
struct DataFileMutator {
    /// Bytes and tokens worth trying anywhere in a file.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "-", "0", "1", " ", "\n", "\\", "1e999", "-1e-999", "1E+2",
        "99999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-0", "0.5", "00", "1.", ".5", "+1", "\\u0000", "\\u00FF", "\\uD800", "\\uDC00", "\\ud83d\\ude04",
        "\\u", "\\x", "null", "true", "false", "nul", "\"happy\"", "\"smile\"", "\"neutral\"", "\"upset\"",
        "\"sad\"", "\"version\"", "\"counts\"", "\"\": ", "[[[[[[[[", "]]]]]]]]", "{\"a\":", "é", "😄",
    ].map { (token: String) in Array(token.utf8) } + [
        [0xEF], [0xBB], [0xBF], [0xEF, 0xBB, 0xBF], [0xC0], [0xC0, 0xAF], [0xFF], [0xFE], [0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x00], [0x01], [0x1F], [0x7F], [0x09], [0x0D],
    ]

    /// Numbers on the edges of what a count or a version may be.
    static let numbers: [String] = [
        "0", "-0", "1", "-1", "2", "0.0", "1.0", "1e0", "1E3", "0.5", "1e999", "-1e-999", "00", "01",
        "9223372036854775806", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999", "18446744073709551616",
    ]

    /// Files that splicing takes a part of.
    let corpus: [[UInt8]]
    /// The largest file the reader accepts; padding aims just at it.
    let sizeLimit: Int

    /// `bytes` with one to four random edits, most often one; rarely padded to the size limit after them.
    func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<generator.pick([1, 1, 1, 1, 2, 2, 3, 4]) {
            result = edit(result, using: &generator)
        }
        if generator.chance(1.0 / 1000) {
            // Rare, since a mebibyte takes a while to write and parse: exactly at, or just past, the limit.
            let target = sizeLimit + (generator.chance(0.2) ? 0 : Int.random(in: 1...2, using: &generator))
            result += [UInt8](repeating: UInt8(ascii: " "), count: max(0, target - result.count))
        }
        return result
    }

    private func edit(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let anywhere = Int.random(in: 0...bytes.count, using: &generator)
        let token = generator.pick(DataFileMutator.tokens)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<12 where !bytes.isEmpty:  // Flip a bit.
            let index = Int.random(in: bytes.indices, using: &generator)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 12..<24 where !bytes.isEmpty:  // Replace a byte with a token.
            let index = Int.random(in: bytes.indices, using: &generator)
            bytes.replaceSubrange(index...index, with: token)
        case 24..<40:  // Insert a token.
            bytes.insert(contentsOf: token, at: anywhere)
        case 40..<52 where !bytes.isEmpty:  // Delete a few bytes.
            bytes.removeSubrange(randomRange(in: bytes, using: &generator))
        case 52..<60 where !bytes.isEmpty:  // Duplicate a chunk.
            let chunk = bytes[randomRange(in: bytes, using: &generator)]
            bytes.insert(contentsOf: chunk, at: anywhere)
        case 60..<66:  // Cut the end off.
            bytes.removeSubrange(anywhere...)
        case 66..<76:  // Splice: this file's start, another's end.
            let other = generator.pick(corpus)
            bytes = Array(bytes[..<anywhere]) + other[Int.random(in: 0...other.count, using: &generator)...]
        case 76..<94:
            bytes = replacingANumber(in: bytes, using: &generator)
        case 94..<100:  // Start again from another file; later edits change it.
            bytes = generator.pick(corpus)
        default:  // An empty file cannot take the edits above that need a byte; it gets a token.
            bytes.insert(contentsOf: token, at: anywhere)
        }
        return bytes
    }

    /// The bytes with the first number from a random place on (its sign, point and exponent too)
    /// swapped for an edge number; with no number there, the edge number is put at the end.
    private func replacingANumber(in bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        let replacement = Array(generator.pick(DataFileMutator.numbers).utf8)
        var start = Int.random(in: 0...bytes.count, using: &generator)
        while start < bytes.count, !DataFileMutator.numberStarts.contains(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, DataFileMutator.numberBytes.contains(bytes[end]) { end += 1 }
        var result = bytes
        result.replaceSubrange(start..<end, with: replacement)
        return result
    }

    private static let numberStarts = Set("-0123456789".utf8)
    private static let numberBytes = Set("-+.eE0123456789".utf8)

    /// A random range of up to 16 bytes, or rarely of any length, inside `bytes`.
    private func randomRange(in bytes: [UInt8], using generator: inout SeededGenerator) -> Range<Int> {
        let start = Int.random(in: 0..<bytes.count, using: &generator)
        let longest = generator.chance(0.9) ? min(16, bytes.count - start) : bytes.count - start
        return start..<(start + Int.random(in: 1...longest, using: &generator))
    }
}
