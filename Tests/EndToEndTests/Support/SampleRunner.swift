import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the documentation's samples one after another in one sandbox, as a reader would type them,
/// with `emotions` on `PATH`, and says what each shows and what the tool printed instead.
///
/// Each command runs in `/bin/sh` in HOME, its standard error joined to its output. Four kinds of
/// line are read as a reader reads them: `echo $?` prints the status of the command before it;
/// `emotions tap <Tab><Tab>` is bash's completion, compared as a set of words (bash lays them out
/// by the terminal's width); `emotions watch …` runs in the background while each shown line's
/// ``# after `command` `` runs, and `^C` ends it with SIGINT; a line `…` leaves the rest of the
/// output unshown.
final class SampleRunner {
    /// Where the samples run, one after another.
    let sandbox: Sandbox
    /// The variables every command sees beyond the sandbox's clean ones.
    let environment: [String: String]
    private var lastStatus: Int32 = 0

    /// What a sample shows, and what the tool printed in its place, line for line.
    struct Result: Sendable {
        /// The lines the documentation shows.
        let shown: [String]
        /// The lines printed.
        let printed: [String]
    }

    /// A runner in a fresh sandbox, its commands given `environment` (such as `TZ`).
    init(environment: [String: String]) throws {
        sandbox = try Sandbox()
        let binaryFolder = try Emotions.binary().deletingLastPathComponent().path
        self.environment = environment.merging(["PATH": binaryFolder + ":" + (sandbox.baseEnvironment["PATH"] ?? "")]) { $1 }
    }

    /// Runs `sample` and returns what it shows and what was printed.
    func run(_ sample: DocumentedSample) async throws -> Result {
        if sample.command == "echo $?" {
            return Result(shown: sample.shown, printed: [String(lastStatus)])
        }
        if let typed = sample.command.components(separatedBy: "<Tab><Tab>").first, typed != sample.command {
            let words = sample.shown.flatMap { $0.split(separator: " ").map(String.init) }
            return Result(shown: words.sorted(), printed: try await completions(of: typed).sorted())
        }
        if sample.command.hasPrefix("emotions watch") {
            return try await watch(sample)
        }
        let outcome = try await shell(sample.command)
        // The sandbox's home is shown as the reader's: `~/Sync/emotions`, as `emotions sync` names its folder.
        let home = sandbox.home.path
        let printed = outcome.stdoutLines.map { $0.replacingOccurrences(of: home, with: "~") }
        guard let cut = sample.shown.firstIndex(of: "…") else { return Result(shown: sample.shown, printed: printed) }
        return Result(shown: Array(sample.shown[..<cut]), printed: Array(printed.prefix(cut)))
    }

    /// Runs `command` with `/bin/sh` in HOME, standard error joined to standard output.
    private func shell(_ command: String) async throws -> Outcome {
        let outcome = try await Emotions.run(
            ["-c", "{\n\(command)\n} 2>&1"], environment: sandbox.baseEnvironment.merging(environment) { $1 },
            directory: sandbox.home, captureFolder: sandbox.capture, executable: URL(fileURLWithPath: "/bin/sh"))
        lastStatus = outcome.status
        return outcome
    }

    /// What bash's completion offers after `typed`, such as `emotions tap `.
    private func completions(of typed: String) async throws -> [String] {
        let script = sandbox.root.appendingPathComponent("completion.bash").path
        _ = try await shell("emotions --generate-completion-script bash > '\(script)'")
        let words = typed.split(separator: " ").map(String.init) + (typed.hasSuffix(" ") ? [""] : [])
        let program = #"source "$1" && shift && COMP_WORDS=("$@") && COMP_CWORD=$(( $# - 1 )) && _emotions "#
            + #"&& printf '%s\n' "${COMPREPLY[@]}""#
        let outcome = try await Shells.run("bash", ["--norc", "--noprofile", "-c", program, "bash", script] + words, in: sandbox)
        return outcome.stdoutLines.filter { !$0.isEmpty }
    }

    /// Runs `emotions watch …` while the commands its lines name run, then ends it at `^C`.
    private func watch(_ sample: DocumentedSample) async throws -> Result {
        let typed = sample.command.components(separatedBy: "#")[0]
        let arguments = typed.split(separator: " ").dropFirst(2).map(String.init)
        let watch = try RunningWatch(arguments, in: sandbox, environment: environment)
        var shown: [String] = [], printed: [String] = []
        for line in sample.shown {
            if line == "^C" {
                watch.send(SIGINT)
                let ending = try await watch.waitForEnd()
                lastStatus = ending == .exited(0) ? 0 : 128
                (shown, printed) = (shown + [line], printed + [ending == .exited(0) ? line : "\(ending)"])
                continue
            }
            let parts = line.components(separatedBy: "# after `")
            var text = parts[0]
            while text.hasSuffix(" ") { text.removeLast() }
            if parts.count > 1, let command = parts[1].split(separator: "`").first {
                _ = try await shell(String(command))
            }
            (shown, printed) = (shown + [text], printed + [try await watch.nextLine()])
        }
        return Result(shown: shown, printed: printed)
    }
}
