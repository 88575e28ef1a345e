/// One run of a hook: started with `posix_spawn` from the very file that was judged, never through
/// a shell (see `Spawn`), its standard input a pipe filled beforehand, and waited for up to a time limit.
///
/// With `Spawn`, the only place EmotionKit starts, waits for or signals a process. It installs no signal
/// handler, as a library must not: it polls `waitpid` instead.
enum HookProcess {
    /// How many times a hook is started while its file is busy (`ETXTBSY`), over about 0.1 s in all.
    static let textBusyAttempts = 8

    /// The descriptor the hook's own file has in the hook's process: the one it is started through.
    static let fileDescriptor: Int32 = 3

    /// Where a hook's processes belong, which decides what its time limit can stop.
    enum Group: Equatable, Sendable {
        /// A new process group, the hook's own: at its time limit, or when the terminal stops a
        /// part of it, the whole group is stopped, with every process the hook started, nested
        /// hooks included. For hooks of an `emotions` that no hook started.
        case own
        /// This process's own group, which is a hook's (`emotions` run by a hook): nested hooks
        /// stay within the outer hook's group, so that its time limit reaches them. At its own time
        /// limit, the hook and the processes it started are stopped one by one, never the group,
        /// which holds this process and the hooks it is nested in.
        case inherited
    }

    /// Runs the hook open at `file` (`path` for `argv[0]` and messages) with `arguments` after its
    /// path, exactly `environment` (`NAME=value` entries) and `input` on its standard input; returns
    /// how it ended.
    ///
    /// Its standard output goes to our standard error, as git's hooks' does, so that our own
    /// standard output stays machine-readable; its standard error is ours. If ours is closed, both
    /// go to `/dev/null`. It gets one more descriptor, `fileDescriptor`, open on its own file, which
    /// is what is executed (as `/proc/self/fd/3`) and what a `#!` interpreter opens the script
    /// through; nothing else of ours, as every descriptor we open is closed on exec.
    static func run(
        _ file: Int32, path: [UInt8], arguments: [String], environment: [[UInt8]], input: [UInt8], timeout: Duration,
        group: Group
    ) -> HookOutcome {
        let standardInput: Int32
        let id: Int32
        do {
            standardInput = try inputPipe(holding: input)
        } catch {
            return .notStarted(errno: error.errno)
        }
        do {
            defer { Syscall.close(standardInput) }
            id = try Spawn.start(
                file, path: path, arguments: arguments, environment: environment, standardInput: standardInput,
                fileDescriptor: fileDescriptor, newGroup: group == .own, textBusyAttempts: textBusyAttempts)
        } catch {
            return notStarted(file, path: path, errno: error.errno)
        }
        return wait(for: id, group: group, timeout: timeout)
    }

    // MARK: - Starting

    /// The read end of a pipe that holds `input` and then end of file: the write end is closed
    /// before the hook starts, so writing can never block on it nor raise `SIGPIPE` in us.
    private static func inputPipe(holding input: [UInt8]) throws(SystemError) -> Int32 {
        // The ends are close-on-exec only just after they are made: a process another thread of ours
        // spawned in between could inherit them. The command line has no other thread then; an
        // application running hooks from several threads should know.
        var (reader, writer) = try Syscall.pipe()
        do throws(SystemError) {
            // Above the standard descriptors (ours may be closed), so that giving the hook its
            // standard input and output cannot overwrite one end with the other.
            reader = try aboveStandardDescriptors(reader)
            writer = try aboveStandardDescriptors(writer)
            // Non-blocking: input larger than the pipe holds fails at once rather than waits for a reader.
            try Syscall.setNonBlocking(writer)
            try Syscall.writeAll(writer, input, path: "")
        } catch {
            Syscall.close(reader)
            Syscall.close(writer)
            throw error
        }
        Syscall.close(writer)
        return reader
    }

    /// `descriptor`, or if it has a standard descriptor's number, a copy above them, `descriptor` closed.
    private static func aboveStandardDescriptors(_ descriptor: Int32) throws(SystemError) -> Int32 {
        guard descriptor <= Syscall.standardError else { return descriptor }
        let moved = try Syscall.duplicate(descriptor, atLeast: Syscall.standardError + 1)
        Syscall.close(descriptor)
        return moved
    }

    // MARK: - Failing to start

    /// How a hook that could not be started with `errno` failed: for a `#!` script whose interpreter
    /// is missing, not executable or no program, its interpreter, which the system's error would
    /// otherwise pin on the hook ("No such file or directory").
    private static func notStarted(_ file: Int32, path: [UInt8], errno code: Int32) -> HookOutcome {
        let missing = Errno.noSuchFileOrDirectory
        let denied = Errno.permissionDenied
        let noProgram = Errno.execFormatError
        guard [missing, denied, noProgram].contains(code), let interpreter = interpreter(of: file) else {
            return .notStarted(errno: code)
        }
        let found = (try? Syscall.status(ofPath: interpreter)) != nil
        switch code {
        case missing where !found:
            return .interpreterNotStarted(interpreter: interpreter, errno: missing)
        case denied where found && !Syscall.mayExecute(interpreter):
            return .interpreterNotStarted(interpreter: interpreter, errno: denied)
        case noProgram where found:
            // The hook has its `#!` line, so it is the interpreter the system cannot run.
            return .interpreterNotStarted(interpreter: interpreter, errno: noProgram)
        default:
            return .notStarted(errno: code)
        }
    }

    /// The interpreter a `#!` line at the start of the file open at `file` names, or `nil` if it
    /// has none or cannot be read: the first word after `#!`, as the kernel takes it.
    static func interpreter(of file: Int32) -> String? {
        // The descriptor may be O_PATH, which reads nothing; a new one for reading, on the same file.
        guard let reader = try? Syscall.openForReading(file) else { return nil }
        defer { Syscall.close(reader) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let read = bytes.withUnsafeMutableBytes { try? Syscall.read(reader, into: $0, at: 0, path: "") }
        guard let count = read, count > 2, bytes[0] == UInt8(ascii: "#"), bytes[1] == UInt8(ascii: "!") else { return nil }
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        let line = bytes[2..<count].prefix { $0 != UInt8(ascii: "\n") }.drop { blank.contains($0) }
        let word = line.prefix { !blank.contains($0) && $0 != 0 }
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
    }

    // MARK: - Waiting

    /// How long a hook runs before anyone looks whether a process it started was stopped by the
    /// terminal; fast hooks, most of them, never pay for that look.
    static let firstLook = Duration.milliseconds(100)

    /// Waits up to `timeout` for the hook to end, looking after 0.1 ms, then twice as long each
    /// time up to 5 ms; a hook still running then is stopped, and so is one the terminal stopped.
    ///
    /// The hook itself being stopped for using the terminal is seen at once (`WUNTRACED`); a process
    /// it started only by reading every process's state in `/proc`. That is done only if this
    /// process has a controlling terminal, which the hook shares (without one, nothing is stopped
    /// for using it), and only once the hook has run for `firstLook`, then twice as long each time
    /// up to 0.4 s; so a hook that runs `stty` or reads `/dev/tty` is ended within about half a
    /// second rather than at its time limit.
    private static func wait(for id: Int32, group: Group, timeout: Duration) -> HookOutcome {
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: timeout)
        var backoff = Backoff(until: deadline, longest: .milliseconds(5))
        var lookPause = firstLook
        var nextLook = start.advanced(by: firstLook)
        var hasTerminal: Bool?
        while true {
            switch state(of: id) {
            case let .ended(status):
                // A wait status holds the signal in its low 7 bits, or 0 and the exit status in the next 8.
                let signal = status & 0x7f
                return signal == 0 ? .exited(status: (status >> 8) & 0xff) : .killed(signal: signal)
            case .stoppedByTerminal:
                stop(id, group: group)
                return .stoppedByTerminal
            case .running:
                break
            }
            let now = MonotonicInstant.now
            if now < deadline, now >= nextLook {
                let terminal = hasTerminal ?? ProcessTable.hasControllingTerminal
                hasTerminal = terminal
                if terminal, hasStoppedPart(id, group: group) {
                    stop(id, group: group)
                    return .stoppedByTerminal
                }
                lookPause = min(lookPause * 2, .milliseconds(400))
                nextLook = terminal ? now.advanced(by: lookPause) : deadline
            }
            guard backoff.pause(using: Syscall.sleep) else { break }
        }
        stop(id, group: group)
        return .timedOut(after: timeout)
    }

    /// Where a hook is, as `waitpid` tells.
    private enum State {
        /// It still runs, or was stopped by something other than the terminal, which may continue it.
        case running
        /// It ended, and was reaped, with this wait status.
        case ended(Int32)
        /// Job control stopped it for reading from the terminal or changing it.
        case stoppedByTerminal
    }

    /// Where the hook is; if it has ended, it is reaped.
    ///
    /// Only if this process ignores `SIGCHLD` does the system reap the hook itself; its status is
    /// then unknown, and it counts as a success.
    private static func state(of id: Int32) -> State {
        guard let status = Syscall.wait(for: id, waiting: false, reportingStops: true) else { return .running }
        // A stopped process's status is 0x7f, and the signal in the next 8 bits.
        guard status & 0xff == 0x7f else { return .ended(status) }
        let signal = (status >> 8) & 0xff
        return signal == Signal.terminalInput || signal == Signal.terminalOutput ? .stoppedByTerminal : .running
    }

    /// Whether a process the hook started (in its group, or for `.inherited`, started by it) is stopped.
    ///
    /// The state does not say which signal stopped it; in a hook, which runs in the background
    /// with the terminal of `emotions`, it is all but always the terminal.
    private static func hasStoppedPart(_ id: Int32, group: Group) -> Bool {
        let table = ProcessTable.current()
        let parts = group == .own ? table.members(of: id) : table.descendants(of: id)
        return parts.contains { $0.id != id && $0.isStopped }
    }

    /// Stops a hook that ran out of time, or that the terminal stopped, with everything it started:
    /// `SIGTERM` and `SIGCONT` (a stopped process acts on `SIGTERM` only once continued), up to half
    /// a second to exit, then `SIGKILL`; then reaps it.
    ///
    /// For `.own`, each signal goes to the hook's process group. The hook is reaped only after the
    /// last one: until then its ID, which is its group's, cannot be reused, so no signal can reach
    /// a group that is not the hook's. For `.inherited`, see `send(_:to:group:known:)`.
    private static func stop(_ id: Int32, group: Group) {
        var known: [Int32] = []
        send(Signal.terminate, to: id, group: group, known: &known)
        send(Signal.continue, to: id, group: group, known: &known)
        var backoff = Backoff(for: .milliseconds(500), longest: .milliseconds(5))
        while !Syscall.hasEnded(id), backoff.pause(using: Syscall.sleep) {}
        send(Signal.kill, to: id, group: group, known: &known)
        _ = Syscall.wait(for: id, waiting: true)
    }

    /// Sends `signal` to the hook's group for `.own`; for `.inherited`, to the hook and to every
    /// process that it started, or that they started, that is still in this process's group.
    ///
    /// Those are found by their parents in `/proc` (`known` keeps them, as a process whose parent
    /// was ended is no longer found so). Each is looked up again just before its signal, and
    /// skipped unless it is still in our group, so that an ID the system gave a new process
    /// meanwhile, which would have to wrap around every ID in that moment, is all but never hit.
    /// The hook's own ID cannot be reused: it is not reaped yet.
    private static func send(_ signal: Int32, to id: Int32, group: Group, known: inout [Int32]) {
        guard group == .inherited else {
            Signal.send(signal, to: -id)
            return
        }
        let ours = Syscall.processGroup
        for part in ProcessTable.current().descendants(of: id) where part.group == ours && !known.contains(part.id) {
            known.append(part.id)
        }
        for part in known where ProcessTable.entry(of: part)?.group == ours {
            Signal.send(signal, to: part)
        }
        Signal.send(signal, to: id)
    }
}
