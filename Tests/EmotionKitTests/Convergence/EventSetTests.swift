import Testing

import EmotionKit

@Suite struct ConvergenceEventSetTests {
    @Test func aResetClearsOnlyWhatItHadSeenSoATapMadeMeanwhileStands() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let tap1 = try make.event(a, 1, .tap)
        let tap2 = try make.event(a, 2, .tap)
        let bTap = try make.event(b, 1, .tap, after: [HistoryMark(a, 2)])  // B had both, so showed 3.
        let reset = try make.event(a, 3, .reset)  // A resets at 2, not having seen B's tap.
        var atA = EventSet([tap1, tap2, reset])
        var atB = EventSet([tap1, tap2, bTap])
        expect(atA.count(of: .happy), equals: 0)
        expect(atB.count(of: .happy), equals: 3)
        atA.insert(bTap)
        atB.insert(reset)
        expect(atA.count(of: .happy), equals: 1)
        expect(atB.count(of: .happy), equals: 1)
    }

    @Test func undoingAResetRestoresWhatItClearedAndKeepsWhatCameAfter() throws {
        var make = EventMaker()
        let a = make.history()
        let taps = try (1...3).map { try make.event(a, UInt64($0), .tap) }
        let reset = try make.event(a, 4, .reset)
        let after = try make.event(a, 5, .tap)
        var set = EventSet(taps + [reset, after])
        expect(set.count(of: .happy), equals: 1)
        set.insert(try make.event(a, 6, .undo, reverts: reset.group))
        expect(set.count(of: .happy), equals: 4)
        #expect(!set.stands(group: reset.group))
    }

    @Test func twoHistoriesUndoingOneCommandKeepItUndoneUntilBothRedo() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let tap = try make.event(a, 1, .tap)
        let undoA = try make.event(a, 2, .undo, reverts: tap.group)
        let undoB = try make.event(b, 1, .undo, after: [HistoryMark(a, 1)], reverts: tap.group)
        var set = EventSet([tap, undoA, undoB])
        expect(set.count(of: .happy), equals: 0)
        set.insert(try make.event(a, 3, .redo, reverts: tap.group))
        expect(set.count(of: .happy), equals: 0)
        #expect(!set.stands(group: tap.group))
        set.insert(try make.event(b, 2, .redo, reverts: tap.group))
        expect(set.count(of: .happy), equals: 1)
        #expect(set.stands(group: tap.group))
    }

    @Test func twoConcurrentSubtractionsOfTwoFromTwoEndAtZeroNeverBelow() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let add = try make.event(a, 1, .add, delta: 2)
        let minusA = try make.event(a, 2, .add, delta: -2)
        let minusB = try make.event(b, 1, .add, delta: -2, after: [HistoryMark(a, 1)])
        var set = EventSet([add, minusA, minusB])
        expect(set.count(of: .happy), equals: 0)
        set.insert(try make.event(a, 3, .tap, after: [HistoryMark(b, 1)]))
        expect(set.count(of: .happy), equals: 1)
    }

    @Test func aTapMadeAfterSeeingAResetCountsWhateverItsClockSays() throws {
        // The model holds no time at all: a tap whose machine's clock is a day behind, made after
        // taking in another history's reset, is after that reset because it had seen it.
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let taps = try (1...2).map { try make.event(a, UInt64($0), .tap) }
        let reset = try make.event(a, 3, .reset)
        let late = try make.event(b, 1, .tap, after: [HistoryMark(a, 3)])
        var set = EventSet([late, reset] + taps)
        expect(set.count(of: .happy), equals: 1)
    }

    @Test func duplicatesAndAnyArrivalOrderGiveTheSameCounts() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let events = [
            try make.event(a, 1, .tap), try make.event(a, 2, .add, .sad, delta: 5),
            try make.event(b, 1, .tap, .sad, after: [HistoryMark(a, 1)]),
            try make.event(a, 3, .reset, .sad), try make.event(b, 2, .add, .sad, delta: -3),
            try make.event(b, 3, .reset, .happy, after: [HistoryMark(a, 3)]),
            try make.event(a, 4, .tap, after: [HistoryMark(b, 2)]),
        ]
        var reference = EventSet(events)
        let expected = reference.counts()
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<50 {
            var shuffled = (events + events.prefix(3)).shuffled(using: &generator)
            shuffled.append(contentsOf: shuffled.prefix(2))
            var set = EventSet(shuffled)
            expect(set.counts(), equals: expected)
            expect(set.count, equals: events.count)
        }
    }

    @Test func baseCountsAreClearedByAResetThatHasSeenTheirHistory() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let before = try #require(Tally(counts: [.happy: 4, .sad: 2]))
        let reset = try make.event(b, 1, .reset, after: [HistoryMark(a, 0)])
        let blind = try make.event(b, 2, .reset, .sad)  // Has seen A's header too, through seq 1.
        var set = EventSet([reset], bases: [a: before])
        expect(set.counts(), equals: Tally(counts: [.happy: 0, .sad: 2]))
        set.insert(blind)
        expect(set.counts(), equals: Tally())
        var unseen = EventSet([try make.event(b, 1, .reset)], bases: [a: before])
        expect(unseen.counts(), equals: before)
    }

    @Test func theVersionVectorIsTheGapFreePrefixHeldPerHistory() throws {
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let set = EventSet([
            try make.event(a, 1, .tap), try make.event(a, 2, .tap), try make.event(a, 4, .tap),
            try make.event(b, 2, .tap),
        ])
        expect(set.versionVector, equals: [a: 2, b: 0])
    }

    @Test func countsPastWhatATallyHoldsAreHeldThereWithoutATrap() throws {
        var make = EventMaker()
        let a = make.history()
        var set = EventSet([
            try make.event(a, 1, .add, delta: .max), try make.event(a, 2, .add, delta: .max),
            try make.event(a, 3, .add, .sad, delta: .max), try make.event(a, 4, .add, .smile, delta: .min),
        ])
        let counts = set.counts()
        expect(counts[.happy], equals: .max)
        expect(counts[.sad], equals: 0)
        expect(counts[.smile], equals: 0)
    }

    @Test func aResetThatHasSeenEverythingShowsZeroEvenAfterAnEarlierResetWasFloored() throws {
        // B takes 2 away that A's first reset had not seen: that reset floors at 0, adding 2 back.
        // A's second reset, having seen it all, must take that back too, not show 2.
        var make = EventMaker()
        let (a, b) = (make.history(), make.history())
        let taps = try (1...2).map { try make.event(a, UInt64($0), .tap) }
        let minus = try make.event(b, 1, .add, delta: -2, after: [HistoryMark(a, 2)])
        let first = try make.event(a, 3, .reset)
        var set = EventSet(taps + [minus, first])
        expect(set.count(of: .happy), equals: 0)
        set.insert(try make.event(a, 4, .tap, after: [HistoryMark(b, 1)]))
        expect(set.count(of: .happy), equals: 1)
        set.insert(try make.event(a, 5, .reset))
        expect(set.count(of: .happy), equals: 0)
    }

    @Test func anEventAtTwoAddressesFromV1ImportsCountsOnceAndAnyOrderGivesTheSameCounts() throws {
        // X was made on C, then imported by v1 into A's journal (seq 2) and B's (seq 1). A's first
        // line had seen B's seq 2, which had seen X at B: a cycle, broken by the smallest id.
        var make = EventMaker()
        let (a, b, c) = (make.history(), make.history(), make.history())
        let x = try make.event(c, 1, .tap)
        func at(_ history: HistoryID, _ seq: UInt64) throws -> HistoryEvent {
            try HistoryEvent(
                id: x.id, group: x.group, history: history, seq: seq, command: .tap, emotion: .happy, delta: 1)
        }
        let first = try make.event(a, 1, .tap, after: [HistoryMark(b, 2)])
        let events = [
            x, try at(a, 2), try at(b, 1), first, try make.event(b, 2, .tap, .sad),
            try make.event(a, 3, .reset),  // Has seen X at A and, through A's seq 1, B's sad tap.
        ]
        var reference = EventSet(events)
        expect(reference.count, equals: 4)
        expect(reference.counts(), equals: Tally(counts: [.sad: 1]))  // The reset was of happy.
        expect(reference.versionVector, equals: [a: 3, b: 2, c: 1])
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<30 {
            var set = EventSet(events.shuffled(using: &generator))
            expect(set.counts(), equals: reference.counts())
            set.insert(try make.event(b, 3, .tap, after: [HistoryMark(a, 3)]))
            expect(set.count(of: .happy), equals: 1)
        }
    }
}
