import Foundation
import Testing

/// `MiddayZone`, the support that keeps end-to-end tests on the real clock away from a local midnight.
struct MiddayZoneTests {
    @Test(arguments: [
        ("2026-11-26T00:00:00Z", "<+12>-12"), ("2026-11-26T05:10:00Z", "<+07>-7"), ("2026-11-26T11:45:00Z", "<+00>0"),
        ("2026-11-26T12:29:00Z", "<+00>0"), ("2026-11-26T12:31:00Z", "<-01>1"), ("2026-11-26T23:59:00Z", "<-12>12"),
    ])
    func eachMomentOfTheDayGetsTheWholeHourOffsetNearestMidday(utc: String, tz: String) throws {
        let date = try #require(ISO8601DateFormatter().date(from: utc))
        expect(MiddayZone.tz(at: date), equals: tz)
    }

    @Test(arguments: [
        ("2026-11-26T00:00:00Z", "<LMT>-11:59:31", "+12:00"), ("2026-11-26T05:10:00Z", "<LMT>-6:59:31", "+07:00"),
        ("2026-11-26T12:00:00Z", "<LMT>0:00:02", "+00:00"), ("2026-11-26T23:59:00Z", "<LMT>12:00:02", "-12:00"),
    ])
    func aZoneWithSecondsIsOneTheNearestMinuteRoundsUpToTheMiddayHour(utc: String, tz: String, stored: String) throws {
        let date = try #require(ISO8601DateFormatter().date(from: utc))
        #expect(MiddayZone.withSeconds(at: date) == (tz, stored))
    }

    @Test func theBinaryReadsTheZoneItChoosesAsAboutMidday() async throws {
        let sandbox = try Sandbox()
        let zone = MiddayZone.tz()
        expectSuccess(try await sandbox.run(["tap", "happy", "-q"], environment: ["TZ": zone]), stdout: "")
        let log = try await sandbox.run(["log", "--json"], environment: ["TZ": zone])
        let at = try #require(DataFile.object(log.stdout)?["at"] as? String, "\(log)")
        let time = String(at.dropFirst(11).prefix(5))  // 2026-11-26T12:27:00.457+03:00
        #expect(time >= "11:29" && time <= "12:31", "\(at) in TZ=\(zone)")
    }
}
