import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `emotions watch`, left running in a sandbox while the test changes the data file, its output read
/// line by line as it comes.
///
/// The process is started and reaped here (`posix_spawn`, `waitpid`), so a signal can never reach a
/// process that reused its ID. Its standard output and error are pipes, read without blocking: a wait
/// looks at them every `pollInterval` and sleeps the task in between, so it never holds a thread the
/// other tests need. Every wait has a deadline, and one that passes throws, showing everything read
/// so far: a test fails, it never hangs. A watch still running when released is killed and reaped.
final class RunningWatch {
    /// How long a test waits for one expected line, or for the process to end, before it fails: long,
    /// as the whole suite on two cores can keep a waiting test from being resumed for seconds.
    static let lineTimeout = Duration.seconds(30)
    /// How often a wait looks at the pipes and the process.
    static let pollInterval = Duration.milliseconds(1)

    /// How the process ended.
    enum Ending: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// It was ended by this signal.
        case killed(by: Int32)

        var description: String {
            switch self {
            case let .exited(status): "exited with status \(status)"
            case let .killed(signal): "killed by signal \(signal)"
            }
        }
    }

    /// The process's ID, for `/proc`.
    let processID: pid_t
    /// The command as typed, for messages.
    let commandLine: String
    private var output: PipeReader
    private var errors: PipeReader
    /// The wait status, once the process has been reaped.
    private var waitStatus: Int32?
    /// Whether the test has closed its end of standard output, as `head` does once it has its lines.
    private var isOutputClosed = false

    /// Starts `emotions watch arguments...` with the sandbox's clean environment plus `environment`.
    ///
    /// It starts with `SIGINT` and `SIGTERM` unblocked and at their default, whatever the test runner
    /// did with them, and with standard input empty.
    init(_ arguments: [String], in sandbox: Sandbox, environment: [String: String] = [:]) throws {
        let binary = try Emotions.binary().path
        commandLine = Outcome.commandLine(["watch"] + arguments)
        let outputEnds = try RunningWatch.pipe()
        let errorEnds: (read: Int32, write: Int32)
        do {
            errorEnds = try RunningWatch.pipe()
        } catch {
            close(outputEnds.read)
            close(outputEnds.write)
            throw error
        }
        defer {
            close(outputEnds.write)
            close(errorEnds.write)
        }
        output = PipeReader(descriptor: outputEnds.read)
        errors = PipeReader(descriptor: errorEnds.read)
        do {
            processID = try Spawn.start(
                binary, ["watch"] + arguments, environment: sandbox.baseEnvironment.merging(environment) { $1 },
                output: .descriptor(outputEnds.write), error: .descriptor(errorEnds.write), resettingSignals: true)
        } catch {
            close(outputEnds.read)
            close(errorEnds.read)
            throw error
        }
    }

    deinit {
        if waitStatus == nil {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) == -1, errno == EINTR {}
        }
        if !isOutputClosed { close(output.descriptor) }
        close(errors.descriptor)
    }

    /// Closes the read end of standard output, as `head` does once it has its lines: the watch's
    /// next line then goes into a pipe nobody reads.
    func closeOutput() {
        guard !isOutputClosed else { return }
        close(output.descriptor)
        isOutputClosed = true
    }

    // MARK: - Reading

    /// The next line the watch prints on standard output, without its newline.
    ///
    /// - Throws: `RunningWatch.Failure` if none is complete within `timeout`, or the output ends.
    func nextLine(
        timeout: Duration = lineTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        try await nextLine(onErrors: false, timeout: timeout, sourceLocation: sourceLocation)
    }

    /// The next `count` lines on standard output, each given `timeout` of its own.
    func nextLines(
        _ count: Int, timeout: Duration = lineTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String] {
        var lines: [String] = []
        for _ in 0..<count {
            lines.append(try await nextLine(timeout: timeout, sourceLocation: sourceLocation))
        }
        return lines
    }

    /// The next line the watch prints on standard error, without its newline.
    func nextErrorLine(
        timeout: Duration = lineTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        try await nextLine(onErrors: true, timeout: timeout, sourceLocation: sourceLocation)
    }

    /// The next line on standard output if one is complete within `timeout`, else `nil`.
    func lineIfAny(within timeout: Duration) async throws -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            try readAvailable()
            if let line = output.takeLine() { return line }
            if output.isFinished || ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: RunningWatch.pollInterval)
        }
    }

    /// Taps `emotion` until this watch, started without `--initial` and in text, prints a change of it,
    /// which shows that it is established; reads on to the last tap's line, and returns that count.
    ///
    /// A tap made before the watch had read the file is never printed, so one tap is not enough; each
    /// waits `patience` for its line before the next is made.
    func waitUntilEstablished(
        tapping emotion: String, in sandbox: Sandbox, patience: Duration = .milliseconds(200),
        timeout: Duration = lineTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Int {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            let tap = try await sandbox.run("tap", emotion)
            guard tap.status == 0, let tapped = tap.stdoutLines.first.flatMap(PrintedChange.init) else {
                throw Failure.probeFailed(tap)
            }
            guard let line = try await lineIfAny(within: patience) else { continue }
            // Seen: every tap from here on is seen, and the last one is printed, alone or with those before it.
            var last = line
            while let change = PrintedChange(last), change.emotion == emotion, change.new < tapped.new {
                last = try await nextLine(sourceLocation: sourceLocation)
            }
            guard let change = PrintedChange(last), change.emotion == emotion, change.new == tapped.new else {
                throw Failure.unexpectedLine(commandLine: commandLine, line: last)
            }
            return tapped.new
        }
        throw Failure.noLine(
            commandLine: commandLine, stream: "standard output", timeout: timeout, context: context(sourceLocation))
    }

    /// What was printed and not yet read.
    struct Unread: Equatable, CustomStringConvertible {
        /// On standard output.
        let output: String
        /// On standard error.
        let errors: String

        /// Nothing on either.
        static let nothing = Unread(output: "", errors: "")

        var description: String {
            "standard output \(output.debugDescription), standard error \(errors.debugDescription)"
        }
    }

    /// Everything printed so far and not yet read as lines, taken: what was printed but not expected.
    func unread() throws -> Unread {
        try readAvailable()
        return Unread(output: output.takeAll(), errors: errors.takeAll())
    }

    private func nextLine(onErrors: Bool, timeout: Duration, sourceLocation: SourceLocation) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let line = try lineIfReady(onErrors: onErrors, pastDeadline: ContinuousClock.now >= deadline, timeout, sourceLocation) {
                return line
            }
            try await Task.sleep(for: RunningWatch.pollInterval)
        }
    }

    /// The next line on standard output, waited for in this very thread for at most `timeout` of the
    /// watch's own time: not a busy test run's, which may resume an awaiting task long after the line
    /// came. It holds its thread meanwhile, so it is only for a line that should come at once.
    func nextLinePromptly(within timeout: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let start = ContinuousClock.now
        while true {
            if let line = try lineIfReady(onErrors: false, pastDeadline: ContinuousClock.now - start >= timeout, timeout, sourceLocation) {
                return line
            }
            usleep(1_000)
        }
    }

    /// The next whole line on standard output or error, if it has come; throws if that stream ended,
    /// or if none has come and the wait is `pastDeadline`.
    private func lineIfReady(
        onErrors: Bool, pastDeadline: Bool, _ timeout: Duration, _ sourceLocation: SourceLocation
    ) throws -> String? {
        let stream = onErrors ? "standard error" : "standard output"
        try readAvailable()
        if let line = onErrors ? errors.takeLine() : output.takeLine() { return line }
        if onErrors ? errors.isFinished : output.isFinished {
            throw Failure.ended(commandLine: commandLine, stream: stream, context: context(sourceLocation))
        }
        if pastDeadline {
            throw Failure.noLine(commandLine: commandLine, stream: stream, timeout: timeout, context: context(sourceLocation))
        }
        return nil
    }

    /// Reads whatever both pipes hold now, so that neither fills up and blocks the watch.
    private func readAvailable() throws {
        if !isOutputClosed { try output.readAvailable() }
        try errors.readAvailable()
    }

    /// Where the test waited, whether the process still runs, and what was read and not yet taken, for
    /// a failure's message: a thrown error is shown at the test's start, not at the line that waited.
    private func context(_ sourceLocation: SourceLocation) -> String {
        let state = waitStatus.map { "it has \(RunningWatch.ending($0))" } ?? "it still runs (\(processState))"
        return "waited for at \(sourceLocation.fileName):\(sourceLocation.line); \(state); unread standard output: "
            + "\(output.pendingText.debugDescription), standard error: \(errors.pendingText.debugDescription)"
    }

    /// Where each of the running watch's threads waits, and what its inotify descriptor watches, as
    /// `/proc` shows them: for a watch that printed nothing, whether it was stuck or never woken.
    /// (A watch printed nothing for 30 s twice in full CI runs under load, 2026-11-27, and never alone.)
    private var processState: String {
        #if os(Linux)
        let process = "/proc/\(processID)"
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?" }
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: process + "/task")) ?? []).sorted()
        let waits = threads.map { thread in
            let state = text("\(process)/task/\(thread)/stat").split(separator: ")").last?.split(separator: " ").first ?? "?"
            return "thread \(thread) \(state) in \(text("\(process)/task/\(thread)/wchan"))"
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: process + "/fdinfo")) ?? []
        let watches = descriptors.flatMap { text("\(process)/fdinfo/\($0)").split(separator: "\n").filter { $0.hasPrefix("inotify") } }
        return (waits + ["inotify watches: " + watches.joined(separator: " | ")]).joined(separator: "; ")
        #else
        return "no /proc here"
        #endif
    }

    // MARK: - The process

    /// Sends `signal` to the watch, unless it has been reaped (its ID may then be another process's).
    func send(_ signal: Int32) {
        guard waitStatus == nil else { return }
        kill(processID, signal)
    }

    /// Waits for the process to end, reading its output meanwhile; returns how it ended.
    ///
    /// - Throws: `RunningWatch.Failure.stillRunning` if it has not ended within `timeout`.
    func waitForEnd(
        timeout: Duration = lineTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Ending {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while try !hasEnded() {
            if ContinuousClock.now >= deadline {
                throw Failure.stillRunning(commandLine: commandLine, timeout: timeout, context: context(sourceLocation))
            }
            try await Task.sleep(for: RunningWatch.pollInterval)
        }
        try readAvailable()
        return RunningWatch.ending(waitStatus ?? 0)
    }

    /// Waits for the process to end in this very thread, for at most `timeout` of the watch's own
    /// time, and says how it ended: not a busy test run's time, which may resume an awaiting task long
    /// after the process ended (two fuzz tests on two cores, a queue of others). It holds its thread
    /// meanwhile, so it is only for an end that should come at once.
    ///
    /// - Throws: `RunningWatch.Failure.stillRunning` if it has not ended within `timeout`.
    func waitForPromptEnd(within timeout: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws -> Ending {
        let start = ContinuousClock.now
        while try !hasEnded() {
            if ContinuousClock.now - start >= timeout {
                throw Failure.stillRunning(commandLine: commandLine, timeout: timeout, context: context(sourceLocation))
            }
            usleep(1_000)
        }
        try readAvailable()
        return RunningWatch.ending(waitStatus ?? 0)
    }

    /// Whether the process has ended, reaping it if it just did, after reading what it wrote.
    private func hasEnded() throws -> Bool {
        guard waitStatus == nil else { return true }
        var status: Int32 = 0
        let reaped = waitpid(processID, &status, WNOHANG)
        if reaped == processID {
            waitStatus = status
            return true
        }
        if reaped == -1, errno != EINTR { throw Emotions.Failure.systemCall("waitpid", errno: errno) }
        try readAvailable()
        return false
    }

    #if os(Linux)
    /// How much CPU time the watch has used, all its threads together.
    ///
    /// From the scheduler's own count, `se.sum_exec_runtime` in `/proc/PID/task/*/sched`, to the
    /// microsecond; where the kernel does not offer that, from `utime` and `stime` in
    /// `/proc/PID/stat`, in clock ticks (10 ms each, usually).
    func cpuTime() throws -> Duration {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(processID)/task")) ?? []
        var milliseconds = 0.0
        var counted = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(processID)/task/\(task)/sched", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("se.sum_exec_runtime") }),
                let value = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
            else { continue }
            milliseconds += value
            counted += 1
        }
        if counted > 0, counted == tasks.count { return .microseconds(Int64(milliseconds * 1000)) }
        let path = "/proc/\(processID)/stat"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The command's name, field 2, is in parentheses and may hold spaces; after it come the state
        // (field 3) and so on, so field n is at index n - 3: utime is field 14, stime 15.
        guard let nameEnd = text.lastIndex(of: ")") else { throw Failure.unreadableStat(path: path, text: text) }
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw Failure.unreadableStat(path: path, text: text)
        }
        return .milliseconds((user + system) * 1000 / sysconf(Int32(_SC_CLK_TCK)))
    }
    #endif

    /// The ending a wait status describes: a signal in its low 7 bits, or 0 and the exit status in the next 8.
    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(by: signal)
    }

    /// A pipe whose ends are closed on exec, so that other processes the tests start do not keep the
    /// write end open; its read end does not block.
    ///
    /// Swift's Glibc module has no `pipe2`, so close-on-exec is set just after: a process another test
    /// starts in between may inherit an end, which only delays the end of output until it exits.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { throw Emotions.Failure.systemCall("pipe", errno: errno) }
        #else
        guard Darwin.pipe(&ends) == 0 else { throw Emotions.Failure.systemCall("pipe", errno: errno) }
        #endif
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// Why a test could not go on with the watch; each fails the test that threw it.
    enum Failure: Error, CustomStringConvertible {
        case noLine(commandLine: String, stream: String, timeout: Duration, context: String)
        case ended(commandLine: String, stream: String, context: String)
        case stillRunning(commandLine: String, timeout: Duration, context: String)
        case unreadableStat(path: String, text: String)
        case probeFailed(Outcome)
        case unexpectedLine(commandLine: String, line: String)

        var description: String {
            switch self {
            case let .noLine(commandLine, stream, timeout, context):
                "'\(commandLine)' printed no whole line on \(stream) within \(timeout); \(context)."
            case let .ended(commandLine, stream, context):
                "'\(commandLine)' closed its \(stream) before the line expected; \(context)."
            case let .stillRunning(commandLine, timeout, context):
                "'\(commandLine)' did not end within \(timeout); \(context)."
            case let .probeFailed(outcome):
                "A tap made to see whether the watch is established failed: \(outcome)"
            case let .unexpectedLine(commandLine, line):
                "'\(commandLine)' printed \(line.debugDescription), not the change of the taps made to see it established."
            case let .unreadableStat(path, text):
                "\(path) does not hold the fields expected: \(text.debugDescription)."
            }
        }
    }
}

/// The read end of a pipe and what has been read from it but not yet taken.
private struct PipeReader {
    /// The read end, which does not block.
    let descriptor: Int32
    /// Whether the write end has been closed by everyone: nothing more will come.
    private(set) var isFinished = false
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// What was read and not yet taken, as text.
    var pendingText: String { String(decoding: pending, as: UTF8.self) }

    /// Reads everything the pipe holds now.
    mutating func readAvailable() throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isFinished {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
            } else if count == 0 {
                isFinished = true
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                throw Emotions.Failure.systemCall("read", errno: errno)
            }
        }
    }

    /// The first whole line read, without its newline, taken; `nil` if no newline has come yet.
    mutating func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
    }

    /// Everything read and not yet taken, whole lines or not.
    mutating func takeAll() -> String {
        defer { pending = [] }
        return pendingText
    }
}
