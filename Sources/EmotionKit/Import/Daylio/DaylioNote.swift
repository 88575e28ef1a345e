/// A Daylio row's title and note made one note: each trimmed, its `<br>` (Daylio's rich text writes
/// some) and its line endings made line feeds, a tab a space; the title, a line break, then the note;
/// `nil` if neither has text. Other markup (`<b>`) is kept as written. A note longer than
/// `JournalEvent.noteLimit` is cut to it, ending in `…` (the Daylio file keeps it whole).
enum DaylioNote {
    /// The note of `title` and `note`, and whether it was cut.
    ///
    /// - Throws: `DaylioError.noteControlCharacter` for a control character other than a line break or tab.
    static func text(title: String, note: String, line: Int) throws(DaylioError) -> (String?, isCut: Bool) {
        let parts = [title, note].map(cleaned).filter { !$0.isEmpty }
        guard !parts.isEmpty else { return (nil, false) }
        let joined = parts.joined(separator: "\n")
        var count = 0
        for scalar in joined.unicodeScalars {
            count += 1
            if scalar.value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(scalar.value) {
                throw .noteControlCharacter(line: line, scalar.value)
            }
        }
        guard count > JournalEvent.noteLimit else { return (joined, false) }
        var cut = ""
        var kept = 0
        for character in joined {
            let size = character.unicodeScalars.count
            guard kept + size < JournalEvent.noteLimit else { break }
            cut.append(character)
            kept += size
        }
        return (trimmed(cut) + "…", true)
    }

    /// `text` with `<br>`, `<br/>` and `<br />` (any case), CR LF and CR made line feeds, tabs spaces, trimmed.
    private static func cleaned(_ text: String) -> String {
        var text = JournalEvent.note(withLineFeeds: text)
        if text.contains("<") { text = withoutBreakTags(text) }
        if text.contains("\t") { text = String(text.map { $0 == "\t" ? " " : $0 }) }
        return trimmed(text)
    }

    /// `text` without white space (line breaks included) at either end.
    private static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while characters.first?.isWhitespace == true { characters = characters.dropFirst() }
        while characters.last?.isWhitespace == true { characters = characters.dropLast() }
        return String(characters)
    }

    /// `text` with each `<br>`, `<br/>` or `<br />` tag, in any case, made a line feed.
    private static func withoutBreakTags(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            var tag = rest[rest.index(after: open)...]
            guard tag.prefix(2).lowercased() == "br" else {
                result.append("<")
                rest = tag
                continue
            }
            tag = tag.dropFirst(2).drop { $0 == " " }
            if tag.first == "/" { tag = tag.dropFirst() }
            guard tag.first == ">" else {
                result.append("<")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result.append("\n")
            rest = tag.dropFirst()
        }
        return result + rest
    }
}
