/// Writes text as one word of a bash or zsh command, for the fixes that messages suggest, so that
/// the suggestion can be pasted and run as it is, and shows no control character raw.
enum ShellQuoting {
    /// `text` in single quotes (`'it'\''s'`); if it holds a control character, in `$'…'` with each
    /// control character's UTF-8 bytes as `\xHH` escapes, and `\` and `'` escaped:
    /// `$'a\x0Ab'` for `a`, a line feed and `b`.
    static func word(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else {
            var word = "'"
            for character in text.unicodeScalars {
                word += character == "'" ? #"'\''"# : String(character)
            }
            return word + "'"
        }
        var word = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": word += #"\\"#
            case "'": word += #"\'"#
            case _ where isControl(scalar):
                for byte in String(scalar).utf8 {
                    word += #"\x"# + hexDigits(byte)
                }
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "'"
    }

    /// Whether `scalar` is a character a terminal acts on rather than shows (`isTerminalControl`,
    /// the set the command line escapes on standard error).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isTerminalControl
    }

    /// Two uppercase hex digits: `0A`.
    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
