/// What `emotions sync` asks of the store.
public enum SyncRequest: Sendable, Equatable {
    /// Sync now with the folder set.
    case now
    /// Sync with this folder from now on (an absolute path), under this name if given, and sync now.
    case folder(String, name: String?)
    /// Stop syncing: forget the folder; the history keeps everything it holds.
    case stop
}

/// Why a sync could not be asked for.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `emotions sync` with no folder set.
    case noFolder
    /// A folder path that is not absolute.
    case relativeFolder(String)
    /// A name that is empty, too long, or holds a control character.
    case badName(String)

    /// The message.
    public var description: String {
        switch self {
        case .noFolder:
            "No sync folder is set for this history. Set one with 'emotions sync --folder PATH' (a folder your sync tool shares)."
        case let .relativeFolder(path):
            "The sync folder '\(path)' is not an absolute path. Pass it whole, from '/'."
        case let .badName(name):
            "The name '\(name)' is not one a history can have. Give 1 to 64 characters, none of them a control character."
        }
    }
}
