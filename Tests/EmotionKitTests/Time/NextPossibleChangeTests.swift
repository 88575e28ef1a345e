#if os(Linux)
import Testing
@testable import EmotionKit

/// A zone's offset holds from an instant up to its next possible change (`nextPossibleChange`), in
/// every zone file the system has, so that a memo of it (`ZoneMemo`) never answers for an instant
/// the zone gives another offset; and the span is the real one where it matters, up to the next
/// change of daylight saving time.
struct NextPossibleChangeTests {
    /// 1972 to 2100, every 53 days and 1,001 s.
    static let instants = Array(stride(from: Int64(63_072_000), to: 4_102_444_800, by: 53 * 86_400 + 1_001))

    @Test(arguments: 0..<TimeZoneFileAgreementTests.parts)
    func everyZoneFilesOffsetHoldsUpToItsNextPossibleChange(part: Int) throws {
        let zones = TimeZoneFileAgreementTests.zoneFiles.enumerated().filter { $0.offset % TimeZoneFileAgreementTests.parts == part }
        #expect(!zones.isEmpty)
        for (path, bytes) in zones.map(\.element) {
            let file = try #require(TimeZoneFile(bytes: bytes), "\(path)")
            for instant in Self.instants {
                let until = file.nextPossibleChange(afterSecondsSinceEpoch: instant)
                #expect(until > instant, "\(path) at \(instant)")
                let offset = file.offset(atSecondsSinceEpoch: instant)
                let last = min(until, 4_200_000_000) - 1
                // Sixteen instants across the span, its last second included.
                let probes = (0...16).map { instant + (last - instant) / 16 * Int64($0) } + [last]
                let wrong = probes.filter { file.offset(atSecondsSinceEpoch: $0) != offset }
                #expect(wrong.isEmpty, "\(path): \(offset) from \(instant) to \(until), not at \(wrong.prefix(3))")
            }
        }
    }

    @Test func aSpanEndsAtTheNextChangeOfDaylightSavingTime() throws {
        let berlin = try #require(TimeZoneFileAgreementTests.zoneFiles.first { $0.path == "/usr/share/zoneinfo/Europe/Berlin" })
        let file = try #require(TimeZoneFile(bytes: berlin.bytes))
        // 2026-11-27 12:00 UTC, in winter time: it lasts to 2027-03-28 01:00 UTC.
        expect(file.nextPossibleChange(afterSecondsSinceEpoch: 1_795_780_800), equals: 1_806_195_600)
        // The second the clocks went back, 2026-10-25 01:00 UTC, starts a span; the one before ends one.
        expect(file.nextPossibleChange(afterSecondsSinceEpoch: 1_792_890_000 - 1), equals: 1_792_890_000)
        expect(file.nextPossibleChange(afterSecondsSinceEpoch: 1_792_890_000), equals: 1_806_195_600)
    }

    @Test func aRuleWithoutDaylightSavingTimeNeverChanges() throws {
        let rule = try #require(PosixTimeZoneRule("<+0330>-3:30"))
        expect(rule.nextPossibleChange(afterSecondsSinceEpoch: 1_795_780_800), equals: .max)
        let utc = try #require(TimeZoneFileAgreementTests.zoneFiles.first { $0.path == "/usr/share/zoneinfo/Etc/UTC" })
        try expect(#require(TimeZoneFile(bytes: utc.bytes)).nextPossibleChange(afterSecondsSinceEpoch: 1_795_780_800), equals: .max)
    }

    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3", "EST5EDT,M3.2.0,M11.1.0", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"])
    func aRulesOffsetHoldsUpToItsNextPossibleChange(text: String) throws {
        let rule = try #require(PosixTimeZoneRule(text))
        for instant in stride(from: Int64(63_072_000), to: 4_102_444_800, by: 3 * 86_400 + 3_607) {
            let until = rule.nextPossibleChange(afterSecondsSinceEpoch: instant)
            #expect(until > instant && until - instant <= 366 * 86_400, "\(text) at \(instant): \(until)")
            let offset = rule.offset(atSecondsSinceEpoch: instant)
            #expect(rule.offset(atSecondsSinceEpoch: until - 1) == offset && rule.offset(atSecondsSinceEpoch: (instant + until) / 2) == offset)
        }
        // Before 1971 each year's changes are not worked out from its own start: a span of a second.
        expect(rule.nextPossibleChange(afterSecondsSinceEpoch: 1_000), equals: 1_001)
    }
}
#endif
