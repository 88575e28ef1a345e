import Foundation

/// The shells the completion scripts are tried in, found on `PATH` as a user would run them.
enum Shells {
    /// The executable `name` in the first folder of `PATH` (or a usual place) that has it, if any.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether `name` is installed; for `.enabled(if:)`, so a test needing it is reported as skipped.
    static func isInstalled(_ name: String) -> Bool {
        find(name) != nil
    }

    /// Runs `shell` with `arguments` in the sandbox's HOME and clean environment.
    static func run(_ shell: String, _ arguments: [String], in sandbox: Sandbox) async throws -> Outcome {
        guard let executable = find(shell) else { throw Emotions.Failure.binaryNotFound(searched: ["\(shell) on PATH"]) }
        return try await Emotions.run(
            arguments, environment: sandbox.baseEnvironment, directory: sandbox.home, captureFolder: sandbox.capture,
            executable: executable)
    }
}

extension Shells {
    /// Whether a test needing `name` should run: where it is installed, and always under `CI=true`,
    /// where `.ci/run` installs it, so that its absence fails the test rather than skipping it.
    static func isInstalledOrRequired(_ name: String) -> Bool {
        isInstalled(name) || ProcessInfo.processInfo.environment["CI"] == "true"
    }
}
