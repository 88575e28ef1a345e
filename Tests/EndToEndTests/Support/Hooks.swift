import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hooks for the binary to run, and what they leave behind.
extension Sandbox {
    /// `hooks` beside the default data file.
    var defaultHooksFolder: URL {
        defaultDataFile.deletingLastPathComponent().appendingPathComponent("hooks", isDirectory: true)
    }

    /// Where hooks write what they saw (`$OUT`): outside HOME, so that HOME holds only what the binary made.
    var hookOutput: URL {
        root.appendingPathComponent("hook-output", isDirectory: true)
    }

    /// The variables a run needs for hooks that write to `hookOutput`: `OUT`, plus `environment`.
    func hookEnvironment(_ environment: [String: String] = [:]) throws -> [String: String] {
        try FileManager.default.createDirectory(at: hookOutput, withIntermediateDirectories: true)
        return environment.merging(["OUT": hookOutput.path]) { $1 }
    }

    /// Writes `script` as the hook `name` in `folder` (the default hooks folder if not given), creating
    /// the folder, with `permissions`; returns its URL.
    ///
    /// The folder is made writable only by its owner whatever the umask, as hooks run only from such a folder.
    ///
    /// Written through a descriptor closed on exec: tests run in parallel, and a process another test
    /// starts meanwhile would otherwise inherit it, and keep the script busy (`ETXTBSY`) as it runs.
    @discardableResult
    func writeHook(_ name: String, _ script: String, in folder: URL? = nil, permissions: Int = 0o755) throws -> URL {
        let folder = folder ?? defaultHooksFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard chmod(folder.path, 0o755) == 0 else { throw Emotions.Failure.systemCall("chmod \(folder.path)", errno: errno) }
        let hook = folder.appendingPathComponent(name)
        try writeProgram(script, to: hook, permissions: permissions)
        return hook
    }

    /// Writes `script` to `file` with `permissions`, for the binary to run (a hook, a fake pager).
    ///
    /// Written through a descriptor closed on exec: tests run in parallel, and a process another test
    /// starts meanwhile would otherwise inherit it, and keep the script busy (`ETXTBSY`) as it runs.
    /// `Data.write(to:)` opens the file without `O_CLOEXEC`.
    func writeProgram(_ script: String, to file: URL, permissions: Int = 0o755) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw Emotions.Failure.systemCall("open \(file.path)", errno: errno) }
        defer { close(descriptor) }
        let bytes = Array(script.utf8)
        guard systemWrite(descriptor, bytes) == bytes.count, fchmod(descriptor, mode_t(permissions)) == 0 else {
            throw Emotions.Failure.systemCall("write \(file.path)", errno: errno)
        }
    }

    /// The text a hook wrote to `name` in `hookOutput`, or `nil` if it wrote none.
    func hookOutput(_ name: String) -> String? {
        text(of: hookOutput.appendingPathComponent(name))
    }

    /// The lines a hook wrote to `name` in `hookOutput`; none if it wrote none.
    func hookOutputLines(_ name: String) -> [String] {
        (hookOutput(name) ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

extension Sandbox {
    /// The start of a hook that notes when it started, in `$OUT/started`, for `secondsTheHookRan`.
    static let noteStart = "#!/bin/sh\ndate +%s.%N > \"$OUT/started\"\n"

    /// A shell command that runs `command` and then notes when it ended, in `$OUT/ended`, keeping its status.
    static func notingEnd(_ command: String) -> String {
        command + #"; status=$?; date +%s.%N > "$OUT/ended"; exit $status"#
    }

    /// Runs `emotions arguments...` through `sh`, which notes when it ended (see `notingEnd`), with
    /// the clean environment plus `environment`, in HOME.
    func runNotingEnd(_ arguments: [String], environment: [String: String]) async throws -> Outcome {
        try await Emotions.run(
            ["-c", Sandbox.notingEnd(#""$0" "$@""#), try Emotions.binary().path] + arguments,
            environment: baseEnvironment.merging(environment) { $1 }, directory: home, captureFolder: capture,
            timeout: .seconds(30), executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// How long the hook that began with `noteStart` ran before the command run with `notingEnd`
    /// had ended: both noted by those processes, so that neither starting `emotions` nor this test
    /// process waiting its turn, which take seconds when every test runs at once, is counted.
    func secondsTheHookRan() throws -> Double {
        let started = try #require(Double((hookOutput("started") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)),
            "the hook never noted its start")
        let ended = try #require(Double((hookOutput("ended") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)),
            "the command's end was not noted")
        return ended - started
    }
}

/// `write`, which `Sandbox.write` shadows inside the class.
private func systemWrite(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
    write(descriptor, bytes, bytes.count)
}

/// Whether process `id` is gone by `limit`: an orphan that was stopped is reaped by another process in its own time.
func processStops(_ id: Int32, within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while isRunning(id) {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
