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

    #if os(Linux)
    /// Plain counts tell no time, so `stats` reads no zone file for them: without `TZ` the zone is the
    /// system's, which only root may replace, and there is nothing in it to refuse either. A range is
    /// told in local time, and reads it.
    @Test(.enabled(if: Shells.isInstalledOrRequired("strace")))
    func plainCountsReadNoZoneFileAndARangeReadsTheSystemsZone() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        for (command, readsZone) in [("stats --json", false), ("stats", false), ("stats --json --since 7d", true)] {
            let trace = sandbox.capture.appendingPathComponent("trace-\(UUID().uuidString)")
            let outcome = try await sandbox.runShell(
                #"unset TZ; exec strace -qqq -f -e trace=openat,open,stat,newfstatat -o "# + trace.path + #" "$0" "# + command,
                binary: try Emotions.binary().path)
            #expect(outcome.status == 0 && outcome.stdout.contains("1"), "\(command): \(outcome)")
            let calls = try String(contentsOf: trace, encoding: .utf8)
            expect(calls.contains("/etc/localtime"), equals: readsZone, "\(command): \(calls)")
        }
    }

    /// With `TZ` unset, a tap remembers what the system's zone file said in the data file (`"zone"`)
    /// and the next one takes its offset from there: the zone file is looked at (`stat`), not opened.
    /// A memo that no longer describes the file is not used: the zone is read, and remembered anew.
    @Test(.enabled(if: Shells.isInstalledOrRequired("strace")))
    func aTapTakesTheSystemZonesOffsetFromTheDataFilesMemoWhileTheZoneFileIsTheSame() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        let zoneFile = URL(fileURLWithPath: "/etc/localtime").resolvingSymlinksInPath()
        let isZoneFile = (try? Data(contentsOf: zoneFile))?.starts(with: Data("TZif".utf8)) ?? false
        let changed = (try? FileManager.default.attributesOfItem(atPath: zoneFile.path))?[.modificationDate] as? Date
        // A zone file changed within the last 2 s is not remembered yet; no zone file is UTC, and none.
        let isSettled = isZoneFile && (changed.map { Date().timeIntervalSince($0) > 3 } ?? false)
        let written = try String(contentsOf: sandbox.defaultDataFile, encoding: .utf8)
        expect(written.contains(#""zone": {"device": "#), equals: isSettled, "\(written)")
        guard isSettled else { return }
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: zoneFile.path)[.systemFileNumber] as? UInt64)
        #expect(written.contains(#""inode": \#(inode), "#), "\(written)")

        func tapTrace() async throws -> String {
            let trace = sandbox.capture.appendingPathComponent("trace-\(UUID().uuidString)")
            let outcome = try await sandbox.runShell(
                #"unset TZ; exec strace -qqq -f -e trace=openat,open,stat,newfstatat,statx -o "# + trace.path + #" "$0" tap happy -q"#,
                binary: try Emotions.binary().path)
            expect(outcome.status, equals: 0, "\(outcome)")
            return try String(contentsOf: trace, encoding: .utf8)
        }
        let remembered = try await tapTrace()
        #expect(!remembered.contains("open(\"/etc/localtime\"") && !remembered.contains("openat(AT_FDCWD, \"/etc/localtime\""), "\(remembered)")
        #expect(remembered.contains("\"/etc/localtime\""), "the zone file is looked at: \(remembered)")

        // A memo of another file: the zone is read, and the memo made again of the real one.
        let current = try String(contentsOf: sandbox.defaultDataFile, encoding: .utf8)
        let other = current.replacingOccurrences(of: #""inode": \#(inode), "#, with: #""inode": \#(inode + 1), "#)
        try Data(other.utf8).write(to: sandbox.defaultDataFile)
        let read = try await tapTrace()
        #expect(read.contains("openat(AT_FDCWD, \"/etc/localtime\""), "\(read)")
        let rewritten = try String(contentsOf: sandbox.defaultDataFile, encoding: .utf8)
        #expect(rewritten.contains(#""inode": \#(inode), "#), "\(rewritten)")
        let log = try await sandbox.run("log", "--json")
        expect(log.stdout.components(separatedBy: #""emotion": "happy""#).count, equals: 4, "\(log)")
    }
    #endif
}
