/// Why the store could not read or update the data file; the file is never changed when one is thrown.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data file is not one we can read; it is left exactly as it is.
    case unreadableDataFile(path: String, DataFileProblem)
    /// The file or a folder on its path could not be created.
    case cannotCreate(SystemError)
    /// Reading, writing, syncing or renaming failed.
    case inputOutput(SystemError)
    /// Another process held the lock for longer than `timeout`.
    case lockTimeout(lockFile: String, timeout: Duration)
    /// There is no way to tell where the data file should live.
    case noHomeFolder

    /// What went wrong, with what, and what to do about it.
    public var description: String {
        switch self {
        case let .unreadableDataFile(path, problem):
            "The data file \(path) cannot be used: \(problem). Fix or move the file; nothing was changed."
        case let .cannotCreate(error):
            "Cannot create \(error.path): \(error.reason). Check that its folder is writable, "
                + "or choose another place with --file or EMOTIONS_FILE; nothing was changed."
        case let .inputOutput(error):
            "Cannot \(StoreError.verb(for: error.call)) \(error.path): \(error.reason). Check the file, its "
                + "folder's permissions and free space, or choose another file with --file; nothing was changed."
        case let .lockTimeout(lockFile, timeout):
            "Gave up after waiting \(StoreError.format(timeout)) for the lock \(lockFile), which another "
                + "emotions process holds. Try again, or raise EMOTIONS_LOCK_TIMEOUT (seconds); nothing was changed."
        case .noHomeFolder:
            "Cannot tell where to keep the data file: HOME is not set and there is no home folder. "
                + "Set HOME or EMOTIONS_FILE, or pass --file PATH."
        }
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

    private static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}
