#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the store could not read or update the data file; the file is never changed when one is thrown.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data file is not one we can read; it is left exactly as it is.
    case unreadableDataFile(path: String, DataFileProblem)
    /// The file or a folder on its path could not be created.
    case cannotCreate(SystemError)
    /// The data file exists but may not be changed: its permissions, or read-only media.
    case readOnly(SystemError)
    /// Reading, writing, syncing or renaming failed.
    case inputOutput(SystemError)
    /// The change was saved but its folder could not be flushed to disk, nor the old file put back.
    case unsyncedChange(SystemError)
    /// Another process, `holder` if the system tells, held the lock for longer than `timeout`.
    case lockTimeout(lockFile: String, timeout: Duration, holder: LockHolder?)
    /// There is no way to tell where the data file should live.
    case noHomeFolder
    /// The system would not watch the data file's folder for changes.
    case cannotWatch(SystemError)

    /// What went wrong, with what, and what to do about it.
    public var description: String {
        switch self {
        case let .unreadableDataFile(path, problem):
            "The data file \(path) cannot be used: \(problem). Fix or move the file; nothing was changed."
        case let .cannotCreate(error):
            "Cannot create \(error.path): \(error.reason). Check that its folder is writable, "
                + "or choose another place with --file or EMOTIONS_FILE; nothing was changed."
        case let .readOnly(error):
            "The data file \(error.path) cannot be changed: \(error.reason). Make it writable, "
                + "or choose another file with --file or EMOTIONS_FILE; nothing was changed."
        case let .inputOutput(error):
            "Cannot \(StoreError.verb(for: error.call)) \(error.path): \(error.reason). Check the file, its "
                + "folder's permissions and free space, or choose another file with --file; nothing was changed."
        case let .unsyncedChange(error):
            "The change was saved, but \(error.path) cannot be flushed to disk: \(error.reason). "
                + "It may be lost if the system crashes; check the disk."
        case let .lockTimeout(lockFile, timeout, holder):
            "Gave up after waiting \(timeout.spokenForMessages) for the lock \(lockFile): "
                + "\(StoreError.describe(holder)) holds it. Try again, or raise EMOTIONS_LOCK_TIMEOUT (seconds); "
                + "nothing was changed."
        case let .cannotWatch(error):
            "Cannot watch \(error.path) for changes: \(error.reason). \(StoreError.advice(forWatching: error))"
        case .noHomeFolder:
            "Cannot tell where to keep the data file: HOME is not set and there is no home folder. "
                + "Set HOME or EMOTIONS_FILE, or pass --file PATH."
        }
    }

    /// What to do when watching fails: raise a kernel limit, or fix the folder's permissions.
    private static func advice(forWatching error: SystemError) -> String {
        switch error.errno {
        case ENOSPC: "Too many files are watched already; raise the limit fs.inotify.max_user_watches."
        case EMFILE: "Too many watchers run already; raise fs.inotify.max_user_instances, or stop some."
        default: "Check that the folder is readable, or choose another file with --file or EMOTIONS_FILE."
        }
    }

    /// "another emotions process (pid 42)", or what else is known of the holder.
    private static func describe(_ holder: LockHolder?) -> String {
        guard let holder else { return "another emotions process" }
        guard let command = holder.command, command != "emotions" else {
            return "another emotions process (pid \(holder.pid))"
        }
        return "another process (pid \(holder.pid), \(command))"
    }

    private static func verb(for call: String) -> String {
        switch call {
        case "open": "open"
        case "read": "read"
        case "write": "write"
        case "fsync": "save to disk"
        case "rename": "replace"
        case "flock": "lock"
        default: call
        }
    }
}
