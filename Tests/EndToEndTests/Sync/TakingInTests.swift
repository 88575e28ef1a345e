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
        #expect(Machines.count("sad", in: other.stdout) == 4, "\(other)")
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

    /// The `openat` calls `emotions command` makes on `home`, one a line, as strace shows them.
    private func openedFiles(running command: String, on home: Sandbox) async throws -> [String] {
        let trace = home.capture.appendingPathComponent("trace-\(UUID().uuidString)")
        let outcome = try await home.runShell(
            #"exec strace -qqq -f -e trace=openat -o "# + trace.path + #" "$0" "# + command, binary: try Emotions.binary().path)
        #expect(outcome.status == 0, "\(outcome)")
        let text = try String(contentsOf: trace, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
    #endif
}
