/// How many character cells text fills on a terminal, as `wcwidth` counts them.
///
/// Covers what the tool prints and a little more: East Asian wide and fullwidth characters
/// (Hangul, CJK, kana) and emoji fill two cells; combining marks, Hangul's trailing jamo, variation
/// selectors, zero-width joiners and other format characters none; ANSI escape sequences
/// (`ESC [ … m`) none. Everything else, including East Asian *ambiguous* characters such as the
/// bar's block elements and `→`, fills one, as terminals do outside CJK legacy settings.
enum CellWidth {
    /// The cells `text` fills, escape sequences not counted.
    static func of(_ text: String) -> Int {
        var cells = 0
        var inEscape = false
        var afterEscape = false
        for scalar in text.unicodeScalars {
            if afterEscape {
                // ESC followed by `[` starts a control sequence; any other byte ends a two-byte escape.
                afterEscape = false
                inEscape = scalar == "["
            } else if inEscape {
                // A control sequence ends with its final byte, `@` to `~`.
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
            } else if scalar == "\u{1B}" {
                afterEscape = true
            } else {
                cells += of(scalar)
            }
        }
        return cells
    }

    /// The cells one scalar fills on its own: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }  // DEL and the C1 controls.
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }  // Medial and final jamo.
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F), coarsely; emoji
    /// are found by their `Emoji_Presentation` property instead.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo, initial consonants.
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation.
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, CJK compatibility.
        0x3400...0x4DBF,  // CJK unified ideographs extension A.
        0x4E00...0x9FFF,  // CJK unified ideographs.
        0xA000...0xA4CF,  // Yi.
        0xA960...0xA97F,  // Hangul Jamo extended A.
        0xAC00...0xD7A3,  // Hangul syllables.
        0xF900...0xFAFF,  // CJK compatibility ideographs.
        0xFE30...0xFE4F,  // CJK compatibility forms.
        0xFF00...0xFF60,  // Fullwidth forms.
        0xFFE0...0xFFE6,  // Fullwidth signs.
        0x20000...0x3FFFD,  // CJK extensions B and beyond.
    ]
}
