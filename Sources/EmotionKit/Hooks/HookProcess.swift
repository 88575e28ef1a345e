#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a hook: started with `posix_spawn` from the very file that was judged, never through
/// a shell, its standard input a pipe filled beforehand, and waited for up to a time limit.
///
/// The only place EmotionKit starts, waits for or signals a process. It installs no signal
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
        let id: pid_t
        do {
            standardInput = try inputPipe(holding: input)
        } catch {
            return .notStarted(errno: error.errno)
        }
        do {
            defer { close(standardInput) }
            id = try spawn(
                file, path: path, arguments: arguments, environment: environment, standardInput: standardInput,
                group: group)
        } catch {
            return notStarted(file, path: path, errno: error.errno)
        }
        return wait(for: id, group: group, timeout: timeout)
    }

    // MARK: - Starting

    /// The read end of a pipe that holds `input` and then end of file: the write end is closed
    /// before the hook starts, so writing can never block on it nor raise `SIGPIPE` in us.
    private static func inputPipe(holding input: [UInt8]) throws(SystemError) -> Int32 {
        var ends: [Int32] = [-1, -1]
        // Swift's Glibc module has no pipe2, so the ends are marked close-on-exec just after: a
        // process another thread of ours spawned in between could inherit them. The command line
        // has no other thread then; an application running hooks from several threads should know.
        guard pipe(&ends) == 0 else { throw failure("pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        do throws(SystemError) {
            // Above the standard descriptors (ours may be closed), so that giving the hook its
            // standard input and output cannot overwrite one end with the other.
            for index in ends.indices where ends[index] <= STDERR_FILENO {
                let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
                guard moved >= 0 else { throw failure("fcntl") }
                close(ends[index])
                ends[index] = moved
            }
            // Non-blocking: input larger than the pipe holds fails at once rather than waits for a reader.
            guard fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0 else { throw failure("fcntl") }
            try writeAll(input, to: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        return ends[0]
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            offset += written
        }
    }

    /// Starts the hook, in a new process group for `.own`, with an empty signal mask and `SIGPIPE`
    /// at its default.
    ///
    /// On Linux the file executed is the open `file` itself, as `/proc/self/fd/3`, which the kernel
    /// resolves to the open file and not by any name: what runs is what was judged, whatever is
    /// done to the names on its path meanwhile. The copy at 3 is not closed on exec, as a `#!`
    /// interpreter opens the script by that path after the exec.
    private static func spawn(
        _ file: Int32, path: [UInt8], arguments: [String], environment: [[UInt8]], standardInput: Int32, group: Group
    ) throws(SystemError) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        let dup2 = "posix_spawn_file_actions_adddup2"
        try check(posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO), dup2)
        if fcntl(STDERR_FILENO, F_GETFD) == -1, errno == EBADF {
            // Our standard error is closed (`2>&-`), and copying it would fail the spawn: the hook
            // writes to /dev/null instead, as it would to a closed descriptor, and still runs.
            try check(
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0),
                "posix_spawn_file_actions_addopen")
            try check(posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO), dup2)
        } else {
            try check(posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO), dup2)
        }
        #if os(Linux)
        // Copied from above 3, so that neither an earlier action (onto 0, 1 or 2, where our own
        // descriptors may be closed and the file opened) overwrites it, nor a copy onto itself
        // leaves it closed on exec.
        let source = file > fileDescriptor ? file : fcntl(file, F_DUPFD_CLOEXEC, fileDescriptor + 1)
        guard source >= 0 else { throw failure("fcntl") }
        defer { if source != file { close(source) } }
        try check(posix_spawn_file_actions_adddup2(&actions, source, fileDescriptor), dup2)
        let executable = Array("/proc/self/fd/\(fileDescriptor)".utf8)
        #else
        // Darwin has no O_PATH, and no reliable exec of a descriptor: it starts the hook by its
        // path, after checking that the path still names the file judged, and checks again once
        // started. That narrows the race between check and exec; it cannot close it, as Linux does.
        let executable = path
        guard names(path, file) else {
            throw SystemError(call: "stat", path: String(decoding: path, as: UTF8.self), errno: ESTALE)
        }
        #endif

        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        // What the hook would get from a shell, whatever our parent left us: no blocked signal,
        // and SIGPIPE at its default, which runtimes such as Python's set to ignored.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        // And job control's at its default, so that a hook using the terminal is stopped, and told
        // of, even when our parent ignored them (nohup, some shells' background jobs).
        for signal in [SIGTTIN, SIGTTOU, SIGTSTP] {
            sigaddset(&defaults, signal)
        }
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults), "posix_spawnattr_setsigdefault")
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if group == .own {
            // A group of its own, so that a hook out of time is stopped with everything it started.
            try check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup")
            flags |= POSIX_SPAWN_SETPGROUP
        }
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")

        var id = pid_t()
        var result: Int32 = 0
        // ETXTBSY: the file is open for writing somewhere. Often only for a moment: an editor saving
        // it, or another thread's child, between fork and exec, holding a copy of a descriptor
        // being written (the race Go's os/exec retries for too). So a few short retries first.
        var wait = Duration.milliseconds(1)
        for attempt in 0..<HookProcess.textBusyAttempts {
            result = withCStrings([executable, path] + arguments.map { Array($0.utf8) }) { strings in
                withCStrings(environment) { envp in
                    guard let executable = strings[0] else { return EINVAL }
                    return posix_spawn(&id, executable, &actions, &attributes, Array(strings.dropFirst()), envp)
                }
            }
            guard result == ETXTBSY, attempt < HookProcess.textBusyAttempts - 1 else { break }
            FileSystem.live.pause(wait)
            wait = min(wait * 2, .milliseconds(20))
        }
        try check(result, "posix_spawn")
        #if !os(Linux)
        if !names(path, file) {
            // Swapped between the check and the exec: whatever started is not what was judged.
            kill(id, SIGKILL)
            _ = reap(id, waiting: true)
            throw SystemError(call: "posix_spawn", path: String(decoding: path, as: UTF8.self), errno: ESTALE)
        }
        #endif
        return id
    }

    #if !os(Linux)
    /// Whether `path` names the file open at `file`: the same device and inode.
    private static func names(_ path: [UInt8], _ file: Int32) -> Bool {
        var named = stat()
        var opened = stat()
        let found = withCStrings([path]) { strings in strings[0].map { stat($0, &named) == 0 } ?? false }
        return found && fstat(file, &opened) == 0 && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino
    }
    #endif

    // MARK: - Failing to start

    /// How a hook that could not be started with `errno` failed: for a `#!` script whose interpreter
    /// is missing, not executable or no program, its interpreter, which the system's error would
    /// otherwise pin on the hook ("No such file or directory").
    private static func notStarted(_ file: Int32, path: [UInt8], errno code: Int32) -> HookOutcome {
        guard [ENOENT, EACCES, ENOEXEC].contains(code), let interpreter = interpreter(of: file) else {
            return .notStarted(errno: code)
        }
        var status = stat()
        let found = stat(interpreter, &status) == 0
        switch code {
        case ENOENT where !found:
            return .interpreterNotStarted(interpreter: interpreter, errno: ENOENT)
        case EACCES where found && access(interpreter, X_OK) != 0:
            return .interpreterNotStarted(interpreter: interpreter, errno: EACCES)
        case ENOEXEC where found:
            // The hook has its `#!` line, so it is the interpreter the system cannot run.
            return .interpreterNotStarted(interpreter: interpreter, errno: ENOEXEC)
        default:
            return .notStarted(errno: code)
        }
    }

    /// The interpreter a `#!` line at the start of the file open at `file` names, or `nil` if it
    /// has none or cannot be read: the first word after `#!`, as the kernel takes it.
    static func interpreter(of file: Int32) -> String? {
        #if os(Linux)
        // The descriptor may be O_PATH, which reads nothing; a new one for reading, on the same file.
        let reader = open("/proc/self/fd/\(file)", O_RDONLY | O_CLOEXEC)
        #else
        let reader = dup(file)
        #endif
        guard reader >= 0 else { return nil }
        defer { close(reader) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { pread(reader, $0.baseAddress, $0.count, 0) }
        guard count > 2, bytes[0] == UInt8(ascii: "#"), bytes[1] == UInt8(ascii: "!") else { return nil }
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        let line = bytes[2..<count].prefix { $0 != UInt8(ascii: "\n") }.drop { blank.contains($0) }
        let word = line.prefix { !blank.contains($0) && $0 != 0 }
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
    }

    /// Calls `body` with `list` as NUL-terminated C strings followed by a null pointer, as `exec` takes them.
    private static func withCStrings<Result>(
        _ list: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let strings = list.map { bytes in
            let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() {
                string[index] = CChar(bitPattern: byte)
            }
            string[bytes.count] = 0
            return string
        }
        defer {
            for string in strings {
                string.deallocate()
            }
        }
        return body(strings + [nil])
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
    private static func wait(for id: pid_t, group: Group, timeout: Duration) -> HookOutcome {
        let clock = ContinuousClock()
        let start = clock.now
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
            let now = clock.now
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
            guard backoff.pause(using: FileSystem.live.pause) else { break }
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
    private static func state(of id: pid_t) -> State {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(id, &status, WNOHANG | WUNTRACED)
            if reaped == 0 { return .running }
            if reaped == id {
                // A stopped process's status is 0x7f, and the signal in the next 8 bits.
                guard status & 0xff == 0x7f else { return .ended(status) }
                let signal = (status >> 8) & 0xff
                return signal == SIGTTIN || signal == SIGTTOU ? .stoppedByTerminal : .running
            }
            if errno != EINTR { return .ended(0) }
        }
    }

    /// Whether a process the hook started (in its group, or for `.inherited`, started by it) is stopped.
    ///
    /// The state does not say which signal stopped it; in a hook, which runs in the background
    /// with the terminal of `emotions`, it is all but always the terminal.
    private static func hasStoppedPart(_ id: pid_t, group: Group) -> Bool {
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
    private static func stop(_ id: pid_t, group: Group) {
        var known: [pid_t] = []
        send(SIGTERM, to: id, group: group, known: &known)
        send(SIGCONT, to: id, group: group, known: &known)
        var backoff = Backoff(for: .milliseconds(500), longest: .milliseconds(5))
        while !hasExited(id), backoff.pause(using: FileSystem.live.pause) {}
        send(SIGKILL, to: id, group: group, known: &known)
        _ = reap(id, waiting: true)
    }

    /// Sends `signal` to the hook's group for `.own`; for `.inherited`, to the hook and to every
    /// process that it started, or that they started, that is still in this process's group.
    ///
    /// Those are found by their parents in `/proc` (`known` keeps them, as a process whose parent
    /// was ended is no longer found so). Each is looked up again just before its signal, and
    /// skipped unless it is still in our group, so that an ID the system gave a new process
    /// meanwhile, which would have to wrap around every ID in that moment, is all but never hit.
    /// The hook's own ID cannot be reused: it is not reaped yet.
    private static func send(_ signal: Int32, to id: pid_t, group: Group, known: inout [pid_t]) {
        guard group == .inherited else {
            kill(-id, signal)
            return
        }
        let ours = getpgrp()
        for part in ProcessTable.current().descendants(of: id) where part.group == ours && !known.contains(part.id) {
            known.append(part.id)
        }
        for part in known where ProcessTable.entry(of: part)?.group == ours {
            kill(part, signal)
        }
        kill(id, signal)
    }

    /// The hook's wait status once it has ended, reaping it; `nil` if it still runs and `waiting` is false.
    private static func reap(_ id: pid_t, waiting: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(id, &status, waiting ? 0 : WNOHANG)
            if reaped == id { return status }
            if reaped == 0 { return nil }
            if errno != EINTR { return 0 }
        }
    }

    /// Whether the hook has ended, without reaping it.
    private static func hasExited(_ id: pid_t) -> Bool {
        var information = siginfo_t()
        while waitid(P_PID, id_t(id), &information, WEXITED | WNOHANG | WNOWAIT) != 0 {
            if errno != EINTR { return true }
        }
        // With WNOHANG and nothing to report, the system leaves si_signo zero.
        return information.si_signo == SIGCHLD
    }

    /// Throws unless `result`, as `posix_spawn` and its helpers return an `errno`, is 0.
    private static func check(_ result: Int32, _ call: String) throws(SystemError) {
        guard result == 0 else { throw SystemError(call: call, path: "", errno: result) }
    }

    /// The error `call` just set in `errno`.
    private static func failure(_ call: String) -> SystemError {
        SystemError(call: call, path: "", errno: errno)
    }
}
