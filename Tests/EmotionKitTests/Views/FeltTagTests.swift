@testable import EmotionKit
import Testing

/// What was felt with tags (`stats +work`, `stats --by tag`, `emotions tags`) and `log +work`'s query.
@Suite struct FeltTagTests {
    let folder: TemporaryFolder
    let path: String
    let clock = HandClock()

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    private func tags(_ names: String...) throws -> [EmotionKit.Tag] {
        try names.map { try EmotionKit.Tag($0) }
    }

    /// A history: tagged and untagged taps and adds, a tagged change undone, a reset, and an undo
    /// made again.
    private func history() throws -> TallyStore {
        let store = clock.store(at: path)
        try store.apply([.tap(.happy), .tap(.happy)], note: nil, tags: try tags("work", "gym"))  // happy +2: work, gym
        clock.advance(milliseconds: 1000)
        try store.apply([.add(3, to: .sad)], note: nil, tags: try tags("work"))  // sad +3: work
        clock.advance(milliseconds: 1000)
        try store.apply([.tap(.smile)], note: nil)  // smile +1: untagged
        clock.advance(milliseconds: 1000)
        try store.apply([.add(5, to: .upset)], note: nil, tags: try tags("work"))
        _ = try store.undo()  // upset +5: undone, not felt
        clock.advance(milliseconds: 1000)
        try store.apply([.tap(.neutral)], note: nil, tags: try tags("friends"))
        _ = try store.undo()
        _ = try store.redo()  // neutral +1: friends, made again
        clock.advance(milliseconds: 1000)
        try store.apply([.reset(.happy)], note: nil)  // A reset is not felt, tagged or not.
        clock.advance(milliseconds: 1)
        return store
    }

    @Test func onlyTaggedTapsAndAddsNotUndoneAreFeltWithATag() throws {
        let store = try history()
        let work = try store.felt(since: nil, until: nil, withTags: try tags("work"))
        #expect(work[.happy] == 2 && work[.sad] == 3 && work[.upset] == 0 && work[.smile] == 0 && work[.neutral] == 0)
        expect(work.total, equals: 5)
        let friends = try store.felt(since: nil, until: clock.instant, withTags: try tags("friends"))
        #expect(friends.total == 1 && friends[.neutral] == 1)
        #expect(try store.felt(since: nil, until: nil, withTags: try tags("nothing")).isEmpty)
        // Without tags, everything felt.
        try expect(store.felt(since: nil, until: nil, withTags: []).total, equals: 7)
    }

    @Test func severalTagsMeanAllOfThem() throws {
        let store = try history()
        let both = try store.felt(since: nil, until: nil, withTags: try tags("gym", "work"))
        #expect(both.total == 2 && both[.happy] == 2)
        #expect(try store.felt(since: nil, until: nil, withTags: try tags("gym", "friends")).isEmpty)
    }

    @Test func aRangeKeepsToTheChangesPlacedInIt() throws {
        let store = clock.store(at: path)
        try store.apply([.tap(.happy)], note: nil, tags: try tags("work"))
        let second = clock.instant.advanced(byMilliseconds: 60_000) ?? clock.instant
        clock.advance(milliseconds: 120_000)
        try store.apply([.tap(.sad)], note: nil, tags: try tags("work"))
        clock.advance(milliseconds: 1)
        let late = try store.felt(since: second, until: clock.instant, withTags: try tags("work"))
        #expect(late[.sad] == 1 && late[.happy] == 0)
        let byDay = try store.felt(by: .day, since: nil, until: nil, withTags: try tags("work"))
        expect(byDay.values.reduce(0) { $0 + $1.total }, equals: 2)
    }

    @Test func byTagCountsAChangeForEachOfItsTagsWithAnUntaggedRow() throws {
        let store = try history()
        let found = try store.feltByTag(since: nil, until: nil)
        expect(found.rows.map(\.tag.name), equals: ["work", "gym", "friends"])
        expect(found.rows.map(\.felt.total), equals: [5, 2, 1])
        expect(found.rows.first?.felt[.upset], equals: 0, "the undone add is not counted")
        #expect(found.untagged.total == 1 && found.untagged[.smile] == 1)
        expect(found.tags.map(\.name), equals: ["work", "gym", "friends"])
    }

    @Test func byTagOrdersTiesByNameAndLeavesOutTagsWhoseChangesAreUndone() throws {
        let store = clock.store(at: path)
        try store.apply([.tap(.happy)], note: nil, tags: try tags("b", "a"))
        try store.apply([.tap(.sad)], note: nil, tags: try tags("gone"))
        _ = try store.undo()
        clock.advance(milliseconds: 1)
        let found = try store.feltByTag(since: nil, until: nil)
        expect(found.rows.map(\.tag.name), equals: ["a", "b"])
        #expect(found.untagged.isEmpty)
    }

    @Test func anEmptyHistoryHasNoTags() throws {
        let found = try clock.store(at: path).feltByTag(since: nil, until: nil)
        #expect(found.rows.isEmpty && found.untagged.isEmpty)
    }

    @Test func theQueryKeepsToEventsWithEveryTagAsked() throws {
        let store = try history()
        let work = try store.events(EventQuery(tags: try tags("work")))
        expect(work.map(\.emotion), equals: [.happy, .happy, .sad, .upset], "undone or not, the history lists them")
        try expect(store.events(EventQuery(tags: try tags("work", "gym"))).count, equals: 2)
        try expect(store.events(EventQuery(emotions: [.sad], tags: try tags("work"))).count, equals: 1)
        #expect(try store.events(EventQuery(tags: try tags("nothing"))).isEmpty)
        #expect(try store.events(EventQuery()).count > 7)
    }
}
