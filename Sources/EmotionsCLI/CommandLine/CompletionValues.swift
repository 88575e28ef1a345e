/// What a shell offers when completing an argument or an option's value.
///
/// Specs name the kind rather than hold the words, so building a spec on the way to a tap computes
/// no list; the words are looked up only when a completion script is generated.
enum CompletionValues: Sendable, Equatable {
    /// Nothing: the user types it, as `add`'s count.
    case nothing
    /// Paths of files and folders.
    case paths
    /// The names of the subcommands, in the order help lists them.
    case subcommands
    /// These words, in this order.
    case words([String])
    /// A list of the tool's own words, such as the names of the things it counts, which its
    /// completion scripts make; the parser and help never look inside it.
    case list(CompletionList)
}

/// A list of a tool's own words, known here only by name; its completion scripts know how to make it.
struct CompletionList: Hashable, Sendable {
    /// What the list holds, in the plural: `emotions`.
    let name: String
}
