/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Stricter than most on purpose, because a data file that is not exactly what it seems must not be
/// rewritten: duplicate keys, a byte order mark, invalid UTF-8, control characters in strings and
/// nesting deeper than `maximumDepth` are all errors.
package struct JSONParser {
    /// How deeply arrays and objects may nest.
    package static let maximumDepth = 64
    /// How many keys of one object are checked for a repeat one by one, before a hashed set takes over.
    static let keysSearchedInOrder = 16

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON value that must fill `bytes`, apart from white space around it.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw parser.error("the file starts with a byte order mark; save it as UTF-8 without one")
        }
        parser.skipWhiteSpace()
        let value = try parser.parseValue()
        parser.skipWhiteSpace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("the JSON ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()) where a value was expected")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Repeated keys are found by bytes ("é" precomposed and decomposed are different keys): by a
        // look through the keys so far while there are few, as in a data file, which spares start-up
        // a hashed set; by a set once there are many, so a hostile file cannot make it quadratic.
        var keys = Set<[UInt8]>()
        skipWhiteSpace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key but found \(describeCurrent())")
            }
            let keyStart = index
            let key = try parseString()
            let isRepeated: Bool
            if members.count < JSONParser.keysSearchedInOrder {
                isRepeated = members.contains { $0.key.utf8.elementsEqual(key.utf8) }
            } else {
                if keys.isEmpty { keys = Set(members.map { Array($0.key.utf8) }) }
                isRepeated = !keys.insert(Array(key.utf8)).inserted
            }
            guard !isRepeated else {
                index = keyStart
                // Quoted as JSON, so that a key holding a newline or an escape sequence cannot reach a terminal raw.
                throw error("the key \(JSONValue.string(key).serialized(pretty: false)) appears twice in one object")
            }
            skipWhiteSpace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' but found \(describeCurrent())") }
            skipWhiteSpace()
            members.append((key, try parseValue()))
            skipWhiteSpace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw error("expected ',' or '}' but found \(describeCurrent())")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhiteSpace()
            elements.append(try parseValue())
            skipWhiteSpace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw error("expected ',' or ']' but found \(describeCurrent())")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw error("arrays and objects nest deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        // Most strings hold no escape: made from their bytes at once, not a byte at a time; and when
        // all ASCII, without `String(validating:)`, which is not specialised and cost a thousand
        // instructions a string (a synced data file holds forty).
        let start = index
        var isASCII = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            isASCII = isASCII && bytes[index] < 0x80
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\""), isASCII {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("a string is not closed with '\"'") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("a string holds bytes that are not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error("a string holds a raw control character (byte \(byte)); write it as an escape")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("a string ends inside an escape") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        let letter = bytes[index]
        if let byte = simple[letter] {
            utf8.append(byte)
            index += 1
            return
        }
        guard letter == UInt8(ascii: "u") else { throw error("unknown escape: a backslash before the \(describe(at: index))") }
        index += 1
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a \\u escape holds half of a surrogate pair") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape holds half of a surrogate pair") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("a \\u escape holds half of a surrogate pair") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard let value = HexDigits.fourDigits(in: bytes, at: index) else {
            // The message points at the first byte that is not one of the four digits.
            while index < bytes.count, HexDigits.isDigit(bytes[index]) { index += 1 }
            throw error("a \\u escape needs four hexadecimal digits")
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else if try digits() == 0 {
            throw error("a number needs digits")
        }
        if consume(UInt8(ascii: ".")), try digits() == 0 {
            throw error("a number needs digits after its decimal point")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            if try digits() == 0 { throw error("a number needs digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func digits() throws(JSONSyntaxError) -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw error("unexpected \(describeCurrent()) where a value was expected") }
        index += expected.count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
    }

    private func describeCurrent() -> String {
        index < bytes.count ? describe(at: index) : "end of file"
    }

    /// The character that starts at `offset`, as a message shows it: `character 'x'`, with a space or
    /// a control (`Unicode.Scalar.isTerminalControl`) written `\u{1B}` as everywhere in our messages
    /// (upper-case hex, at least two digits), and `byte 0xFF` where no UTF-8 character starts.
    private func describe(at offset: Int) -> String {
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else {
            let digits = String(bytes[offset], radix: 16, uppercase: true)
            return "byte 0x" + (digits.count < 2 ? "0" : "") + digits
        }
        guard scalar == " " || scalar.isTerminalControl else { return "character '\(scalar)'" }
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "character '\\u{" + (digits.count < 2 ? "0" : "") + digits + "}'"
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        let end = min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<end where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return JSONSyntaxError(reason: reason, line: line, column: end - lineStart + 1)
    }
}
