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
        expect(big.status, equals: 0, "\(big.stderr)")
        let written = try #require(sandbox.bytes(of: journal))
        try #require(written.count > 5_000_000, "the tap wrote \(written.count) bytes")
        try written.dropLast(500).write(to: journal)
        try dataFile.write(to: sandbox.defaultDataFile)

        expectSuccess(try await sandbox.run("stats", "sad"), stdout: "0\n")
        let log = try await sandbox.run("log")
        expect(log.status, equals: 0, "\(log)")
        expect(log.stdoutLines.count, equals: 1, "\(log)")
        expectSuccess(try await sandbox.run("tap", "smile"), stdout: "smile: 0 → 1\n")
        let recovered = try #require(JournalText(in: sandbox))
        expect(recovered.problems, equals: [])
        expect(recovered.events.map(\.emotion), equals: ["happy", "smile"])
        try FileManager.default.removeItem(at: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("stats", "smile"), stdout: "1\n")
    }

    @Test func aDataFileRestoredWithoutItsPositionDoesNotAdoptHalfACommand() async throws {
        // Issue 22: a data file without its "journal" position met a journal whose last command lost its last
        // line: later commands followed the orphaned line, undo took back half a command, and once the data
        // file was lost every command exited 65.
        let sandbox = try Sandbox()
        let journal = sandbox.defaultDataFile.appendingPathExtension("journal")
        expectSuccess(try await sandbox.run("tap", "happy", "sad"), stdout: "happy: 0 → 1\nsad: 0 → 1\n")
        _ = try await sandbox.run("tap", "smile", "upset", "neutral")
        let written = try #require(sandbox.bytes(of: journal))
        let lastLineStart = try #require(written.dropLast().lastIndex(of: 0x0A)) + 1
        try written.prefix(lastLineStart).write(to: journal)
        try sandbox.writeDataFile(Counts(happy: 1, sad: 1))

        expectSuccess(try await sandbox.run("tap", "smile"), stdout: "smile: 0 → 1\n")
        let recovered = try #require(JournalText(in: sandbox))
        expect(recovered.problems, equals: [])
        expect(recovered.events.map(\.emotion), equals: ["happy", "sad", "smile"])
        let undo = try await sandbox.run("undo")
        expect(undo.stdoutLines.last, equals: "smile: 1 → 0", "\(undo)")
        let undoAgain = try await sandbox.run("undo")
        expect(Array(undoAgain.stdoutLines.dropFirst()), equals: ["sad: 1 → 0", "happy: 1 → 0"], "\(undoAgain)")
        try FileManager.default.removeItem(at: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("stats", "happy"), stdout: "0\n")
    }
}
