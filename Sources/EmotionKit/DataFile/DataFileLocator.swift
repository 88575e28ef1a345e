/// Finds the data file's folder for the store, safely for the effective user, and makes the folders
/// still missing on its path for a first save, and removes them again if that save fails.
///
/// Which path to use is `DataLocation`'s to say; this walks it (see `PathWalk`).
struct DataFileLocator {
    let fileSystem: FileSystem

    /// The folders an update made before its save, to remove again if nothing is saved: each with
    /// the folder it was made in (open) and its identity, outermost first.
    struct MadeFolders {
        /// A folder made, by its name in the folder it was made in.
        struct Folder {
            let parent: FileSystem.Descriptor
            let name: String
            let identity: FileIdentity
        }

        /// The folders made and not removed yet.
        fileprivate(set) var folders: [Folder] = []
        /// The folders made, open, the innermost last; closed by `close(with:)`.
        fileprivate(set) var opened: [FileSystem.Descriptor] = []

        /// Closes the folders it holds open.
        func close(with fileSystem: FileSystem) {
            for folder in opened {
                fileSystem.close(folder)
            }
        }
    }

    /// Walks the path to the data file (see `PathWalk`) and checks that the effective user may use
    /// what it found safely; the caller closes the destination's folder.
    ///
    /// As root, only a folder root owns is used (or, for folders still to be made, the innermost one
    /// that exists), as git refuses a repository of another user's: that user could otherwise swap
    /// the files in it for links to system files, or hard links of them, between our looks.
    ///
    /// - Parameter forUpdate: Whether a failing system call means the file cannot be created (an
    ///   update: `ENOTDIR`, `ELOOP`), rather than read.
    func locate(_ path: String, forUpdate: Bool) throws(StoreError) -> PathWalk.Destination {
        let destination: PathWalk.Destination
        do {
            destination = try PathWalk(fileSystem: fileSystem).walk(path)
        } catch {
            switch error {
            case let .system(error): throw forUpdate ? .cannotCreate(error) : .inputOutput(error)
            case let .foreignLink(path, owner): throw .foreignLink(path: path, owner: owner)
            case let .refusedFolder(path, status): throw .foreignFolder(path: path, owner: status.owner)
            }
        }
        do throws(StoreError) {
            try refuseForeignFolderAsRoot(destination.folder)
            if let status = destination.status, status.kind != .regularFile {
                throw .unreadableDataFile(path: destination.path, .notARegularFile(status.kind))
            }
        } catch {
            fileSystem.close(destination.folder)
            throw error
        }
        return destination
    }

    /// The data file's name in its folder, open, where an absolute `path` has no symbolic link on the
    /// way to that folder (one `openat2`, `FileSystem.openFolderWithoutLinks`), without looking at
    /// the name itself; `nil` for anything else, and where the system has no such call: `locate`
    /// walks it. The caller closes the folder.
    ///
    /// What `locate` checks of the folder is checked here too: as root, only a folder root owns. What
    /// it checks of the name (a link to follow, a file that is not a regular file) is the caller's to
    /// find when it opens it (`DataFileReader`).
    ///
    /// - Throws: `StoreError.foreignFolder`, as root, for a folder another user owns.
    func folderWithoutLinks(of path: String) throws(StoreError) -> NameInFolder? {
        guard let openFolder = fileSystem.openFolderWithoutLinks, let (folderPath, name) = PathWalk.folderAndName(of: path),
            let folder = openFolder(folderPath, false)
        else { return nil }
        do {
            try refuseForeignFolderAsRoot(folder)
        } catch {
            fileSystem.close(folder)
            throw error
        }
        return NameInFolder(folder: folder, name: name)
    }

    /// As root, refuses a data file's `folder` that another user owns (see `locate`); as anyone
    /// else, looks at nothing. Closes nothing.
    ///
    /// - Throws: `StoreError.foreignFolder`.
    private func refuseForeignFolderAsRoot(_ folder: FileSystem.Descriptor) throws(StoreError) {
        guard Syscall.effectiveUser == 0 else { return }
        let status = try fileSystem.fileStatus(folder)
        if status.owner != 0 { throw .foreignFolder(path: folder.path, owner: status.owner) }
    }

    /// Makes the folders the walk found missing, mode 0700 whatever the umask, and returns the
    /// innermost, open (`made` holds it); or the destination's folder if none was missing.
    ///
    /// A folder is made by name and then opened by name, so another user who may write the folder
    /// it is made in could swap another folder in between. What is opened is used as ours (made
    /// mode 0700 even under a strict umask, removed again if the save fails) only if it looks made
    /// this moment: owned by us, empty, with the mode the umask gave it.
    func makeFolders(
        _ destination: PathWalk.Destination, recording made: inout MadeFolders
    ) throws(StoreError) -> FileSystem.Descriptor {
        var folder = destination.folder
        for name in destination.missingFolders {
            var isMade = true
            do {
                try fileSystem.makeFolderAt(folder, name, 0o700)
            } catch where error.errno == Errno.fileExists {
                isMade = false  // Another process made it first.
            } catch {
                throw .cannotCreate(error)
            }
            let next = try StoreError.wrapping(StoreError.cannotCreate) { () throws(SystemError) in
                try fileSystem.openAt(folder, name, OpenFlags.linkItself | OpenFlags.folder, 0)
            }
            made.opened.append(next)
            let status = try fileSystem.fileStatus(next)
            // Swapped for someone else's folder since we made it? Root must not write there.
            if Syscall.effectiveUser == 0, status.owner != 0 { throw .foreignFolder(path: next.path, owner: status.owner) }
            if isMade, isJustMade(next, status) {
                made.folders.append(MadeFolders.Folder(parent: folder, name: name, identity: status.identity))
                if status.permissions & 0o700 != 0o700 {
                    try StoreError.wrapping(StoreError.cannotCreate) { () throws(SystemError) in
                        try fileSystem.setPermissions(next, status.permissions | 0o700)
                    }
                }
            }
            folder = next
        }
        return folder
    }

    /// Whether the folder open at `folder` looks as one `mkdir(0700)` just made: ours, with no
    /// folder and (where it can be listed) no file in it, and the mode the umask leaves of 0700.
    private func isJustMade(_ folder: FileSystem.Descriptor, _ status: FileStatus) -> Bool {
        guard status.owner == Syscall.effectiveUser, status.kind == .folder, status.links == 2,
            fileSystem.entries(folder).isEmpty
        else { return false }
        guard let umask = DataFileLocator.umask() else { return true }
        return status.permissions & 0o7777 == 0o700 & ~umask
    }

    /// The process's umask, from `/proc/self/status` (`Umask:\t0022`), which reads it without
    /// changing it, as `umask()` would for every thread; `nil` where the system does not say.
    private static func umask() -> UInt32? {
        let live = FileSystem.live
        guard let status = try? live.open("/proc/self/status", OpenFlags.readOnly, 0) else { return nil }
        defer { live.close(status) }
        guard let bytes = try? live.read(status, 64 * 1024) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
            return UInt32(line.dropFirst("Umask:".count).trimmingPrefix { $0 == " " || $0 == "\t" }, radix: 8)
        }
        return nil
    }

    /// Removes the folders `made` records once the update has failed, if the data file still does
    /// not exist: innermost first, each by its name in the folder it was made in, and only if that
    /// name is still the folder made. Nothing is removed twice.
    func removeUnused(_ made: inout MadeFolders, besides target: NameInFolder) {
        guard !made.folders.isEmpty else { return }
        if let file = try? fileSystem.openAt(target.folder, target.name, OpenFlags.linkItself, 0) {
            fileSystem.close(file)
            return  // The data file exists: the folders are in use.
        }
        for folder in made.folders.reversed() {
            guard let found = try? fileSystem.openAt(folder.parent, folder.name, OpenFlags.linkItself, 0) else { break }
            let identity = (try? fileSystem.status(found))?.identity
            fileSystem.close(found)
            // Fails, and so stops, at the first folder that is not empty: one another process uses.
            guard identity == folder.identity, (try? fileSystem.removeAt(folder.parent, folder.name, true)) != nil
            else { break }
        }
        made.folders = []
    }
}
