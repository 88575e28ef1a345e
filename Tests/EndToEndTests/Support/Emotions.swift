import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `emotions` binary, run as a separate process with an environment the test controls.
enum Emotions {
    /// How long one run may take before it is killed and the test fails.
    static let defaultTimeout = Duration.seconds(20)

    /// The binary: `EMOTIONS_BINARY` if set, else `emotions` beside the running test executable.
    ///
    /// - Throws: `Emotions.Failure.binaryNotFound`, naming every place it looked; tests never skip for it.
    static func binary() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["EMOTIONS_BINARY"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw Failure.binaryNotFound(searched: ["EMOTIONS_BINARY=\(explicit) (not an executable file)"])
            }
            return url
        }
        var searched: [String] = []
        for folder in productFolders() {
            let candidate = folder.appendingPathComponent("emotions")
            searched.append(candidate.path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw Failure.binaryNotFound(searched: searched)
    }

    /// The folders the build products may be in, best guess first.
    ///
    /// On Linux the test executable is `.build/<config>/<package>PackageTests.xctest`, a plain file;
    /// on macOS it is inside a `.xctest` bundle, which has to be walked out of.
    private static func productFolders() -> [URL] {
        var executables: [URL] = []
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            executables.append(URL(fileURLWithPath: resolved))
        }
        #endif
        if let main = Bundle.main.executableURL {
            executables.append(main.resolvingSymlinksInPath())
        }
        var folders = executables.map(folderOutsideTestBundle)
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        var seen = Set<String>()
        return folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The folder holding `executable`, or the folder holding the `.xctest` bundle or file it is part of.
    private static func folderOutsideTestBundle(_ executable: URL) -> URL {
        let components = executable.standardizedFileURL.pathComponents
        guard let bundleIndex = components.firstIndex(where: { $0.hasSuffix(".xctest") }) else {
            return executable.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: NSString.path(withComponents: Array(components[..<bundleIndex])), isDirectory: true)
    }

    /// Runs the binary (or `executable`) with exactly `environment`, in `directory`, and captures everything it prints.
    ///
    /// Output goes to files in `captureFolder`, so no pipe can fill up and block the child. Standard
    /// input is `stdin` if given, else empty (end of file at once). A run that outlives `timeout`
    /// is killed with `SIGKILL` and reported as a failure.
    static func run(
        _ arguments: [String], environment: [String: String], directory: URL, captureFolder: URL,
        stdin: String? = nil, timeout: Duration = defaultTimeout, executable: URL? = nil
    ) async throws -> Outcome {
        let binary = try executable ?? binary()
        let runID = UUID().uuidString
        let outputFile = captureFolder.appendingPathComponent("\(runID).stdout")
        let errorFile = captureFolder.appendingPathComponent("\(runID).stderr")
        let inputFile = captureFolder.appendingPathComponent("\(runID).stdin")
        defer {
            for file in [outputFile, errorFile, inputFile] {
                try? FileManager.default.removeItem(at: file)
            }
        }
        try Data((stdin ?? "").utf8).write(to: inputFile)

        // Started directly, not through Foundation's Process: see `Spawn.start`.
        let pid = try Spawn.start(
            binary.path, arguments, environment: environment, input: inputFile.path, output: .file(outputFile.path),
            error: .file(errorFile.path), directory: directory.path, closingOthers: true, resettingSignals: true)
        let commandLine = Outcome.commandLine(arguments)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        // 1 ms, then twice as long each time up to 8 ms: a run takes tens of milliseconds, and hundreds of
        // tests waiting at once, each woken every millisecond, kept both threads of Swift's concurrency
        // pool so busy on this two-core machine that a test waiting on a timer was resumed seconds late.
        var pause = Duration.milliseconds(1)
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped == -1, errno != EINTR { throw Failure.systemCall("waitpid", errno: errno) }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure.timedOut(commandLine: commandLine, timeout: timeout)
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(8))
        }
        // WIFEXITED and WEXITSTATUS are macros: the low seven bits are the signal, 0 for an exit.
        guard status & 0x7F == 0 else {
            throw Failure.killedBySignal(commandLine: commandLine, signal: status & 0x7F)
        }
        return Outcome(
            commandLine: commandLine,
            status: (status >> 8) & 0xFF,
            stdout: try String(decoding: Data(contentsOf: outputFile), as: UTF8.self),
            stderr: try String(decoding: Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Why a run could not produce an outcome; each fails the test that threw it.
    enum Failure: Error, CustomStringConvertible {
        case binaryNotFound(searched: [String])
        case timedOut(commandLine: String, timeout: Duration)
        case killedBySignal(commandLine: String, signal: Int32)
        case systemCall(String, errno: Int32)

        var description: String {
            switch self {
            case let .binaryNotFound(searched):
                "The emotions binary was not found; build it with 'swift build' or set EMOTIONS_BINARY. Looked at: "
                    + searched.joined(separator: ", ")
            case let .timedOut(commandLine, timeout):
                "'\(commandLine)' did not finish within \(timeout); it was killed."
            case let .killedBySignal(commandLine, signal):
                "'\(commandLine)' was killed by signal \(signal)."
            case let .systemCall(call, errno):
                "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))."
            }
        }
    }
}

/// What one run of the binary did: its exit status and everything it printed.
struct Outcome: Sendable, CustomStringConvertible {
    /// The command as typed, for messages.
    let commandLine: String
    /// The exit status.
    let status: Int32
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String

    /// Standard output's lines, without their newlines.
    var stdoutLines: [String] { Outcome.lines(stdout) }
    /// Standard error's lines, without their newlines.
    var stderrLines: [String] { Outcome.lines(stderr) }

    var description: String {
        "'\(commandLine)' exited \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `emotions` and `arguments` as a shell would need them typed, for messages.
    static func commandLine(_ arguments: [String]) -> String {
        (["emotions"] + arguments).map(quoted).joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        word.isEmpty || word.contains(where: { " '\"\\$".contains($0) }) ? "'\(word)'" : word
    }
}
