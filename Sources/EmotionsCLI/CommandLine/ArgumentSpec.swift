/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The name shown in usage, without angle brackets: `emotion`.
    let name: String
    /// One line saying what to give.
    let help: String
    /// Whether it may be left out.
    var isOptional = false
    /// Whether it takes every remaining positional value.
    var isRepeating = false
    /// What shells offer for it.
    var completion = CompletionValues.nothing

    /// `<emotion>`.
    var label: String { "<\(name)>" }

    /// How it appears in a usage line: `<emotion> ...`, `[<emotion>]`.
    var usage: String {
        let base = isRepeating ? "\(label) ..." : label
        return isOptional ? "[\(base)]" : base
    }
}
