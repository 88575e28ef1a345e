import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a process directly with `posix_spawn`, for the tests that must know its ID from the
/// start (to kill it at a chosen moment, or to signal it and read its CPU time), which Foundation's
/// `Process` does not promise.
enum Spawn {
    /// Where a process's standard output or error goes.
    enum Target {
        /// A file, created or truncated, mode 0600.
        case file(String)
        /// A descriptor of ours, such as a pipe's write end.
        case descriptor(Int32)
    }

    /// Starts `path` with `arguments` and exactly `environment`, standard input empty (`/dev/null`)
    /// or the file `input`, and standard output and error to `output` and `error`; in `directory` if
    /// given, with every other descriptor closed if `closingOthers`. With `resettingSignals`, it
    /// starts with no signal blocked and `SIGINT`, `SIGTERM` and `SIGPIPE` at their default, whatever
    /// the test runner did, as a shell starts a command.
    ///
    /// This is how `Emotions.run` starts the binary too: Foundation's `Process.run` on Linux (Swift
    /// 6.3.1) now and then reads past a `readdir` buffer while listing `/proc/self/fd` and crashes
    /// the whole test run (swift-corelibs-foundation pull request 5472).
    static func start(
        _ path: String, _ arguments: [String], environment: [String: String], input: String? = nil, output: Target,
        error: Target, directory: String? = nil, closingOthers: Bool = false, resettingSignals: Bool = false
    ) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check(posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0), "posix_spawn_file_actions_addopen")
        if let directory { try check(FileActionsExtras.addChangeDirectory(&actions, directory), "posix_spawn_file_actions_addchdir_np") }
        if closingOthers { try check(FileActionsExtras.addCloseFrom(&actions, 3), "posix_spawn_file_actions_addclosefrom_np") }
        for (descriptor, target) in [(Int32(1), output), (2, error)] {
            switch target {
            case let .file(path):
                try check(
                    posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
                    "posix_spawn_file_actions_addopen")
            case let .descriptor(ours):
                try check(posix_spawn_file_actions_adddup2(&actions, ours, descriptor), "posix_spawn_file_actions_adddup2")
            }
        }

        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
        if closingOthers { try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)), "posix_spawnattr_setflags") }
        #endif
        if resettingSignals {
            var noSignals = sigset_t()
            var endingSignals = sigset_t()
            sigemptyset(&noSignals)
            sigemptyset(&endingSignals)
            sigaddset(&endingSignals, SIGINT)
            sigaddset(&endingSignals, SIGTERM)
            sigaddset(&endingSignals, SIGPIPE)
            try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
            try check(posix_spawnattr_setsigdefault(&attributes, &endingSignals), "posix_spawnattr_setsigdefault")
            try check(
                posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
                "posix_spawnattr_setflags")
        }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for string in argv + envp {
                free(string)
            }
        }
        var processID: pid_t = 0
        try check(posix_spawn(&processID, path, &actions, &attributes, argv, envp), "posix_spawn \(path)")
        return processID
    }

    /// Throws unless `result`, the value a `posix_spawn` function returns, is 0.
    private static func check(_ result: Int32, _ call: String) throws {
        guard result == 0 else { throw Emotions.Failure.systemCall(call, errno: result) }
    }
}

/// The `posix_spawn` file actions glibc has but Swift's `Glibc` module does not show (they need
/// `_GNU_SOURCE`): found by name in the C library at run time.
private enum FileActionsExtras {
    #if canImport(Darwin)
    typealias Actions = posix_spawn_file_actions_t?
    #else
    typealias Actions = posix_spawn_file_actions_t
    #endif
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<Actions>, UnsafePointer<CChar>) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<Actions>, Int32) -> Int32

    /// The C function `name`, or `nil` where the C library has none.
    private static func function(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }

    /// `posix_spawn_file_actions_addchdir_np`: the child starts in `directory` (glibc 2.29, macOS 10.15).
    static func addChangeDirectory(_ actions: UnsafeMutablePointer<Actions>, _ directory: String) -> Int32 {
        guard let found = function("posix_spawn_file_actions_addchdir_np") else { return ENOSYS }
        return unsafeBitCast(found, to: ChangeDirectory.self)(actions, directory)
    }

    /// `posix_spawn_file_actions_addclosefrom_np`: the child has no descriptor from `lowest` up
    /// (glibc 2.34); on macOS `POSIX_SPAWN_CLOEXEC_DEFAULT` does it instead.
    static func addCloseFrom(_ actions: UnsafeMutablePointer<Actions>, _ lowest: Int32) -> Int32 {
        #if canImport(Darwin)
        return 0
        #else
        guard let found = function("posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
        return unsafeBitCast(found, to: CloseFrom.self)(actions, lowest)
        #endif
    }
}
