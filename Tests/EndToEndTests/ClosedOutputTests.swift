import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Commands whose standard output nobody reads any more, as in `emotions tap happy | true`: those that
/// change counts finish their work and say so; those that only read end as any filter does.
struct ClosedOutputTests {
    /// A hook that logs its change, and on Linux the signals it started with ignored.
    static let hook = #"""
        #!/bin/sh
        echo "$*" >> "$OUT/log"
        grep '^SigIgn:' "/proc/$$/status" >> "$OUT/ignored" 2>/dev/null
        exit 0

        """#

    @Test(arguments: [
        (["tap", "happy"], Counts(happy: 3), "happy 2 3"), (["add", "sad", "4"], Counts(happy: 2, sad: 4), "sad 0 4"),
        (["reset", "happy", "--json"], Counts(), "happy 2 0"),
    ])
    func aChangeWhoseLinesNobodyReadsStandsRunsItsHooksAndExits0(
        arguments: [String], counts: Counts, hookLine: String
    ) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 2))
        try sandbox.writeHook("log", ClosedOutputTests.hook)
        let run = try await sandbox.runWithClosedOutput(arguments, environment: try sandbox.hookEnvironment())
        guard case let .exited(outcome) = run.ending else {
            Issue.record("\(arguments) was ended by a signal, not an exit: \(run.ending)")
            return
        }
        expectSuccess(outcome, stdout: "")
        expect(sandbox.text(), equals: DataFile.text(counts))
        expect(sandbox.hookOutputLines("log"), equals: [hookLine])
        #if os(Linux)
        // We ignore SIGPIPE; the hook must not inherit that, or its own `| head` would misbehave.
        let ignored = sandbox.hookOutputLines("ignored").first?.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }
        expect(ignored.map { $0 & (1 << (SIGPIPE - 1)) }, equals: 0, "the hook started with SIGPIPE ignored: \(String(describing: ignored))")
        #endif
    }

    @Test(arguments: [["stats"], ["stats", "happy"], ["help"]])
    func aCommandThatOnlyReadsEndsByBrokenPipeAsAFilterDoes(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 2))
        let run = try await sandbox.runWithClosedOutput(arguments)
        guard case let .killed(signal) = run.ending else {
            Issue.record("\(arguments) was not ended by a signal: \(run.ending)")
            return
        }
        expect(signal, equals: SIGPIPE)
    }
}
