/// Who owns a data file and who may read and write it: what a save passes on from the file it
/// replaces to the new one, so that an update never changes who may read the tally, and the umask
/// never takes the owner's own access away.
struct FileOwnership: Equatable {
    /// The owner's user ID.
    let owner: UInt32
    /// The group ID.
    let group: UInt32
    /// The read and write bits. Execute, set-ID and sticky bits, which a data file never needs,
    /// are not kept: a file another user planted with them does not pass them on to ours.
    let permissions: UInt32

    /// The ownership of the file with `status`; for a first save (no status), the effective user's
    /// and group's, mode 0600.
    init(keeping status: FileStatus?) {
        if let status {
            owner = status.owner
            group = status.group
            permissions = status.permissions & 0o666
        } else {
            owner = Syscall.effectiveUser
            group = Syscall.effectiveGroup
            permissions = 0o600
        }
    }

    /// Gives `file` this owner, where we may (as root, or to a group we are in), and these
    /// permission bits, whatever the umask.
    ///
    /// `file` must be one we have just created (`O_EXCL`), never one that was already there: a file
    /// someone else put in our way would otherwise be given to the tally's owner, or made readable.
    func give(to file: FileSystem.Descriptor, using fileSystem: FileSystem) throws(SystemError) {
        if owner != Syscall.effectiveUser || group != Syscall.effectiveGroup {
            try? fileSystem.setOwner(file, owner, group)
        }
        try fileSystem.setPermissions(file, permissions)
    }

    /// The mode of a new lock file beside a data file with `status`: the group's too if the group
    /// may write the data file (a shared tally), and never anyone else's: whoever may open it may
    /// hold it, and hold up every writer.
    static func lockPermissions(besideDataFile status: FileStatus?) -> UInt32 {
        (status?.permissions ?? 0) & 0o020 != 0 ? 0o660 : 0o600
    }
}
