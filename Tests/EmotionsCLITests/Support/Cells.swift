/// Terminal cells as a person counts them on screen, independently of `CellWidth`: the colour
/// escapes the tool writes take none, the emoji and Hangul it prints take two, all else one.
func cells(_ line: some StringProtocol) -> Int {
    var count = 0
    for character in withoutEscapes(String(line)) {
        let value = character.unicodeScalars.first?.value ?? 0
        count += (0x1F600...0x1F64F).contains(value) || (0xAC00...0xD7A3).contains(value) ? 2 : 1
    }
    return count
}

/// `text` with every SGR escape (`ESC [ digits m`) taken out.
func withoutEscapes(_ text: String) -> String {
    var result = ""
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "\u{1B}" else {
            result.unicodeScalars.append(scalar)
            continue
        }
        guard scalars.popFirst() == "[" else { continue }
        while let next = scalars.popFirst(), next != "m" {}
    }
    return result
}

/// Whether `text` holds an escape character at all.
func hasEscapes(_ text: String) -> Bool {
    text.unicodeScalars.contains("\u{1B}")
}
