import Testing
@testable import EmotionKit

/// The process's own zone, checked only for what holds whatever `TZ` is: the end-to-end tests of
/// the commands set `TZ` in a child process.
struct SystemTimeTests {
    @Test func theSystemZoneReadsTheWallClockTheCLibraryReads() throws {
        SystemTime.readTimeZone()
        var seconds: Int64 = -2_000_000_000
        while seconds < 4_000_000_000 {
            let instant = Instant(millisecondsSinceEpoch: seconds * 1000)
            let libc = try #require(SystemTime.localTime(atSecondsSinceEpoch: seconds))
            let ours = try #require(TimeZoneRules.system.localDateTime(at: instant))
            seconds += 12_345_679
            #expect(abs(TimeZoneRules.system.offset(at: instant)) <= 26 * 3600)
            // An offset with seconds (local mean time, in some zones into the 1930s) is read to the minute.
            guard libc.offsetSeconds % 60 == 0 else {
                #expect(abs(TimeZoneRules.system.offset(at: instant) - libc.offsetSeconds) <= 30)
                continue
            }
            #expect(
                [ours.date.year, ours.date.month, ours.date.day, ours.hour, ours.minute, ours.second]
                    == [libc.year, libc.month, libc.day, libc.hour, libc.minute, libc.second])
        }
    }

    @Test func theSystemZoneResolvesAWallClockTimeToAnInstantThatShowsIt() throws {
        // Noon is never in a transition in any zone the C library ships.
        let local = try #require(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 23)!, hour: 12, minute: 0))
        let instant = TimeZoneRules.system.instant(at: local)
        expect(TimeZoneRules.system.localDateTime(at: instant), equals: local)
    }

    @Test func theRealTimeClockIsPastTheEpoch() {
        #expect(Instant.now > Instant(millisecondsSinceEpoch: 0))
    }
}
