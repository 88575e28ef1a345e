/// The characters a terminal acts on rather than shows, and how text from outside shows them
/// harmlessly: each as `\u{1B}`, the Swift spelling of its code point in hex, at least two digits.
///
/// They are the C0 controls (U+0000–U+001F, newline and tab included), DEL and the C1 controls
/// (U+007F–U+009F), and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069),
/// which reorder what follows them on screen. A path, a word typed on the command line or a lock
/// holder's command name, which any process may set, could otherwise clear the screen, retitle the
/// window, or make a message read differently from what it says.
enum ControlCharacters {
    /// Whether `scalar` is one of them.
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isTerminalControl
    }

    /// `text` with each of them written as `\u{…}`; everything else, a backslash included, as it is.
    static func escaped(in text: String) -> String {
        escaped(in: text, as: swiftSpelling)
    }

    /// `escaped(in:)`, but a line feed is kept: for a field a terminal shows over several lines (a
    /// note in a CSV record, quoted), where the line break is what the text says.
    static func escapedKeepingLineFeeds(in text: String) -> String {
        guard text.utf8.contains(0x0A) else { return escaped(in: text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(in: String($0)) }.joined(separator: "\n")
    }

    /// `text` in double quotes, as `log` shows a note: each of them written as `\u{…}`, and a backslash
    /// or a double quote of the text with a backslash before it, so that a note that holds the
    /// characters `\u{202E}` cannot look like one that holds the control, nor a quote end the note early.
    /// With a `lineBreak`, each line feed is written as it (a line feed and an indent) instead: the
    /// one control a note's text is shown by.
    static func quoted(_ text: String, lineBreak: String? = nil) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\n", let lineBreak {
                quoted.append(contentsOf: lineBreak.unicodeScalars)
            } else if scalar == "\\" || scalar == "\"" {
                quoted.append("\\")
                quoted.append(scalar)
            } else if contains(scalar) {
                quoted.append(contentsOf: swiftSpelling(String(scalar.value, radix: 16, uppercase: true)).unicodeScalars)
            } else {
                quoted.append(scalar)
            }
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// `json` with each of them written as a JSON escape, `\u202E`: the same JSON (which escapes C0
    /// already), and nothing in it can act on the terminal.
    static func escaped(inJSON json: String) -> String {
        escaped(in: json) { digits in "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits }
    }

    /// `\u{1B}`: a code point's hex digits as Swift spells the scalar, at least two digits.
    private static func swiftSpelling(_ digits: String) -> String {
        "\\u{" + (digits.count < 2 ? "0" + digits : digits) + "}"
    }

    /// `text` with each of them written as `spelling` makes of its code point's hex digits.
    private static func escaped(in text: String, as spelling: (String) -> String) -> String {
        guard text.unicodeScalars.contains(where: contains) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard contains(scalar) else {
                escaped.append(scalar)
                continue
            }
            escaped.append(contentsOf: spelling(String(scalar.value, radix: 16, uppercase: true)).unicodeScalars)
        }
        return String(escaped)
    }
}
