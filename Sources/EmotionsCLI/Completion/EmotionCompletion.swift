/// The lists of the tool's own words its completion scripts offer.
extension CompletionList {
    /// The names of the emotions: canonical names first, then aliases, Korean labels and emoji.
    static let emotions = CompletionList(name: "emotions")
    /// The tags already used, the most felt first: read at completion time by running
    /// `emotions tags`, so no script holds them.
    static let tags = CompletionList(name: "tags")
}

extension CompletionValues {
    /// The names of the emotions, as an argument's completion: `CompletionList.emotions`.
    static let emotions = CompletionValues.list(.emotions)
    /// The tags already used, as `--tag`'s completion: `CompletionList.tags`.
    static let tags = CompletionValues.list(.tags)
}
