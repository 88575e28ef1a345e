import Foundation
import Testing

/// What a power cut leaves of the journal, made by hand around the real binary: the journal's last
/// command cut short, and the data file as it was before that command, or restored from a backup.
struct TornJournalTests {
    @Test func aTornCommandOverFourMebibytesIsDroppedWholeAndEveryCommandStillWorks() async throws {
        // Issue 22: a tap of 30,000 names writes 5.3 MB of lines; cut 500 bytes short, with the data file
        // put back as it was before it, every command, stats and log included, exited 65.
        let sandbox = try Sandbox()
        let journal = sandbox.defaultDataFile.appendingPathExtension("journal")
        expectSuccess(try await sandbox.run("tap", "happy"), stdout: "happy: 0 → 1\n")
        let dataFile = try #require(sandbox.bytes(of: sandbox.defaultDataFile))
        let big = try await sandbox.run(["tap"] + Array(repeating: "sad", count: 30_000), timeout: .seconds(120))
        #expect(big.status == 0, "\(big.stderr)")
        let written = try #require(sandbox.bytes(of: journal))
        try #require(written.count > 5_000_000, "the tap wrote \(written.count) bytes")
        try written.dropLast(500).write(to: journal)
        try dataFile.write(to: sandbox.defaultDataFile)

        expectSuccess(try await sandbox.run("stats", "sad"), stdout: "0\n")
        let log = try await sandbox.run("log")
        #expect(log.status == 0, "\(log)")
        #expect(log.stdoutLines.count == 1, "\(log)")
        expectSuccess(try await sandbox.run("tap", "smile"), stdout: "smile: 0 → 1\n")
        let recovered = try #require(JournalText(in: sandbox))
        #expect(recovered.problems == [])
        #expect(recovered.events.map(\.emotion) == ["happy", "smile"])
        try FileManager.default.removeItem(at: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("stats", "smile"), stdout: "1\n")
    }
}
