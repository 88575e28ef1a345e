@testable import EmotionKit
import Synchronization
import Testing

@Suite struct FeltStoreTests {
    let folder: TemporaryFolder
    let path: String
    let clock = HandClock()

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    /// A store on `path` in `zone`, on the hand-moved clock.
    func store(_ zone: TimeZoneRules = .tokyo) -> TallyStore {
        clock.store(at: path, zone: zone)
    }

    @Test func resetsUndoneChangesAndUndoAndRedoThemselvesAreNotFelt() throws {
        let store = store()
        try store.apply([.add(5, to: .smile)], note: nil)  // Before history: no. This is history's first command.
        clock.advance(milliseconds: 60_000)
        let start = clock.instant
        try store.apply([.tap(.happy), .tap(.sad)], note: nil)
        try store.apply([.add(3, to: .happy)], note: nil)
        try store.apply([.reset(.happy)], note: nil)
        try store.apply([.add(-2, to: .smile)], note: nil)
        try store.apply([.tap(.upset)], note: nil)
        _ = try store.undo()  // tap upset: undone.
        try store.apply([.tap(.neutral)], note: nil)
        _ = try store.undo()  // tap neutral
        _ = try store.redo()  // … made again: felt.
        clock.advance(milliseconds: 1)
        let felt = try store.felt(since: start, until: clock.instant)
        expect(felt[.happy], equals: 4)
        expect(felt[.sad], equals: 1)
        expect(felt.sum(of: .smile), equals: -2)
        expect(felt[.smile], equals: 0)
        expect(felt[.upset], equals: 0)
        expect(felt[.neutral], equals: 1)
        try expect(store.felt(since: nil, until: clock.instant)[.smile], equals: 3)
        // Undo after a redo takes the redone command back.
        _ = try store.undo()
        try expect(store.felt(since: start, until: nil)[.neutral], equals: 0)
    }

    @Test func rangesAreHalfOpenOnPlacementTimesBackdatedChangesIncluded() throws {
        let store = store()
        try store.apply([.tap(.happy)], note: nil)
        let first = clock.instant
        clock.advance(milliseconds: 3_600_000)
        try store.apply([.tap(.sad)], note: nil, placedAt: Instant(millisecondsSinceEpoch: first.millisecondsSinceEpoch - 1))
        try store.apply([.tap(.smile)], note: nil)
        try expect(store.felt(since: first, until: clock.instant)[.happy], equals: 1)
        try expect(store.felt(since: first, until: clock.instant)[.smile], equals: 0)  // At `until`: not in.
        try expect(store.felt(since: first, until: nil)[.sad], equals: 0)
        try expect(store.felt(since: nil, until: first)[.sad], equals: 1)
    }

    @Test func changesFallOnTheDayWhereTheyWereMade() throws {
        // 2026-11-22 14:30 UTC: 23:30 in Tokyo, 09:30 in New York.
        let instant = at("2026-11-22T14:30:00Z").millisecondsSinceEpoch
        clock.advance(milliseconds: instant - clock.instant.millisecondsSinceEpoch)
        try store(.tokyo).apply([.tap(.happy)], note: nil)
        try store(.fixed(secondsEast: 10 * 3600)).apply([.tap(.sad)], note: nil)
        let byDay = try store().felt(by: .day, since: nil, until: nil)
        expect(byDay.count, equals: 2)
        expect(byDay[Period(containing: try #require(LocalDate(year: 2026, month: 11, day: 22)), length: .day)]?[.happy], equals: 1)
        expect(byDay[Period(containing: try #require(LocalDate(year: 2026, month: 11, day: 23)), length: .day)]?[.sad], equals: 1)
        let byWeek = try store().felt(by: .week, since: nil, until: nil)
        expect(byWeek.keys.map(\.label).sorted(), equals: ["2026-W47", "2026-W48"])
    }

    /// Random histories of taps, adds, resets, undos and redos, some backdated, made at several
    /// offsets on a clock that sometimes goes back: for random ranges, what `felt` finds equals a
    /// naive fold over every event `log` lists, and the sum over days equals the whole range.
    @Test(arguments: [11, 12])
    func feltEqualsANaiveFoldOverTheLogAndDaysAddUpToTheRange(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let zones: [TimeZoneRules] = [.tokyo, .newYork, .india, .utc, .newfoundland]
        let start = clock.instant
        for _ in 0..<160 {
            clock.advance(milliseconds: Int64.random(in: 1...30 * 3_600_000, using: &generator))
            let store = store(generator.pick(zones))
            try RandomCommand.run(on: store, now: clock.instant, backdating: 1...5 * 86_400_000, using: &generator)
        }
        let store = store()
        let events = try store.events()
        for round in 0..<12 {
            let end = clock.instant.millisecondsSinceEpoch + 1
            let since = generator.chance(0.8) ? Instant(millisecondsSinceEpoch: Int64.random(in: start.millisecondsSinceEpoch...end, using: &generator)) : nil
            let until = generator.chance(0.7) ? Instant(millisecondsSinceEpoch: Int64.random(in: (since?.millisecondsSinceEpoch ?? start.millisecondsSinceEpoch)...end, using: &generator)) : nil
            let expectedDays = FeltStoreTests.naiveFold(events, since: since, until: until)
            var expected = Felt()
            for felt in expectedDays.values { expected.merge(felt) }
            let range = try store.felt(since: since, until: until)
            let byDay = try store.felt(by: .day, since: since, until: until)
            expect(range, equals: expected, "round \(round)")
            expect(byDay, equals: expectedDays, "round \(round)")
            var summed = Felt()
            for felt in byDay.values { summed.merge(felt) }
            expect(summed, equals: range, "round \(round)")
            let byMonth = try store.felt(by: .month, since: since, until: until)
            var months = Felt()
            for felt in byMonth.values { months.merge(felt) }
            expect(months, equals: range, "round \(round)")
        }
    }

    /// What was felt per day, worked out the long way from every event: which commands stand
    /// undone after every undo and redo in the order they were recorded, then the standing taps
    /// and adds in the range, each on its own local day.
    static func naiveFold(_ events: [JournalEvent], since: Instant?, until: Instant?) -> [Period: Felt] {
        var undone: [EventID: Bool] = [:]
        for event in events.sorted(by: { $0.sequence < $1.sequence }) where event.command.isReverting {
            if let reverts = event.reverts { undone[reverts] = event.command == .undo }
        }
        var days: [Period: Felt] = [:]
        for event in events where event.command == .tap || event.command == .add {
            if let since, event.at.millisecondsSinceEpoch < since.millisecondsSinceEpoch { continue }
            if let until, event.at.millisecondsSinceEpoch >= until.millisecondsSinceEpoch { continue }
            if undone[event.group] == true { continue }
            days[Period(containing: event.at.localDate, length: .day), default: Felt()].count(event)
        }
        return days
    }
}


/// `felt(byWeekdaySince:until:)` and the streak of `felt(by: .day)`, under several zones.
@Suite struct WeekdayAndStreakStoreTests {
    let folder: TemporaryFolder
    let path: String
    let clock = HandClock()

    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("emotions.json")
    }

    @Test(arguments: [("tokyo", TimeZoneRules.tokyo), ("new york", .newYork), ("newfoundland", .newfoundland), ("utc", .utc)])
    func aChangeCountsOnTheWeekdayOfItsOwnLocalDay(name: String, zone: TimeZoneRules) throws {
        let store = clock.store(at: path, zone: zone)
        clock.set(at("2026-12-05T12:00:00Z"))
        // 2026-11-23 is a Monday; 23:30 local is still Monday, wherever it is placed.
        let monday = try #require(LocalDate(year: 2026, month: 11, day: 23))
        func local(_ date: LocalDate, _ hour: Int, _ minute: Int) throws -> Instant {
            zone.instant(at: try #require(LocalDateTime(date: date, hour: hour, minute: minute)))
        }
        try store.apply([.tap(.happy)], note: nil, placedAt: try local(monday, 0, 0))
        try store.apply([.tap(.smile)], note: nil, placedAt: try local(monday, 23, 30))
        try store.apply([.add(2, to: .sad)], note: nil, placedAt: try local(try #require(monday.adding(days: 6)), 23, 59))  // Sunday.
        try store.apply([.tap(.upset)], note: nil, placedAt: try local(try #require(monday.adding(days: 7)), 0, 1))  // Monday again.
        try store.apply([.tap(.sad)], note: nil, placedAt: try local(try #require(monday.adding(days: 2)), 12, 0))  // Wednesday…
        _ = try store.undo()  // … undone.
        let weekdays = try store.felt(byWeekdaySince: nil, until: nil)
        expect(weekdays.count, equals: 7, "\(name)")
        #expect(weekdays[.monday]?[.happy] == 1 && weekdays[.monday]?[.smile] == 1 && weekdays[.monday]?[.upset] == 1, "\(name)")
        expect(weekdays[.monday]?.total, equals: 3, "\(name)")
        #expect(weekdays[.sunday]?[.sad] == 2 && weekdays[.sunday]?.total == 2, "\(name)")
        for weekday in [Weekday.tuesday, .wednesday, .thursday, .friday, .saturday] {
            expect(weekdays[weekday]?.isEmpty, equals: true, "\(name): \(weekday)")
        }
        // A range: the second Monday only.
        let second = try store.felt(byWeekdaySince: try local(try #require(monday.adding(days: 7)), 0, 0), until: nil)
        #expect(second[.monday]?.total == 1 && second[.sunday]?.isEmpty == true, "\(name)")
        // Days: the two Mondays and the Sunday between: a run of two, ending the day before the last.
        let days = try store.felt(by: .day, since: nil, until: nil)
        let streak = Streak(felt: days, through: try #require(monday.adding(days: 8)))
        expect(streak, equals: Streak(days: [monday.daysSinceEpoch, monday.daysSinceEpoch + 6, monday.daysSinceEpoch + 7], through: monday.daysSinceEpoch + 8), "\(name)")
        #expect(streak.days == 3 && streak.current == 2 && streak.longest == 2, "\(name)")
    }
}
