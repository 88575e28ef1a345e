import Foundation
import Testing

/// After a global option and its value, the completion scripts offer the subcommands, as the parser
/// takes one there; only the options that stand alone end the command line.
struct GlobalOptionCompletionTests {
    @Test(arguments: [
        (["emotions", "--color", "never", ""], ["tap", "add", "reset", "undo", "redo", "log", "stats", "calendar", "export", "import", "watch", "sync", "tags", "help"]),
        (["emotions", "--color=always", "st"], ["stats"]),
        (["emotions", "--file", "x.json", "--color", "auto", "ta"], ["tap", "tags"]),
        (["emotions", "--version", ""], []),
    ])
    func bashOffersTheSubcommandsAfterAGlobalOption(words: [String], expected: [String]) async throws {
        let sandbox = try Sandbox()
        let generated = try await sandbox.run("--generate-completion-script", "bash")
        let script = sandbox.root.appendingPathComponent("completion.bash").path
        try sandbox.write(generated.stdout, to: URL(fileURLWithPath: script))
        let program = #"source "$1" && shift && COMP_WORDS=("$@") && COMP_CWORD=$(( $# - 1 )) && _emotions "#
            + #"&& printf '%s\n' "${COMPREPLY[@]}""#
        let outcome = try await Shells.run("bash", ["--norc", "--noprofile", "-c", program, "bash", script] + words, in: sandbox)
        #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
        expect(outcome.stdoutLines.filter { !$0.isEmpty }, equals: expected, "\(words)")
    }
}
