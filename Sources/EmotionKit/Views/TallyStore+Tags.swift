/// What was felt by tag: `stats --by tag`, and the tags a shell completes (`stats +work` is `felt(since:until:withTags:)`).
extension TallyStore {
    /// What was felt in `[since, until)` with each tag, and without any; with `tags`, only in changes
    /// recorded with every one of them.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func feltByTag(since: Instant?, until: Instant?, withTags tags: [Tag] = []) throws -> FeltByTag {
        let found = try readingFelt { reader, _, _ throws(StoreError) in try reader.byTag(since: since, until: until, withTags: tags) }
        return FeltByTag(tagged: found?.tagged ?? [:], untagged: found?.untagged ?? Felt())
    }
}

/// What was felt with each tag, and without any: `stats --by tag`.
public struct FeltByTag: Equatable, Sendable {
    /// One tag and what was felt in the changes recorded with it.
    public struct Row: Equatable, Sendable {
        /// The tag.
        public let tag: Tag
        /// What was felt with it.
        public let felt: Felt
    }

    /// Each tag felt with, the most felt first (by the whole total, then by name).
    public let rows: [Row]
    /// What was felt in changes without tags.
    public let untagged: Felt

    /// The rows of `tagged`, ordered, and `untagged`; a tag whose changes add up to nothing is left out.
    init(tagged: [Tag: Felt], untagged: Felt) {
        rows = tagged.filter { !$0.value.isEmpty }.map { Row(tag: $0.key, felt: $0.value) }.sorted {
            let (left, right) = ($0.felt.wholeTotal, $1.felt.wholeTotal)
            return left != right ? left > right : $0.tag < $1.tag
        }
        self.untagged = untagged
    }

    /// The tags, most felt first: what a shell offers after `+`.
    public var tags: [Tag] { rows.map(\.tag) }
}
