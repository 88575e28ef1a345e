/// A Daylio activity made a tag: `good meal` → `good-meal`, `movies / tv` → `movies-tv`,
/// `Self-Care` → `self-care`.
///
/// Lower-cased; each run of characters a tag cannot hold (spaces, `/`, `&`, an emoji, and `-`
/// itself) becomes one `-`, none at either end; cut to `Tag.lengthLimit` characters and `Tag.byteLimit`
/// bytes (before the first character that would not fit). An activity
/// with no letter or digit at all (`🎮`, `!!`) makes no tag: `nil`.
enum ActivityTag {
    /// The activities of a Daylio `activities` field: split at `|`, trimmed, empty ones left out.
    static func activities(in field: String) -> [String] {
        field.split(separator: "|").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// The tag `activity` becomes, or `nil` if it has no letter or digit.
    static func tag(for activity: String) -> Tag? {
        var name = ""
        var count = 0
        var separated = false
        for character in activity.lowercased() {
            guard character != "-", Tag.isAllowed(character) else {
                separated = true
                continue
            }
            let hyphen = separated && count > 0 ? 1 : 0
            guard count + hyphen < Tag.lengthLimit, name.utf8.count + hyphen + character.utf8.count <= Tag.byteLimit else { break }
            if hyphen == 1 { name.append("-") }
            separated = false
            name.append(character)
            count += 1 + hyphen
        }
        return try? Tag(name)
    }
}
