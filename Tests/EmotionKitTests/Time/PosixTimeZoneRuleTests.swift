import Foundation
import Testing
@testable import EmotionKit

struct PosixTimeZoneRuleTests {
    @Test(arguments: [
        // Central Europe: summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last of October.
        ("CET-1CEST,M3.5.0,M10.5.0/3", Int64(1_774_745_999), 3600),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 1_774_746_000, 7200),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 1_792_889_999, 7200),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 1_792_890_000, 3600),
        // New York: 02:00 local on the second Sunday of March and the first of November.
        ("EST5EDT,M3.2.0,M11.1.0", 1_772_953_199, -18_000),
        ("EST5EDT,M3.2.0,M11.1.0", 1_772_953_200, -14_400),
        ("EST5EDT,M3.2.0,M11.1.0", 1_793_512_799, -14_400),
        ("EST5EDT,M3.2.0,M11.1.0", 1_793_512_800, -18_000),
        // Iran, with no daylight saving time: a quoted name and minutes.
        ("<+0330>-3:30", 1_784_116_800, 12_600),
        ("EST5", 1_784_116_800, -18_000),
        ("<-0130>+1:30:15", 0, -5_415),
        // The southern hemisphere: summer spans the new year.
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_768_478_400, 39_600),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_784_116_800, 36_000),
        // RFC 8536's version 3: daylight saving time all year, a change at 25:00.
        ("EST5EDT,0/0,J365/25", 1_784_116_800, -14_400),
        ("EST5EDT,0/0,J365/25", 1_768_478_400, -14_400),
        // Negative times, as Greenland's footer: -1:00 on the last Sunday of March.
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1_784_116_800, -3_600),
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1_768_478_400, -7_200),
    ])
    func aRuleGivesTheOffsetItsDatesSay(rule: String, seconds: Int64, offset: Int) throws {
        let parsed = try #require(PosixTimeZoneRule(rule))
        expect(parsed.offset(atSecondsSinceEpoch: seconds), equals: offset)
    }

    /// Forms glibc reads differently (it completes a rule from `posixrules`, clamps, or ignores what
    /// follows), or not at all: none is a rule here, so the C library is asked.
    @Test(arguments: [
        "", "EST", "ES5", "EST5EDT", "EST5EDT,", "EST5EDT,M3.2.0", "CET-1CEST,M3.5.0,M10.5.0/3x", "EST25",
        "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J10",
        "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0", "EST5:60", "<AB>5", "<ABC5", "EST 5", "EST+",
        "EST5EDT-,M3.2.0,M11.1.0", "Europe/Paris", ":UTC", "EST5EDT;M3.2.0,M11.1.0", "EST0001",
    ])
    func aTextThatIsNoRuleInTheFormsReadHereIsNone(text: String) {
        expect(PosixTimeZoneRule(text), equals: nil)
    }

    @Test func aRuleWithoutDaylightSavingTimeHasNone() throws {
        let rule = try #require(PosixTimeZoneRule("<+0330>-3:30"))
        expect(rule.standardOffset, equals: 12_600)
        expect(rule.daylightSaving, equals: nil)
        let daylight = try #require(PosixTimeZoneRule("XXX3YYY,J60/0,300/-2")?.daylightSaving)
        expect(daylight.offset, equals: -7_200)
        expect(daylight.start, equals: PosixTimeZoneRule.Change(day: .julian(60), secondsIntoDay: 0))
        expect(daylight.end, equals: PosixTimeZoneRule.Change(day: .ordinal(300), secondsIntoDay: -7_200))
    }

    @Test func noInstantMakesARuleTrap() throws {
        let rule = try #require(PosixTimeZoneRule("XXX3YYY,M3.5.0/-167,M10.1.6/167"))
        for seconds in [Int64.min, .min + 1, -1, 0, .max - 1, .max] {
            #expect(abs(rule.offset(atSecondsSinceEpoch: seconds)) <= 3 * 3600)
        }
    }

    #if os(Linux)
    /// Each rule, given as `TZ`, gives the offsets glibc gives, from 1900 to 2100 (glibc starts the
    /// years before 1970 at 1970-01-01, and so does the rule), and a second either side of each change.
    @Test func rulesGiveTheOffsetsTheCLibraryGives() throws {
        let rules = [
            "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "AEST-10AEDT,M10.1.0,M4.1.0/3",
            "EST5EDT,0/0,J365/25", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "XXX3YYY,J60/0,J300/2", "XXX-3YYY,59/0,299/-2:30",
            "NZST-12NZDT,M9.5.0,M4.1.0/3", "<+13>-13<+14>,M9.5.0/3,M4.1.0/4", "IST-1GMT0,M10.5.0,M3.5.0/1",
            "XXX5YYY4:30,M2.5.6/-167,M11.4.3/167", "XXX-24YYY+24,M1.1.0,M12.5.6", "AAA1BBB,J1/0,J365/24",
        ]
        let folder = try TemporaryFolder()
        let asked = try rules.map { text in
            let rule = try #require(PosixTimeZoneRule(text), "\(text)")
            var instants = Array(stride(from: Int64(-2_208_988_800), to: 4_102_444_800, by: 86_400 * 5 + 3_607))
            var previous = rule.offset(atSecondsSinceEpoch: instants[0])
            for (before, after) in zip(instants, instants.dropFirst()) {
                let offset = rule.offset(atSecondsSinceEpoch: after)
                if offset != previous { instants += Self.change(in: before...after, of: rule) }
                previous = offset
            }
            return (tz: text, instants: instants)
        }
        let answers = try CLibraryOffsets.offsets(asked, in: folder)
        for (question, answer) in zip(asked, answers) {
            let rule = try #require(PosixTimeZoneRule(question.tz))
            expect(answer.count, equals: question.instants.count, "date said too little for \(question.tz)")
            let wrong = zip(question.instants, answer).filter { rule.offset(atSecondsSinceEpoch: $0.0) != $0.1 }
            #expect(wrong.isEmpty, "\(question.tz) at \(wrong.prefix(3).map(\.0)): C library \(wrong.prefix(3).map(\.1))")
        }
    }

    /// The second `rule`'s offset changes within `span`, and the second before.
    private static func change(in span: ClosedRange<Int64>, of rule: PosixTimeZoneRule) -> [Int64] {
        let first = rule.offset(atSecondsSinceEpoch: span.lowerBound)
        var low = span.lowerBound
        var high = span.upperBound
        while high - low > 1 {
            let middle = (low + high) / 2
            if rule.offset(atSecondsSinceEpoch: middle) == first { low = middle } else { high = middle }
        }
        return [high - 1, high]
    }
    #endif
}
