import Foundation
import Testing

/// Every command takes in what the folder holds before it reads counts, with no `emotions sync`;
/// and reads nothing when nothing grew.
@Suite struct TakingInTests {
    @Test func plainStatsShowsWhatTheOtherMachinePublished() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        expectSuccess(try await b.run("tap", "upset", "-q"), stdout: "")
        expectSuccess(try await b.run("add", "sad", "3", "-q"), stdout: "")
        let stats = try await a.run("stats", "--json")
        #expect(stats.status == 0 && stats.stderr.isEmpty, "\(stats)")
        #expect(Machines.count("upset", in: stats.stdout) == 1 && Machines.count("sad", in: stats.stdout) == 3, "\(stats)")
        // A tap on A counts on top of what arrived, and B sees both without a sync.
        let tap = try await a.run("tap", "sad")
        #expect(tap.status == 0 && tap.stdout.contains("4"), "\(tap)")
        let other = try await b.run("stats", "--json")
        expect(Machines.count("sad", in: other.stdout), equals: 4, "\(other)")
        for command in [["log", "--json"], ["calendar"], ["export"]] {
            let outcome = try await b.run(command)
            #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
        }
    }

    #if os(Linux)
    /// strace is in the toolchain image; under CI the test runs even without it, and so fails rather than skips.
    @Test(.enabled(if: Shells.isInstalledOrRequired("strace")))
    func aSecondStatsOpensNoOtherHistorysFileWhenNothingGrew() async throws {
        let machines = try Machines(2)
        try await machines.joinAll()
        let (a, b) = (machines[0], machines[1])
        expectSuccess(try await b.run("tap", "happy", "-q"), stdout: "")
        let other = try await machines.ownFile(of: b)
        let first = try await openedFiles(running: "stats", on: a)
        #expect(first.contains { $0.contains(other.lastPathComponent) && !$0.contains("O_PATH") }, "\(first)")
        let second = try await openedFiles(running: "stats", on: a)
        let read = second.filter { $0.contains(other.lastPathComponent) && !$0.contains("O_PATH") }
        #expect(read.isEmpty, "\(second)")
        // Once it grows, it is read again.
        expectSuccess(try await b.run("tap", "happy", "-q"), stdout: "")
        let third = try await openedFiles(running: "stats", on: a)
        #expect(third.contains { $0.contains(other.lastPathComponent) && !$0.contains("O_PATH") }, "\(third)")
    }

    /// A tap looks at the other histories' files by the names the folder held when it was last
    /// listed, and reads the folder again only once its time says a name was made, removed or
    /// renamed in it: where that time comes from this machine's clock (a local file system), and
    /// has settled. A file that grew in place is still read, and a history that appears is taken in.
    @Test(.enabled(if: Shells.isInstalledOrRequired("strace")))
    func aTapReadsTheFolderAgainOnlyOnceANameInItChanged() async throws {
        let machines = try Machines(3)
        let (a, b, c) = (machines[0], machines[1], machines[2])
        for (index, home) in [a, b].enumerated() {
            let joined = try await home.run("sync", "--folder", machines.folder.path, "--name", "machine-\(index)")
            expect(joined.status, equals: 0, "\(joined)")
        }
        expectSuccess(try await b.run("tap", "happy", "-q"), stdout: "")
        expectSuccess(try await a.run("tap", "sad", "-q"), stdout: "")
        // Its last change a minute ago by its modification time, and over two seconds ago by its
        // change time (which setting the other moves, and nothing sets back): settled.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: machines.folder.path)
        try await Task.sleep(for: .milliseconds(2100))
        let local = try TakingInTests.isOnLocalFileSystem(machines.folder)
        let listing = try await calls("getdents64", running: "tap sad -q", on: a)
        #expect(!listing.isEmpty, "the first tap since the folder changed reads it: \(listing)")
        let notListing = try await calls("getdents64", running: "tap sad -q", on: a)
        expect(notListing.isEmpty, equals: local, "read again only where its times are not this machine's: \(notListing)")
        // B appends to its own file in place: no name changes, and its tap is taken in all the same.
        expectSuccess(try await b.run("tap", "happy", "-q"), stdout: "")
        let grown = try await calls("getdents64", running: "tap sad -q", on: a)
        expect(grown.isEmpty, equals: local, "\(grown)")
        var stats = try await a.run("stats", "--json")
        #expect(Machines.count("happy", in: stats.stdout) == 2 && Machines.count("sad", in: stats.stdout) == 4, "\(stats)")
        // C joins: its new file changes the folder's time, so A's next tap reads the folder and finds it.
        let third = try await c.run("sync", "--folder", machines.folder.path, "--name", "machine-2")
        expect(third.status, equals: 0, "\(third)")
        expectSuccess(try await c.run("tap", "upset", "-q"), stdout: "")
        let joined = try await calls("getdents64", running: "tap sad -q", on: a)
        #expect(!joined.isEmpty, "\(joined)")
        stats = try await a.run("stats", "--json")
        #expect(Machines.count("upset", in: stats.stdout) == 1 && Machines.count("sad", in: stats.stdout) == 5, "\(stats)")
    }

    /// Whether `folder` is on a file system whose times come from this machine's clock, as the tool
    /// judges it: by the type `stat -f` tells (ext2 to ext4, XFS, Btrfs, tmpfs, F2FS, ZFS, bcachefs,
    /// the kernel's NTFS).
    private static func isOnLocalFileSystem(_ folder: URL) throws -> Bool {
        let stat = Process()
        stat.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        stat.arguments = ["stat", "-f", "-c", "%t", folder.path]
        let output = Pipe()
        stat.standardOutput = output
        try stat.run()
        let type = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stat.waitUntilExit()
        let local = ["ef53", "58465342", "9123683e", "1021994", "f2f52010", "2fc12fc1", "ca451a4e", "7366746e"]
        return local.contains(type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// The `openat` calls `emotions command` makes on `home`, one a line, as strace shows them.
    private func openedFiles(running command: String, on home: Sandbox) async throws -> [String] {
        try await calls("openat", running: command, on: home)
    }

    /// The `call` system calls `emotions command` makes on `home`, one a line, as strace shows them.
    private func calls(_ call: String, running command: String, on home: Sandbox) async throws -> [String] {
        let trace = home.capture.appendingPathComponent("trace-\(UUID().uuidString)")
        let outcome = try await home.runShell(
            #"exec strace -qqq -f -e trace="# + call + #" -o "# + trace.path + #" "$0" "# + command, binary: try Emotions.binary().path)
        expect(outcome.status, equals: 0, "\(outcome)")
        let text = try String(contentsOf: trace, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
    #endif
}
