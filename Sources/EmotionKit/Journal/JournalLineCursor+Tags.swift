extension JournalLineCursor {
    /// The tags of `,"tags":["…",…]` as `jsonLine` writes them (`spaced`: `, "tags": ["…", …]`, as
    /// `export` does): none if the line does not go on with that key; `nil` if it does in any other
    /// form (a tag not as `Tag` keeps it, out of order, twice, or too many), which the strict parser reads.
    mutating func tags(spaced: Bool = false) -> [Tag]? {
        guard spaced ? skip(", \"tags\": [") : skip(",\"tags\":[") else { return [] }
        var tags: [Tag] = []
        repeat {
            guard skip("\""), let end = tagEnd(), let text = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self),
                let tag = try? Tag(text), tag.name == text, tags.last.map({ $0 < tag }) ?? true
            else { return nil }
            tags.append(tag)
            index = end + 1
        } while spaced ? skip(", ") : skip(",")
        guard skip("]"), tags.count <= Tag.perCommandLimit else { return nil }
        return tags
    }

    /// Steps over the tags of `"…",…]` (the key and its `[` already read) as `jsonLine` writes them,
    /// checked as `tags()` checks them, allocating nothing for tags of ASCII letters and digits.
    mutating func skipTags() -> Bool {
        var count = 0
        var previous: Range<Int>?
        repeat {
            guard skip("\""), let end = tagEnd() else { return false }
            let word = index..<end
            if !isPlainASCIITag(word) {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self),
                    let tag = try? Tag(text), tag.name == text
                else { return false }
            }
            if let previous, !bytes[previous].lexicographicallyPrecedes(bytes[word]) { return false }
            previous = word
            count += 1
            index = end + 1
        } while skip(",")
        return count <= Tag.perCommandLimit && skip("]")
    }

    /// Where the tag that starts at `index` ends: its closing quote; `nil` for an empty one or one
    /// holding a backslash or control character.
    private func tagEnd() -> Int? {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { return end > index ? end : nil }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// Whether `word` is a tag of lower-case ASCII letters, digits, `-` and `_`, at most `Tag.lengthLimit` long.
    private func isPlainASCIITag(_ word: Range<Int>) -> Bool {
        guard word.count <= Tag.lengthLimit else { return false }
        for byte in bytes[word] {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): continue
            default: return false
            }
        }
        return true
    }
}
