import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of the binary that was sent `SIGKILL` after a delay unless it had exited by then, and how it ended.
struct KillableRun: Sendable {
    /// How the process ended.
    enum Ending: Sendable {
        /// It exited by itself before the delay was up.
        case exited(Outcome)
        /// It was ended by this signal: `SIGKILL` if the kill hit it while it ran; any other is a crash.
        case killed(by: Int32)
    }

    /// The process's ID, which the temporary files it writes are named after.
    let processID: Int32
    /// How it ended.
    let ending: Ending
}

extension Emotions {
    /// How often a killable run looks whether its process has ended.
    static let killablePollInterval = Duration.microseconds(500)

    /// Starts the binary with exactly `environment` and sends it `SIGKILL` once `delay` has passed since it
    /// started, unless it has exited by then.
    ///
    /// Unlike `run`, this starts and reaps the process itself (`posix_spawn`, `waitpid`), so the signal can
    /// never reach another process that reused the ID: until it is reaped, an exited process keeps its ID
    /// and the signal does nothing. If the task is cancelled, the process is killed at once. Output goes
    /// to files in `captureFolder`; standard input is empty. The process starts in the test's working
    /// directory, which the binary does not use.
    ///
    /// With `closedOutput`, standard output is instead a pipe whose read end is closed before the
    /// process starts, as in `emotions tap happy | true` once `true` has exited, and the process starts
    /// with `SIGPIPE` at its default, as from a shell, whatever the test runner did with it.
    static func run(
        _ arguments: [String], killingAfter delay: Duration, environment: [String: String], captureFolder: URL,
        closedOutput: Bool = false
    ) async throws -> KillableRun {
        let binary = try binary()
        let runID = UUID().uuidString
        let outputFile = captureFolder.appendingPathComponent("\(runID).stdout")
        let errorFile = captureFolder.appendingPathComponent("\(runID).stderr")
        defer {
            for file in [outputFile, errorFile] {
                try? FileManager.default.removeItem(at: file)
            }
        }
        var output = Spawn.Target.file(outputFile.path)
        var pipeWriteEnd: Int32?
        if closedOutput {
            let ends = try readerlessPipe()
            output = .descriptor(ends)
            pipeWriteEnd = ends
        }
        defer { if let pipeWriteEnd { close(pipeWriteEnd) } }
        let processID = try Spawn.start(
            binary.path, arguments, environment: environment, output: output, error: .file(errorFile.path),
            resettingSignals: closedOutput)
        if let end = pipeWriteEnd {
            close(end)
            pipeWriteEnd = nil
        }
        let status = try await reap(processID, killingAt: ContinuousClock.now.advanced(by: delay))

        // A wait status holds the signal in its low 7 bits, or 0 and the exit status in the next 8.
        let signal = status & 0x7f
        guard signal == 0 else { return KillableRun(processID: processID, ending: .killed(by: signal)) }
        let outcome = Outcome(
            commandLine: Outcome.commandLine(arguments),
            status: (status >> 8) & 0xff,
            stdout: closedOutput ? "" : try String(decoding: Data(contentsOf: outputFile), as: UTF8.self),
            stderr: try String(decoding: Data(contentsOf: errorFile), as: UTF8.self))
        return KillableRun(processID: processID, ending: .exited(outcome))
    }

    /// Waits for `processID` to end, sending it `SIGKILL` at `deadline` if it still runs then; returns its wait status.
    private static func reap(_ processID: pid_t, killingAt deadline: ContinuousClock.Instant) async throws -> Int32 {
        var killed = false
        while true {
            var status: Int32 = 0
            let reaped = waitpid(processID, &status, WNOHANG)
            if reaped == processID { return status }
            if reaped == -1, errno != EINTR { try check(errno, "waitpid") }
            let now = ContinuousClock.now
            if !killed, now >= deadline || Task.isCancelled {
                kill(processID, SIGKILL)
                killed = true
            }
            try? await Task.sleep(for: killed ? killablePollInterval : min(killablePollInterval, deadline - now))
        }
    }

    /// The write end of a new pipe whose read end is already closed, closed on exec: a write into it
    /// raises `SIGPIPE`, or fails with `EPIPE` where that signal is ignored.
    private static func readerlessPipe() throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { throw Failure.systemCall("pipe", errno: errno) }
        #else
        guard Darwin.pipe(&ends) == 0 else { throw Failure.systemCall("pipe", errno: errno) }
        #endif
        close(ends[0])
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return ends[1]
    }

    /// Throws unless `result`, the value a `posix_spawn` function returns or an `errno`, is 0.
    private static func check(_ result: Int32, _ call: String) throws {
        guard result == 0 else { throw Failure.systemCall(call, errno: result) }
    }
}
