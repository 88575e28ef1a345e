extension JournalLineCursor {
    /// The text of a JSON string up to its closing quote, which it steps over: the bytes as they are
    /// when they hold no backslash, else decoded as the strict parser decodes escapes (`\uXXXX` with
    /// surrogate pairs). `nil` for whatever that parser refuses (a raw control character, an unknown
    /// escape, half a surrogate pair, bytes that are not UTF-8) or an unclosed string. Whether the
    /// text is a note an event may hold is left to the event (`JournalEvent.check(note:)`).
    mutating func note() -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return escapedText(from: start) }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// Steps over a note up to and with its closing quote, if it is one `JournalEvent.check(note:)`
    /// accepts (text that is all ASCII without escapes is checked here, byte by byte).
    mutating func skipNote() -> Bool {
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard let note = escapedText(from: start) else { return false }
                return (try? JournalEvent.check(note: note)) != nil
            }
            if byte < 0x20 || byte == 0x7F { return false }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        guard index < bytes.count, index > start else { return false }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isASCII {
            guard text.count <= JournalEvent.noteLimit else { return false }
        } else {
            guard let note = String(validating: text, as: UTF8.self), (try? JournalEvent.check(note: note)) != nil else { return false }
        }
        index += 1
        return true
    }

    /// The text of the string that started at `start`, read on from `index` (a backslash) to its
    /// closing quote, which it steps over; `nil` for what the strict parser refuses.
    private mutating func escapedText(from start: Int) -> String? {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(validating: utf8, as: UTF8.self) }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard index < bytes.count else { return nil }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = escapedScalar() else { return nil }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape whose four digits come next, with the low half that must follow a
    /// high surrogate; `nil` for half a pair or digits that are not hexadecimal.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard var value = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(value) {
            guard skip("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        return Unicode.Scalar(value)
    }

    /// Four hexadecimal digits, either case.
    private mutating func hex4() -> UInt32? {
        guard let value = HexDigits.fourDigits(in: bytes, at: index) else { return nil }
        index += 4
        return value
    }
}
