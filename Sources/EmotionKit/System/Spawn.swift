#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a program with `posix_spawn`, from the very file that was judged and never through a
/// shell: the one place the library starts a process.
package enum Spawn {
    /// Where a started program's standard output and error go, and which signals it starts with at
    /// their defaults.
    package enum Outputs: Sendable {
        /// A hook's: its output to our standard error and its errors to our standard output, so that
        /// ours stays machine-readable; `SIGPIPE` and job control's signals at their defaults.
        case swapped
        /// A pager's: our standard output and error as they are, and `SIGINT` and `SIGQUIT` at their
        /// defaults too, since we ignore them while it runs.
        case ours
    }

    /// Starts the program open at `file` (`path` for `argv[0]`) with `arguments` after its path and
    /// exactly `environment`, and returns its process ID: in a new process group if `newGroup`,
    /// with an empty signal mask and `SIGPIPE` and job control's signals at their defaults.
    ///
    /// Its standard input is `standardInput`; with `outputs` `.swapped`, its standard output is our
    /// standard error, and its standard error ours, or both `/dev/null` if ours is closed; with
    /// `.ours`, ours as they are. `fileDescriptor` is its own file.
    ///
    /// On Linux the file executed is the open `file` itself, as `/proc/self/fd/<fileDescriptor>`,
    /// which the kernel resolves to the open file and not by any name: what runs is what was
    /// judged, whatever is done to the names on its path meanwhile. The copy is not closed on exec,
    /// as a `#!` interpreter opens the script by that path after the exec. A file busy being
    /// written (`ETXTBSY`) is tried `textBusyAttempts` times, 1 ms apart and doubling up to 20 ms.
    ///
    /// The corresponding C function is `posix_spawn`.
    package static func start(
        _ file: Int32, path: [UInt8], arguments: [String], environment: [[UInt8]], standardInput: Int32,
        fileDescriptor: Int32, newGroup: Bool, textBusyAttempts: Int, outputs: Outputs = .swapped
    ) throws(SystemError) -> Int32 {
        #if canImport(Darwin)
        var actions: FileActions = nil
        var attributes: Attributes = nil
        #else
        var actions = FileActions()
        var attributes = Attributes()
        #endif
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        if outputs == .swapped {
            try redirectStandardStreams(&actions, input: standardInput)
        } else {
            try check(posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO), "posix_spawn_file_actions_adddup2")
        }
        #if os(Linux)
        // Copied from above 3, so that neither an earlier action (onto 0, 1 or 2, where our own
        // descriptors may be closed and the file opened) overwrites it, nor a copy onto itself
        // leaves it closed on exec.
        let source = file > fileDescriptor ? file : fcntl(file, F_DUPFD_CLOEXEC, fileDescriptor + 1)
        guard source >= 0 else { throw SystemError(call: "fcntl", path: "", errno: errno) }
        defer { if source != file { close(source) } }
        try check(posix_spawn_file_actions_adddup2(&actions, source, fileDescriptor), "posix_spawn_file_actions_adddup2")
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
        try setSignalsAndGroup(&attributes, newGroup: newGroup, interruptible: outputs == .ours)

        let id = try spawn(
            executable, argv: [path] + arguments.map { Array($0.utf8) }, environment: environment, &actions, &attributes,
            textBusyAttempts: textBusyAttempts)
        #if !os(Linux)
        if !names(path, file) {
            // Swapped between the check and the exec: whatever started is not what was judged.
            kill(id, SIGKILL)
            _ = Syscall.wait(for: id, waiting: true)
            throw SystemError(call: "posix_spawn", path: String(decoding: path, as: UTF8.self), errno: ESTALE)
        }
        #endif
        return id
    }

    #if canImport(Darwin)
    private typealias FileActions = posix_spawn_file_actions_t?
    private typealias Attributes = posix_spawnattr_t?
    #else
    private typealias FileActions = posix_spawn_file_actions_t
    private typealias Attributes = posix_spawnattr_t
    #endif

    /// Adds to `actions` the child's standard input, `input`, and its standard output and error: our
    /// standard error and output swapped, or both `/dev/null` if our standard error is closed.
    private static func redirectStandardStreams(_ actions: inout FileActions, input: Int32) throws(SystemError) {
        let dup2 = "posix_spawn_file_actions_adddup2"
        try check(posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO), dup2)
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
    }

    /// Sets in `attributes` an empty signal mask, `SIGPIPE` and job control's signals at their
    /// defaults, and a process group of the child's own if `newGroup`.
    private static func setSignalsAndGroup(_ attributes: inout Attributes, newGroup: Bool, interruptible: Bool) throws(SystemError) {
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
        for signal in [SIGTTIN, SIGTTOU, SIGTSTP] + (interruptible ? [SIGINT, SIGQUIT] : []) {
            sigaddset(&defaults, signal)
        }
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults), "posix_spawnattr_setsigdefault")
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newGroup {
            // A group of its own, so that a hook out of time is stopped with everything it started.
            try check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup")
            flags |= POSIX_SPAWN_SETPGROUP
        }
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")
    }

    /// Calls `posix_spawn` on `executable` with `argv` and `environment`, trying again while the file
    /// is busy being written, up to `textBusyAttempts` times; returns the process ID.
    private static func spawn(
        _ executable: [UInt8], argv: [[UInt8]], environment: [[UInt8]], _ actions: inout FileActions,
        _ attributes: inout Attributes, textBusyAttempts: Int
    ) throws(SystemError) -> Int32 {
        var id = pid_t()
        var result: Int32 = 0
        // ETXTBSY: the file is open for writing somewhere. Often only for a moment: an editor saving
        // it, or another thread's child, between fork and exec, holding a copy of a descriptor
        // being written (the race Go's os/exec retries for too). So a few short retries first.
        var wait = Duration.milliseconds(1)
        for attempt in 0..<textBusyAttempts {
            result = withCStrings([executable] + argv) { strings in
                withCStrings(environment) { envp in
                    guard let executable = strings[0] else { return EINVAL }
                    return posix_spawn(&id, executable, &actions, &attributes, Array(strings.dropFirst()), envp)
                }
            }
            guard result == ETXTBSY, attempt < textBusyAttempts - 1 else { break }
            Syscall.sleep(wait)
            wait = min(wait * 2, .milliseconds(20))
        }
        try check(result, "posix_spawn")
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

    /// Throws unless `result`, as `posix_spawn` and its helpers return an `errno`, is 0.
    private static func check(_ result: Int32, _ call: String) throws(SystemError) {
        guard result == 0 else { throw SystemError(call: call, path: "", errno: result) }
    }
}
