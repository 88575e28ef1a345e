import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct StatsGroupingTests {
    @Test func theNamesAreThePeriodLengthsThenWeekdayAndTag() {
        expect(StatsGrouping.names, equals: PeriodLength.allCases.map(\.name) + ["weekday", "tag"])
    }

    @Test func everyNameIsAGroupingAndNoOtherWordIs() {
        for name in StatsGrouping.names {
            #expect(StatsGrouping(name: name) != nil, "\(name)")
        }
        expect(StatsGrouping(name: "year"), equals: nil)
    }
}
