/// Why the store could not read or update the data file; the file is never changed when one is thrown.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data file is not one we can read; it is left exactly as it is.
    case unreadableDataFile(path: String, DataFileProblem)
    /// The file or a folder on its path could not be created.
    case cannotCreate(SystemError)
    /// The lock file exists but could not be opened, even for reading.
    case cannotOpenLock(SystemError)
    /// The data file's path goes through a symbolic link owned by `owner`, neither the effective
    /// user nor root, which is not followed: it could point at any file the user may write.
    case foreignLink(path: String, owner: UInt32)
    /// Root was to use the data file in a folder owned by `owner`, who is not root.
    case foreignFolder(path: String, owner: UInt32)
    /// Root was to use a data file with other names (hard links) besides its own.
    case hardLinkedFile(path: String, links: UInt64)
    /// The lock file is a symbolic link, or not a regular file, and so is not opened.
    case unsafeLockFile(path: String, FileKind)
    /// The journal is a symbolic link, and so is not opened.
    case unsafeJournal(path: String, FileKind)
    /// The journal belongs to `owner`, not the data file's owner, and so is not used.
    case foreignJournal(path: String, owner: UInt32)
    /// The journal beside the data file is not one we can read; it is left exactly as it is.
    case unreadableJournal(path: String, JournalProblem)
    /// The journal is missing, but the data file syncs with `folder` and has sent or taken in changes
    /// through it: a new journal would number this history's changes from 1 again under its id.
    case lostSyncedJournal(path: String, folder: String)
    /// The journal was made again after the one through which this history synced as `history` was
    /// lost: the folder's file of `history` holds changes it does not, which its counts from before hold.
    case journalMadeAgain(path: String, history: String, folder: String)
    /// The change would make the data file larger than the reader accepts, so it is not saved.
    case tooLargeToSave(path: String, size: Int, limit: Int)
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

    /// What went wrong, with what, and what to do about it; for a change, that nothing was changed.
    public var description: String {
        switch self {
        case .unsyncedChange, .cannotWatch, .noHomeFolder: explanation
        default: explanation.dropLast() + "; nothing was changed."
        }
    }

    /// What went wrong, with what, and what to do about it, without saying what became of a change:
    /// what `watch`, which changes nothing, says of a problem it meets.
    public var explanation: String {
        if let error = descriptorShortage {
            return "Cannot open \(error.path): \(error.reason). emotions needs a few files open at once (the data "
                + "file, its folder, the lock and the journal); raise the limit on open files (ulimit -n) or close some."
        }
        return switch self {
        case let .unreadableDataFile(path, problem):
            "The data file \(path) cannot be used: \(problem). Fix or move the file."
        case let .cannotCreate(error):
            "Cannot create \(error.path): \(error.reason). Check that its folder is writable, "
                + "or choose another place with --file or EMOTIONS_FILE."
        case let .cannotOpenLock(error):
            "Cannot open the lock file \(error.path): \(error.reason). It exists, but we may not open it; "
                + "make it readable (chmod u+rw), or choose another file with --file or EMOTIONS_FILE."
        case let .foreignLink(path, owner):
            "The data file's path goes through the symbolic link \(path), which \(UserDatabase.describe(owner)) owns: "
                + "emotions follows no link that someone other than you or root owns, since it could point at any "
                + "file you may write. Remove the link, or pass the path it leads to with --file."
        case let .foreignFolder(path, owner):
            "The folder \(path) belongs to \(UserDatabase.describe(owner)), and emotions runs as root: root uses no "
                + "tally in a folder another user owns, since that user could swap its files for links to system "
                + "files. Run emotions as that user (sudo -u \(StoreError.userName(owner)) emotions …), or choose a "
                + "file in a folder root owns with --file."
        case let .hardLinkedFile(path, links):
            "The \(path.hasSuffix(".journal") ? "journal" : "data file") \(path) has \(links) names (hard links), and emotions runs as root: root uses only a data "
                + "file or journal with no other name, since another user could have linked a system file there. Give it a "
                + "name of its own (cp -p the file to a new name, then mv it back), or run emotions as the file's "
                + "owner."
        case let .unsafeLockFile(path, kind):
            "The lock file \(path) is \(kind == .symbolicLink ? "a symbolic link" : kind == .folder ? "a folder" : "not a regular file"): "
                + "emotions opens its lock file only as a plain file, never through a link, which could lead to "
                + "any file. Remove it (the next change makes a new one)."
        case let .unsafeJournal(path, kind):
            "The journal \(path) is \(kind == .symbolicLink ? "a symbolic link" : "not a regular file"): emotions opens "
                + "its journal only as a plain file, never through a link, which could lead to any file. Remove the link "
                + "(the next change starts a new journal, and history with it)."
        case let .foreignJournal(path, owner):
            "The journal \(path) belongs to \(UserDatabase.describe(owner)), not to the data file's owner: emotions keeps "
                + "no history in a file someone else could have put there. Remove it, or give it to the data file's owner."
        case let .unreadableJournal(path, problem):
            "The journal \(path) cannot be used: \(problem). Fix the line, or move the journal away to start "
                + "history anew (the counts are kept)."
        case let .lostSyncedJournal(path, folder):
            "The journal \(path) is missing, but the data file syncs with \(folder) through it: a new journal would "
                + "number this history's changes from 1 again, under the id its file in that folder already holds, which "
                + "the other machines refuse. Put the journal back from a backup, or move the data file away too and run "
                + "`emotions sync --folder` again to start this machine's tally anew from the folder."
        case let .journalMadeAgain(path, history, folder):
            "The journal \(path) was made again after the one through which this history synced with \(folder) as "
                + "\(history) was lost: its counts from before hold the changes that history's file there holds, and "
                + "setting the folder again would count them twice. Keep what was made since "
                + "(`emotions export > since.jsonl`), move the data file and its journal away, run `emotions sync --folder` "
                + "again to start this machine's tally anew from the folder, then `emotions import since.jsonl`."
        case let .tooLargeToSave(path, size, limit):
            "Cannot save \(path): with this change it would be \(size / 1024) KiB, more than the \(limit / 1024) KiB "
                + "emotions reads back. Remove the keys emotions does not use from the file."
        case let .readOnly(error):
            "The data file \(error.path) cannot be changed: \(error.reason). Make it writable, "
                + "or choose another file with --file or EMOTIONS_FILE."
        case let .inputOutput(error):
            "Cannot \(StoreError.verb(for: error.call)) \(error.path): \(error.reason). Check the file, its "
                + "folder's permissions and free space, or choose another file with --file."
        case let .unsyncedChange(error):
            "The change was saved, but \(error.path) cannot be flushed to disk: \(error.reason). "
                + "It may be lost if the system crashes; check the disk."
        case let .lockTimeout(lockFile, timeout, holder):
            "Gave up after waiting \(timeout.spokenForMessages) for the lock \(lockFile): "
                + "\(StoreError.describe(holder)) holds it. Try again, or raise EMOTIONS_LOCK_TIMEOUT (seconds)."
        case let .cannotWatch(error):
            "Cannot watch \(error.path) for changes: \(error.reason). \(StoreError.advice(forWatching: error))"
        case .noHomeFolder:
            "Cannot tell where to keep the data file: HOME is not set and there is no home folder. "
                + "Set HOME or EMOTIONS_FILE, or pass --file PATH."
        }
    }

    /// The failed open behind this error, when it failed only because no file descriptor was free
    /// (`EMFILE`, `ENFILE`): not a file that cannot be created or read, whatever the step that met it.
    public var descriptorShortage: SystemError? {
        switch self {
        case let .cannotCreate(error), let .cannotOpenLock(error), let .readOnly(error), let .inputOutput(error):
            error.errno == Errno.tooManyOpenFiles || error.errno == Errno.tooManyOpenFilesInSystem ? error : nil
        default: nil
        }
    }

    /// The login name of `id`, or the number for a user `/etc/passwd` does not list.
    private static func userName(_ id: UInt32) -> String {
        // sudo's '#1000' for a user without a name, quoted: unquoted, a shell reads # as a comment.
        UserDatabase.system().entry(for: id)?.name ?? "'#\(id)'"
    }

    /// What to do when watching fails: raise a kernel limit, or fix the folder's permissions.
    private static func advice(forWatching error: SystemError) -> String {
        switch error.errno {
        case Errno.noSpace: "Too many files are watched already; raise the limit fs.inotify.max_user_watches."
        case Errno.tooManyOpenFiles: "Too many watchers run already; raise fs.inotify.max_user_instances, or stop some."
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
        case "fsync", "fdatasync": "save to disk"
        case "ftruncate": "cut short"
        case "rename": "replace"
        case "flock": "lock"
        default: call
        }
    }
}
