@testable import EmotionKit
import Testing

@Suite struct StreakTests {
    /// The day `offset` days after 2026-11-26, a Thursday.
    func day(_ offset: Int64) -> LocalDate {
        LocalDate(year: 2026, month: 11, day: 26)?.adding(days: offset) ?? .epoch
    }

    /// What was felt on the days `offsets` from 2026-11-26: a tap of happy each.
    func felt(_ offsets: [Int64]) -> [Period: Felt] {
        var felt: [Period: Felt] = [:]
        for offset in offsets {
            felt[Period(containing: day(offset), length: .day)] = Felt(stored: { $0 == 0 ? 1 : 0 }) ?? Felt()
        }
        return felt
    }

    @Test func theCurrentRunEndsTodayAndTheLongestIsTheLongestAnywhere() {
        let streak = Streak(felt: felt([-9, -8, -7, -6, -3, -1, 0]), through: day(0))
        expect(streak, equals: Streak(days: [-9, -8, -7, -6, -3, -1, 0], through: 0))
        expect(streak.days, equals: 7)
        expect(streak.current, equals: 2)
        expect(streak.longest, equals: 4)
    }

    @Test func aLastDayWithNothingYetDoesNotBreakTheRunEndingTheDayBefore() {
        let streak = Streak(felt: felt([-3, -2, -1]), through: day(0))
        expect(streak.current, equals: 3)
        expect(streak.longest, equals: 3)
    }

    @Test func twoDaysWithNothingEndTheCurrentRun() {
        let streak = Streak(felt: felt([-4, -3, -2]), through: day(0))
        expect(streak.days, equals: 3)
        expect(streak.current, equals: 0)
        expect(streak.longest, equals: 3)
    }

    @Test func aDayWhoseTapsAndAddsCancelOutIsNotADayWithAChange() {
        var felt = felt([-2, 0])
        expect(Felt(stored: { $0 == 4 || $0 == 9 ? -1 : 0 })?.sum(of: .sad), equals: -1)
        // Sad's sum is -1 there: a tap and an add of -2.
        felt[Period(containing: day(-1), length: .day)] = Felt(stored: { $0 == 4 || $0 == 9 ? -1 : 0 }) ?? Felt()
        let streak = Streak(felt: felt, through: day(0))
        expect(streak.days, equals: 2)
        expect(streak.current, equals: 1)
        expect(streak.longest, equals: 1)
    }

    @Test func nothingFeltIsNoDaysAndNoRuns() {
        expect(Streak(felt: [:], through: day(0)), equals: Streak(days: [], through: 0))
        expect(Streak(felt: [:], through: day(0)).longest, equals: 0)
    }

    @Test func aDayAfterTheLastCountsAmongTheDaysButNotInTheCurrentRun() {
        let streak = Streak(felt: felt([-1, 0, 1]), through: day(0))
        expect(streak.days, equals: 3)
        expect(streak.current, equals: 2)
        expect(streak.longest, equals: 3)
    }
}
