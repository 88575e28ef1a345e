import Foundation
import Testing

/// The binary reads `TZ` as the C library does, whether it names a zone file, a rule or nothing:
/// a summer and a winter noon are stored at the offsets in force then.
struct TimeZoneTests {
    @Test(arguments: [
        ("Europe/Berlin", "+02:00", "+01:00"), (":Europe/Berlin", "+02:00", "+01:00"),
        ("/usr/share/zoneinfo/Europe/Berlin", "+02:00", "+01:00"), ("CET-1CEST,M3.5.0,M10.5.0/3", "+02:00", "+01:00"),
        ("EST5EDT", "-04:00", "-05:00"), ("AEST-10AEDT,M10.1.0,M4.1.0/3", "+10:00", "+11:00"),
        ("<+0330>-3:30", "+03:30", "+03:30"), ("", "+00:00", "+00:00"), ("Nowhere", "+00:00", "+00:00"),
        // Daylight saving time without dates: glibc takes them from the posixrules file (New York's).
        ("EST5EDT4", "-04:00", "-05:00"),
    ])
    func aSummerAndAWinterNoonGetTheOffsetsTheZoneHasThen(tz: String, summer: String, winter: String) async throws {
        // The zones named are tzdata's, which CI has.
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin") else { return }
        let sandbox = try Sandbox()
        for noon in ["2025-07-01T12:00", "2025-12-01T12:00"] {
            expectSuccess(try await sandbox.run(["tap", "happy", "--at", noon, "-q"], environment: ["TZ": tz]), stdout: "")
        }
        let log = try await sandbox.run(["log", "--json"], environment: ["TZ": tz])
        #expect(log.stdout.contains(#""at": "2025-07-01T12:00:00.000\#(summer)""#), "\(log)")
        #expect(log.stdout.contains(#""at": "2025-12-01T12:00:00.000\#(winter)""#), "\(log)")
    }
}
