/// The one list of the tool's own words its completion scripts offer.
extension CompletionList {
    /// The names of the emotions: canonical names first, then aliases, Korean labels and emoji.
    static let emotions = CompletionList(name: "emotions")
}

extension CompletionValues {
    /// The names of the emotions, as an argument's completion: `CompletionList.emotions`.
    static let emotions = CompletionValues.list(.emotions)
}
