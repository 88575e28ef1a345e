#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hook that failed, or a hooks folder that could not be read; the change itself is saved either way.
public enum HookProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hook named `hook` did not exit with status 0 after `change`.
    case hookFailed(hook: String, HookOutcome, change: Change)
    /// The hooks folder is there but could not be listed, so no hook ran after `change`.
    case unreadableFolder(SystemError, change: Change)

    /// What went wrong, with which hook and change, and what to do about it; a warning, not an error.
    public var description: String {
        switch self {
        case let .hookFailed(hook, outcome, change):
            let name = HookProblem.quoted(hook)
            let saved = "the change \(change) is saved."
            switch outcome {
            case let .exited(status):
                return "Hook \(name) exited with status \(status); \(saved)"
            case let .killed(signal):
                return "Hook \(name) was killed by signal \(HookProblem.describe(signal: signal)); \(saved)"
            case let .timedOut(limit):
                return "Hook \(name) did not finish within \(limit.spokenForMessages) and was stopped; \(saved) "
                    + "Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds)."
            case let .notStarted(code) where code == ENOEXEC:
                return "Hook \(name) could not be started: \(HookProblem.reason(code)) (ENOEXEC); \(saved) "
                    + "A script needs a '#!' line, such as #!/bin/sh."
            case let .notStarted(code):
                return "Hook \(name) could not be started: \(HookProblem.reason(code)) (errno \(code)); \(saved)"
            }
        case let .unreadableFolder(error, change):
            return "Cannot read the hooks folder \(HookProblem.quoted(error.path)): \(error.reason); no hook ran for "
                + "the change \(change), which is saved. Make it a folder you may read, or move it away."
        }
    }

    /// `'name'`, or for a name holding control characters, a JSON string, so that none reaches a terminal raw.
    static func quoted(_ name: String) -> String {
        let isPlain = name.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
        return isPlain ? "'\(name)'" : JSONValue.string(name).serialized(pretty: false)
    }

    /// `9 (SIGKILL)` for the common signals, else just the number.
    private static func describe(signal: Int32) -> String {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"),
            (SIGUSR1, "SIGUSR1"), (SIGSEGV, "SIGSEGV"), (SIGUSR2, "SIGUSR2"), (SIGPIPE, "SIGPIPE"),
            (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"),
        ]
        guard let name = names.first(where: { $0.0 == signal })?.1 else { return "\(signal)" }
        return "\(signal) (\(name))"
    }

    /// The system's words for `code`, as `SystemError.reason` has them.
    private static func reason(_ code: Int32) -> String {
        SystemError(call: "posix_spawn", path: "", errno: code).reason
    }
}
