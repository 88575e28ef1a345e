/// Reads the parts of a time zone file (`TimeZoneFile`) from its bytes, front to back: headers,
/// data blocks and the footer, each checked as RFC 8536 requires, `nil` (or `false`) for anything
/// out of place. Every count is checked against the bytes left before it is multiplied, so no
/// arithmetic can overflow.
struct TimeZoneFileReader {
    /// A header's version (0, or the ASCII digit 2, 3 or 4, as the file writes it) and counts.
    struct Header {
        let version: UInt8
        let utcIndicators: Int
        let standardIndicators: Int
        let leapSeconds: Int
        let transitions: Int
        let types: Int
        let characters: Int
    }

    /// A data block's transitions, their types and the types, each type's offset and whether it is
    /// daylight saving time at the same index.
    struct Data {
        let transitions: [Int64]
        let transitionTypes: [Int]
        let typeOffsets: [Int]
        let typeIsDaylightSaving: [Bool]
    }

    /// The file's bytes.
    private let bytes: [UInt8]
    /// Where the next part starts.
    private var position = 0

    /// A reader at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var atEnd: Bool { position == bytes.count }

    /// The 44-byte header: `TZif`, the version, 15 unused bytes and six counts, as RFC 8536 allows them.
    mutating func header() -> Header? {
        guard bytes.count - position >= 44, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else {
            return nil
        }
        let version = bytes[position + 4]
        guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else { return nil }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = integer(size: 4) else { return nil }
            counts.append(Int(UInt32(truncatingIfNeeded: count)))
        }
        let header = Header(
            version: version, utcIndicators: counts[0], standardIndicators: counts[1], leapSeconds: counts[2],
            transitions: counts[3], types: counts[4], characters: counts[5])
        guard header.types >= 1, header.characters >= 1, [0, header.types].contains(header.utcIndicators),
            [0, header.types].contains(header.standardIndicators)
        else { return nil }
        return header
    }

    /// Moves past a data block of `header`'s counts with 4-byte times: version 1's, which a file of
    /// version 2 or later has before its own.
    mutating func skipData(_ header: Header) -> Bool {
        guard let size = dataSize(header, timeSize: 4) else { return false }
        position += size
        return true
    }

    /// The data block of `header`'s counts, with `timeSize`-byte times, or `nil` if it is cut short,
    /// has leap seconds, or holds a type, index or transition out of range or order.
    mutating func data(_ header: Header, timeSize: Int) -> Data? {
        guard header.leapSeconds == 0, let size = dataSize(header, timeSize: timeSize) else { return nil }
        let end = position + size
        var transitions: [Int64] = []
        for _ in 0..<header.transitions {
            guard let time = integer(size: timeSize), transitions.last.map({ $0 < time }) ?? true else { return nil }
            transitions.append(time)
        }
        let transitionTypes = bytes[position..<position + header.transitions].map(Int.init)
        position += header.transitions
        guard transitionTypes.allSatisfy({ $0 < header.types }) else { return nil }
        var typeOffsets: [Int] = []
        var typeIsDaylightSaving: [Bool] = []
        for _ in 0..<header.types {
            guard let offset = integer(size: 4), bytes[position] <= 1, Int(bytes[position + 1]) < header.characters
            else { return nil }
            typeOffsets.append(Int(offset))
            typeIsDaylightSaving.append(bytes[position] == 1)
            position += 2
        }
        // The names, and which times are standard or UTC, tell nothing about offsets.
        position = end
        return Data(
            transitions: transitions, transitionTypes: transitionTypes, typeOffsets: typeOffsets,
            typeIsDaylightSaving: typeIsDaylightSaving)
    }

    /// The footer of a file of version 2 or later: the text between a newline and the last byte, a
    /// newline too, with no newline in it.
    mutating func footer() -> ArraySlice<UInt8>? {
        let newline = UInt8(ascii: "\n")
        guard bytes.count - position >= 2, bytes[position] == newline, bytes[bytes.count - 1] == newline else {
            return nil
        }
        let text = bytes[(position + 1)..<(bytes.count - 1)]
        guard !text.contains(newline) else { return nil }
        position = bytes.count
        return text
    }

    /// The size of a data block of `header`'s counts with `timeSize`-byte times, or `nil` if fewer
    /// bytes are left. Each count is at most the bytes left, so the sum cannot overflow.
    private func dataSize(_ header: Header, timeSize: Int) -> Int? {
        let left = bytes.count - position
        let counts = [
            header.transitions, header.types, header.characters, header.leapSeconds, header.standardIndicators,
            header.utcIndicators,
        ]
        guard counts.allSatisfy({ $0 <= left }) else { return nil }
        let size =
            header.transitions * (timeSize + 1) + header.types * 6 + header.characters
            + header.leapSeconds * (timeSize + 4) + header.standardIndicators + header.utcIndicators
        return size <= left ? size : nil
    }

    /// The big-endian two's complement integer of `size` bytes (4 or 8) next, or `nil` past the end.
    private mutating func integer(size: Int) -> Int64? {
        guard bytes.count - position >= size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] {
            value = value << 8 | UInt64(byte)
        }
        position += size
        // Sign-extended from the top bit of its `size` bytes.
        let unused = UInt64(64 - size * 8)
        return Int64(bitPattern: value << unused) >> unused
    }
}
