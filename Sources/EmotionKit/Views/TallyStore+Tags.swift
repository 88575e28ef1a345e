/// What was felt with tags: `stats +work`, `stats --by tag`, and the tags a shell completes.
extension TallyStore {
    /// What was felt in `[since, until)` (either may be open) in the changes recorded with every one
    /// of `tags`; see `Felt`. Reads the lines of the range, not the day index, which keeps no tags.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(since: Instant?, until: Instant?, withTags tags: [Tag]) throws -> Felt {
        guard !tags.isEmpty else { return try felt(since: since, until: until) }
        return try readingFelt { reader, _, _ throws(StoreError) in
            try reader.days(since: since, until: until, withTags: tags) { _ in 0 }[0]
        }.flatMap { $0 } ?? Felt()
    }

    /// As `felt(by:since:until:)`, counting only the changes recorded with every one of `tags`.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(by length: PeriodLength, since: Instant?, until: Instant?, withTags tags: [Tag]) throws -> [Period: Felt] {
        guard !tags.isEmpty else { return try felt(by: length, since: since, until: until) }
        let buckets = try readingFelt { reader, _, _ throws(StoreError) in
            try reader.days(since: since, until: until, withTags: tags) { day in
                Period(containing: LocalDate(daysSinceEpoch: day) ?? .epoch, length: length).start.daysSinceEpoch
            }
        } ?? [:]
        var periods: [Period: Felt] = [:]
        for (first, felt) in buckets {
            periods[Period(containing: LocalDate(daysSinceEpoch: first) ?? .epoch, length: length), default: Felt()].merge(felt)
        }
        return periods
    }

    /// What was felt in `[since, until)` with each tag, and without any.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func feltByTag(since: Instant?, until: Instant?) throws -> FeltByTag {
        let found = try readingFelt { reader, _, _ throws(StoreError) in try reader.byTag(since: since, until: until) }
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
