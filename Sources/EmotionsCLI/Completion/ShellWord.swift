/// Writes text as one word of a shell script, whatever characters it holds.
///
/// Loops over characters rather than `replacing(_:with:)`, which would link string processing's
/// generic code into the binary and spread the code `tap` runs over more pages.
enum ShellWord {
    /// `text` in single quotes, for bash and zsh: `'it'\''s'`.
    static func singleQuoted(_ text: String) -> String {
        var word = "'"
        for character in text {
            word += character == "'" ? #"'\''"# : String(character)
        }
        return word + "'"
    }

    /// `text` in fish's single quotes, inside which `\` and `'` take a backslash.
    static func fishQuoted(_ text: String) -> String {
        "'" + escaping(#"\'"#, in: text) + "'"
    }

    /// `text` with a backslash before each character that is one of `characters`.
    static func escaping(_ characters: String, in text: String) -> String {
        var escaped = ""
        for character in text {
            if characters.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
