import Foundation

/// Runs `emotions` with a terminal for its standard output: a pseudo-terminal made by util-linux's
/// `script`, which the tests that need a terminal (`log`'s pager) are enabled only where it exists.
enum PseudoTerminal {
    /// `script`, if installed where util-linux puts it.
    static let script = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether the tests can have a terminal here.
    static var isAvailable: Bool { script != nil }

    /// Runs `emotions arguments…` on a pseudo-terminal in `sandbox`'s HOME, with its clean environment
    /// plus `environment`; the outcome's stdout is what the terminal showed (lines end in `\r\n`).
    static func run(_ arguments: [String], environment: [String: String] = [:], in sandbox: Sandbox) async throws -> Outcome {
        guard let script else { throw Emotions.Failure.binaryNotFound(searched: ["script"]) }
        let command = ([try Emotions.binary().path] + arguments).map(quoted).joined(separator: " ")
        return try await Emotions.run(
            ["-qec", command, "/dev/null"], environment: sandbox.baseEnvironment.merging(environment) { $1 },
            directory: sandbox.home, captureFolder: sandbox.capture, stdin: "", executable: URL(fileURLWithPath: script))
    }

    /// `word` in single quotes for `sh`.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
