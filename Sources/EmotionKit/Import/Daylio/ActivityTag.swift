/// A Daylio activity made a tag: `good meal` → `good-meal`, `movies / tv` → `movies-tv`,
/// `Self-Care` → `self-care`.
///
/// Lower-cased; each run of characters a tag cannot hold (spaces, `/`, `&`, an emoji, and `-`
/// itself) becomes one `-`, none at either end; cut to `Tag.lengthLimit` characters. An activity
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
            if separated, count > 0 {
                guard count + 1 < Tag.lengthLimit else { break }
                name.append("-")
                count += 1
            }
            separated = false
            guard count < Tag.lengthLimit else { break }
            name.append(character)
            count += 1
        }
        return try? Tag(name)
    }
}
