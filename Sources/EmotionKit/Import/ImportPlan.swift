/// What importing a batch into a history does: the changes it takes in (`ImportUnion`, a union by
/// id with the same meaning as sync), how many of the file's changes are there already or left
/// out, and the counts before and after, which the event model gives. Nothing is written here.
package struct ImportPlan: Sendable {
    /// The changes taken in, each with where it was made, in the order they are to be appended;
    /// numbered with sequence 1 until the journal places them.
    package private(set) var changes: [JournalEvent] = []
    /// How many of the file's changes the journal holds already.
    package private(set) var alreadyThere = 0
    /// How many of the file's changes are left out (see `ImportUnion.leftOut`).
    package private(set) var leftOut = 0
    /// The counts before.
    package let before: Tally
    /// The counts once the new changes are taken in.
    package private(set) var after: Tally

    /// The plan of `union` on counts `before`; `after` is set once the model has counted them.
    init(union: ImportUnion, before: Tally) {
        self.before = before
        after = before
        changes = union.events
        alreadyThere = union.alreadyThere
        leftOut = union.leftOut
    }

    /// The plan of a file that holds no changes: nothing to take in, counts `before`.
    init(nothingOn before: Tally) {
        self.before = before
        after = before
    }

    /// Lets `place` number the changes where they are as the journal places them, so that the changes
    /// taken in and the events recorded are one array, never two copies of 100,000 changes.
    mutating func placeChanges(_ place: (inout [JournalEvent]) throws(StoreError) -> Void) throws(StoreError) {
        try place(&changes)
    }

    /// Sets the counts after the changes, as the model gives them.
    mutating func setCountsAfter(_ tally: Tally) {
        after = tally
    }

    /// How much each emotion's count changes, in `Emotion.allCases` order, leaving out those that do not.
    package var netChanges: [(emotion: Emotion, delta: Int)] {
        // Cannot overflow: both counts are 0 or more.
        Emotion.allCases.compactMap { after[$0] != before[$0] ? ($0, after[$0] - before[$0]) : nil }
    }
}
