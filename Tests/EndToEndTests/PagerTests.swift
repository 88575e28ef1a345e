import Foundation
import Testing

/// `log` through `$PAGER` on a terminal, as git pages: a fake pager records what it was given.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "util-linux's script is not installed"))
struct PagerTests {
    let sandbox: Sandbox
    /// A pager that keeps its standard input, its arguments and `LESS` in files in HOME.
    let pager: URL

    init() async throws {
        sandbox = try Sandbox()
        pager = sandbox.root.appendingPathComponent("fake-pager")
        // Written as hooks are, so that no process another test starts keeps it busy (ETXTBSY).
        try sandbox.writeProgram("""
            #!/bin/sh
            printf '%s|%s\\n' "${LESS-unset}" "$*" > "$HOME/pager-was-run"
            cat > "$HOME/paged"
            """, to: pager)
        for emotion in ["happy", "sad", "smile"] {
            try expect(await sandbox.run("tap", emotion, "-q").status, equals: 0)
        }
    }

    private var paged: String? { try? String(contentsOf: sandbox.home.appendingPathComponent("paged"), encoding: .utf8) }
    private var pagerRun: String? { try? String(contentsOf: sandbox.home.appendingPathComponent("pager-was-run"), encoding: .utf8) }

    @Test func onATerminalTheLogGoesThroughThePagerWithLessSetAsGitSetsIt() async throws {
        let outcome = try await PseudoTerminal.run(["log", "--color", "never"], environment: ["PAGER": pager.path], in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(pagerRun, equals: "FRX|\n", "\(outcome)")
        expect(paged?.split(separator: "\n").map { $0.split(separator: " ").last }, equals: ["+1", "+1", "+1"], "\(String(describing: paged))")
        #expect(paged?.contains("happy +1") == true && paged?.contains("smile +1") == true, "\(String(describing: paged))")
        #expect(!outcome.stdout.contains("happy"), "the pager, not the log, writes to the terminal: \(outcome)")
        // Colour stays on, as the pager shows it on the terminal (less -R).
        _ = try await PseudoTerminal.run(["log"], environment: ["PAGER": pager.path], in: sandbox)
        expect(paged?.contains("\u{1B}["), equals: true, "\(String(describing: paged))")
    }

    @Test func aPagerWithArgumentsRunsThroughTheShellAndKeepsTheUsersLess() async throws {
        let outcome = try await PseudoTerminal.run(["log", "--json"], environment: ["PAGER": pager.path + " -S --x", "LESS": "-R"], in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(pagerRun, equals: "-R|-S --x\n", "\(outcome)")
        #expect(paged?.split(separator: "\n").count == 3 && paged?.hasPrefix("{\"id\": ") == true, "\(String(describing: paged))")
    }

    @Test(arguments: [
        (["log", "--no-pager"], ["PAGER": "PAGER"]), (["log"], ["PAGER": ""]), (["log"], ["PAGER": "cat"]),
    ])
    func noPagerAnEmptyPagerOrCatWriteStraightToTheTerminal(arguments: [String], environment: [String: String]) async throws {
        let environment = environment.mapValues { $0 == "PAGER" ? pager.path : $0 }
        let outcome = try await PseudoTerminal.run(arguments + ["--color", "never"], environment: environment, in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(pagerRun, equals: nil, "\(outcome)")
        #expect(outcome.stdout.contains("happy +1") && outcome.stdout.contains("smile +1"), "\(outcome)")
    }

    @Test func whenTheOutputIsNotATerminalThePagerNeverRuns() async throws {
        let outcome = try await sandbox.run(["log"], environment: ["PAGER": pager.path])
        #expect(outcome.status == 0 && outcome.stdoutLines.count == 3, "\(outcome)")
        expect(pagerRun, equals: nil)
    }

    @Test(arguments: ["no-such-pager", "no-such-pager -R"])
    func aPagerThatCannotRunIsAWarningAndTheLogIsShownWithoutIt(command: String) async throws {
        let outcome = try await PseudoTerminal.run(["log"], environment: ["PAGER": command], in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        #expect(outcome.stdout.contains("Warning: the pager '\(command)' "), "\(outcome)")
        #expect(outcome.stdout.contains("Set PAGER to a pager you have, or give --no-pager."), "\(outcome)")
        expect(outcome.stdout.components(separatedBy: "+1").count, equals: 4, "each change once: \(outcome)")
    }

    @Test func aPagerQuitEarlyIsNotAnError() async throws {
        // More than a pipe holds, so that writing meets the closed pipe.
        for _ in 0..<8 {
            try expect(await sandbox.run(["tap"] + Array(repeating: "neutral", count: 500) + ["-q"]).status, equals: 0)
        }
        try sandbox.writeProgram("#!/bin/sh\nhead -c 100 > \"$HOME/paged\"\n", to: pager)
        let outcome = try await PseudoTerminal.run(["log"], environment: ["PAGER": pager.path], in: sandbox)
        expect(outcome.status, equals: 0, "\(outcome)")
        expect(paged?.utf8.count, equals: 100, "\(String(describing: paged))")
        #expect(!outcome.stdout.contains("Error") && !outcome.stdout.contains("Warning"), "\(outcome)")
    }
}
