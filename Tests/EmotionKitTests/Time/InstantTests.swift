import Testing
@testable import EmotionKit

struct InstantTests {
    @Test func secondsRoundDownBeforeTheEpoch() {
        expect(Instant(millisecondsSinceEpoch: -1).secondsSinceEpoch, equals: -1)
        expect(Instant(millisecondsSinceEpoch: 1999).secondsSinceEpoch, equals: 1)
    }

    @Test func advancingPastTheEndsIsNilNotATrap() {
        expect(Instant(millisecondsSinceEpoch: .max).advanced(byMilliseconds: 1), equals: nil)
        expect(Instant(millisecondsSinceEpoch: 0).advanced(by: .seconds(Int64.max)), equals: nil)
        expect(Instant(millisecondsSinceEpoch: 0).advanced(by: .milliseconds(1500)), equals: Instant(millisecondsSinceEpoch: 1500))
    }

    @Test(arguments: [
        (1_795_435_445_123, 9 * 3600, "2026-11-23T21:04:05.123+09:00"),
        (1_795_435_445_123, 0, "2026-11-23T12:04:05.123+00:00"),
        (1_795_435_445_123, -(3 * 3600 + 30 * 60), "2026-11-23T08:34:05.123-03:30"),
        (0, 0, "1970-01-01T00:00:00.000+00:00"),
        (-1, 0, "1969-12-31T23:59:59.999+00:00"),
        (951_825_600_000, 0, "2000-02-29T12:00:00.000+00:00"),
    ])
    func rfc3339ShowsMillisecondsAndTheOffset(milliseconds: Int64, offset: Int, text: String) {
        expect(Instant(millisecondsSinceEpoch: milliseconds).rfc3339(offsetSeconds: offset), equals: text)
    }

    @Test func anOffsetOfSecondsIsWrittenInUTC() {
        expect(Instant(millisecondsSinceEpoch: 0).rfc3339(offsetSeconds: -17_762), equals: "1970-01-01T00:00:00.000+00:00")
    }

    @Test(arguments: [TimeZoneRules.tokyo, .india, .newfoundland, .newYork, .utc])
    func rfc3339ReadsBackAsTheSameInstant(zone: TimeZoneRules) throws {
        var milliseconds: Int64 = -62_135_510_400_000  // 0001-01-02T00:00:00Z
        while milliseconds < 253_402_128_000_000 {  // 9999-12-30T00:00:00Z
            let instant = Instant(millisecondsSinceEpoch: milliseconds)
            let text = instant.rfc3339(in: zone)
            let read = try TimeExpression(parsing: text).span(now: instant, zone: .utc)
            expect(read, equals: TimeSpan(moment: instant), "\(text)")
            milliseconds += 3_456_789_123_457
        }
    }

    @Test func theNewYorkRuleFormatsBothSidesOfItsTransitions() {
        expect(at("2026-03-08T06:59:59Z").rfc3339(in: .newYork), equals: "2026-03-08T01:59:59.000-05:00")
        expect(at("2026-03-08T07:00:00Z").rfc3339(in: .newYork), equals: "2026-03-08T03:00:00.000-04:00")
        expect(at("2026-11-01T05:59:59Z").rfc3339(in: .newYork), equals: "2026-11-01T01:59:59.000-04:00")
        expect(at("2026-11-01T06:00:00Z").rfc3339(in: .newYork), equals: "2026-11-01T01:00:00.000-05:00")
    }
}
