/// Why the sync folder, or a file in it, could not be used. Nothing in the folder is changed when
/// one is thrown, and the change that was to go out is kept in the journal for the next sync.
package enum SyncFolderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder does not exist: not made yet, removed, or on a drive that is not mounted.
    case missing(path: String)
    /// The path names something other than a folder.
    case notAFolder(path: String, FileKind)
    /// The path goes through a symbolic link owned by `owner`, neither the effective user nor root,
    /// which is not followed.
    case foreignLink(path: String, owner: UInt32)
    /// Root was to use a sync folder owned by `owner`, who is not root.
    case foreignFolder(path: String, owner: UInt32)
    /// A history's file is a symbolic link, a folder, a FIFO or a device, and so is not opened.
    case notARegularFile(path: String, FileKind)
    /// A history's file belongs to `owner`, neither us nor the data file's owner, and so is not used.
    case foreignFile(path: String, owner: UInt32)
    /// Root was to write to a file with other names (hard links) besides its own.
    case hardLinked(path: String, links: UInt64)
    /// Our own file is not the size we left it at, so nothing was appended: shorter, it was rolled
    /// back or lost its end; longer, something else wrote to it.
    case sizeMismatch(path: String, expected: Int64, actual: Int64)
    /// A file holds fewer bytes than were read from it before: it was replaced by a shorter one.
    case shorterThanRead(path: String, size: Int64, offset: Int64)
    /// No line ends within `limit` bytes from `offset`: a line longer than any we write.
    case lineTooLong(path: String, offset: Int64, limit: Int)
    /// Our own file could not be created.
    case cannotCreate(SystemError)
    /// Opening, listing, reading or writing failed.
    case inputOutput(SystemError)

    /// The file in the folder a per-file problem (`.notARegularFile`, `.foreignFile`) is about; `nil` otherwise.
    package var file: String? {
        switch self {
        case let .notARegularFile(path, _), let .foreignFile(path, _): path
        default: nil
        }
    }

    /// What went wrong, with what, and what to do about it.
    package var description: String {
        switch self {
        case let .missing(path):
            "The sync folder \(path) does not exist (or its drive is not mounted). Make or mount it, or pass another "
                + "with --folder; changes made here are kept and go out at the next sync."
        case let .notAFolder(path, kind):
            "The sync folder \(path) is \(SyncFolderError.article(kind)), not a folder. Pass a folder with --folder."
        case let .foreignLink(path, owner):
            "The sync folder's path goes through the symbolic link \(path), which \(UserDatabase.describe(owner)) owns: "
                + "emotions follows no link that someone other than you or root owns. Remove the link, or pass the "
                + "path it leads to with --folder."
        case let .foreignFolder(path, owner):
            "The sync folder \(path) belongs to \(UserDatabase.describe(owner)), and emotions runs as root: root writes "
                + "to no folder another user owns. Run emotions as that user, or pass a folder root owns with --folder."
        case let .notARegularFile(path, kind):
            "\(path) in the sync folder is \(SyncFolderError.article(kind)), not a plain file, and so is not opened: it "
                + "could lead anywhere. Remove it."
        case let .foreignFile(path, owner):
            "\(path) in the sync folder belongs to \(UserDatabase.describe(owner)), and so is not used: someone else "
                + "could have put it there. Remove it, or give it to the data file's owner."
        case let .hardLinked(path, links):
            "\(path) in the sync folder has \(links) names (hard links), and emotions runs as root: root writes to no "
                + "file with other names, which could be a system file. Remove it; it is written again."
        case let .sizeMismatch(path, expected, actual):
            "\(path) holds \(actual) bytes, not the \(expected) this history left in it, so nothing was added to it."
        case let .shorterThanRead(path, size, offset):
            "\(path) holds \(size) bytes, fewer than the \(offset) already read from it: it was replaced by a shorter file."
        case let .lineTooLong(path, offset, limit):
            "\(path) has no line end within \(limit) bytes from byte \(offset): no history writes lines that long. "
                + "Move the file out of the sync folder."
        case let .cannotCreate(error):
            "Cannot create \(error.path): \(error.reason). Check that the sync folder is writable and has free space."
        case let .inputOutput(error):
            "Cannot \(error.call) \(error.path): \(error.reason). Check the sync folder, its permissions and free space."
        }
    }

    /// "a symbolic link", "a folder", "a FIFO, socket or device".
    private static func article(_ kind: FileKind) -> String {
        switch kind {
        case .symbolicLink: "a symbolic link"
        case .folder: "a folder"
        case .regularFile: "a file"
        case .other: "a FIFO, socket or device"
        }
    }
}
