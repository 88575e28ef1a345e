/// How the commands that change counts print each change.
enum ChangeFormat: Equatable, Sendable {
    /// `happy: 3 → 4`.
    case text
    /// `{"emotion": "happy", "old": 3, "new": 4}`.
    case json
    /// Nothing.
    case quiet
}
