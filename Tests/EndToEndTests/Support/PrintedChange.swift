/// One change as `tap`, `add` and `reset` print it: `happy: 3 → 4`.
struct PrintedChange: Hashable, Sendable {
    /// The emotion's name.
    let emotion: String
    /// The count before.
    let old: Int
    /// The count after.
    let new: Int

    /// The change `line` prints, or `nil` if it is not one.
    init?(_ line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 4, parts[0].hasSuffix(":"), parts[2] == "→", let old = Int(parts[1]),
            let new = Int(parts[3])
        else { return nil }
        emotion = String(parts[0].dropLast())
        self.old = old
        self.new = new
    }
}
