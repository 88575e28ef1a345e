import Foundation
import Testing

/// What sync tools do to a folder: deliver a file in pieces, leave temporary files and conflict
/// copies, change a file in its middle, bring a newer format. Each is survived: nothing counts twice,
/// nothing half there counts, and a file that cannot be trusted is named in a warning.
@Suite struct DeliveryTests {
    /// Two machines in a folder, B having tapped `taps` times and A having seen none of it; B's file.
    private func publishedByB(taps: [String]) async throws -> (Machines, URL) {
        let machines = try Machines(2)
        try await machines.joinAll()
        for emotion in taps {
            expectSuccess(try await machines[1].run("tap", emotion, "-q"), stdout: "")
        }
        return (machines, try await machines.ownFile(of: machines[1]))
    }

    /// Moves `file` out of the folder and returns its bytes, so that it can be delivered again by hand.
    private func takeAway(_ file: URL, into machines: Machines) throws -> Data {
        let bytes = try Data(contentsOf: file)
        try FileManager.default.removeItem(at: file)
        return bytes
    }

    @Test func aHalfDeliveredLastLineIsNotTakenUntilTheRestArrives() async throws {
        let (machines, file) = try await publishedByB(taps: ["happy", "sad"])
        let bytes = try takeAway(file, into: machines)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // Header and the first tap, then half of the second tap's line.
        let firstPart = lines[0] + [0x0A] + lines[1] + [0x0A]
        let half = lines[2].prefix(lines[2].count / 2)
        try (firstPart + half).write(to: file)
        let early = try await machines[0].run("stats", "--json")
        #expect(early.stderr.isEmpty, "\(early)")
        #expect(Machines.count("happy", in: early.stdout) == 1 && Machines.count("sad", in: early.stdout) == 0, "\(early)")
        try Machines.append(String(decoding: lines[2].dropFirst(half.count) + [0x0A], as: UTF8.self), to: file)
        let late = try await machines[0].run("stats", "--json")
        #expect(late.stderr.isEmpty, "\(late)")
        #expect(Machines.count("happy", in: late.stdout) == 1 && Machines.count("sad", in: late.stdout) == 1, "\(late)")
    }

    @Test func temporaryFilesAreIgnored() async throws {
        let (machines, file) = try await publishedByB(taps: ["happy"])
        let bytes = try takeAway(file, into: machines)
        let id = file.deletingPathExtension().lastPathComponent
        for name in [".syncthing.\(id).jsonl.tmp", "~syncthing~\(id).jsonl.tmp", "\(id).jsonl.tmp", "~\(id).tmp"] {
            try bytes.write(to: machines.folder.appendingPathComponent(name))
        }
        let stats = try await machines[0].run("stats", "--json")
        #expect(stats.status == 0 && stats.stderr.isEmpty, "\(stats)")
        expect(Machines.count("happy", in: stats.stdout), equals: 0, "\(stats)")
        // The real file arrives at last: taken once.
        try bytes.write(to: file)
        let after = try await machines[0].run("stats", "--json")
        expect(Machines.count("happy", in: after.stdout), equals: 1, "\(after)")
    }

    @Test func aConflictCopyHoldingTheSameLinesCountsNothingTwice() async throws {
        let (machines, file) = try await publishedByB(taps: ["happy", "happy", "sad"])
        let id = file.deletingPathExtension().lastPathComponent
        let copy = machines.folder.appendingPathComponent("\(id).sync-conflict-20261126-101010-ABCDEFG.jsonl")
        try FileManager.default.copyItem(at: file, to: copy)
        let stats = try await machines[0].run("stats", "--json")
        #expect(stats.stderr.isEmpty, "\(stats)")
        #expect(Machines.count("happy", in: stats.stdout) == 2 && Machines.count("sad", in: stats.stdout) == 1, "\(stats)")
        // A copy alone, the file itself not there yet, counts once too; and then the file.
        let other = try Machines(1)
        let home = other[0]
        try FileManager.default.copyItem(at: copy, to: other.folder.appendingPathComponent(copy.lastPathComponent))
        try expect(await home.run("sync", "--folder", other.folder.path).status, equals: 0)
        try FileManager.default.copyItem(at: file, to: other.folder.appendingPathComponent(file.lastPathComponent))
        let alone = try await home.run("stats", "--json")
        #expect(Machines.count("happy", in: alone.stdout) == 2 && Machines.count("sad", in: alone.stdout) == 1, "\(alone)")
    }

    @Test func aFileChangedInItsMiddleIsNamedInAWarningAndTheRestIsTaken() async throws {
        let machines = try Machines(3)
        try await machines.joinAll()
        for emotion in ["happy", "sad", "smile"] {
            expectSuccess(try await machines[1].run("tap", emotion, "-q"), stdout: "")
        }
        expectSuccess(try await machines[2].run("tap", "upset", "-q"), stdout: "")
        let file = try await machines.ownFile(of: machines[1])
        var bytes = try Data(contentsOf: file)
        let lines = bytes.split(separator: 0x0A)
        // A byte changed in B's second change (its third line): the line no longer reads.
        let third = lines[0].count + 1 + lines[1].count + 1
        bytes[third] = UInt8(ascii: "#")
        try bytes.write(to: file)
        let stats = try await machines[0].run("stats", "--json")
        expect(stats.status, equals: 0, "\(stats)")
        #expect(stats.stderr.contains(file.lastPathComponent) && stats.stderr.hasPrefix("Warning: "), "\(stats)")
        expect(Machines.count("happy", in: stats.stdout), equals: 1, "\(stats)")
        #expect(Machines.count("sad", in: stats.stdout) == 0 && Machines.count("smile", in: stats.stdout) == 0, "\(stats)")
        expect(Machines.count("upset", in: stats.stdout), equals: 1, "\(stats)")
    }

    @Test func aFileOfANewerFormatIsNamedInAWarningAndNotTaken() async throws {
        let (machines, file) = try await publishedByB(taps: ["happy"])
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: #"{"emotions":2,"#, with: #"{"emotions":3,"#).write(to: file, atomically: false, encoding: .utf8)
        let stats = try await machines[0].run("stats", "--json")
        expect(stats.status, equals: 0, "\(stats)")
        #expect(stats.stderr.hasPrefix("Warning: ") && stats.stderr.contains(file.lastPathComponent), "\(stats)")
        #expect(stats.stderr.contains("newer"), "\(stats)")
        expect(Machines.count("happy", in: stats.stdout), equals: 0, "\(stats)")
    }
}
