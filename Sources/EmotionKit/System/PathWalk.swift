/// Follows a path one name at a time from folder descriptors, as the kernel would, but judging each
/// symbolic link and folder on the way before going through it.
///
/// Each name is opened in the folder opened before it (`openat` with `O_NOFOLLOW`), so a folder once
/// walked through cannot be swapped for another, nor a link for one that points elsewhere, between
/// being judged and being used. A link is followed only if the effective user or root owns it: one
/// another user owns could point anywhere the effective user may write (a data file link to
/// `/etc/shadow`, a `hooks` link to `/usr/bin`). `..` goes to the folder's real parent, as the
/// kernel's own lookup does.
package struct PathWalk: Sendable {
    /// Where a walk ended: the deepest folder that exists, and the names from there on.
    package struct Destination: Sendable {
        /// The deepest folder on the way that exists, open for walking (not reading); the caller closes it.
        package var folder: FileSystem.Descriptor
        /// The folders still to be made in `folder`, outermost first, before `name` can exist.
        package var missingFolders: [String]
        /// The last name of the path (after every link), in the innermost folder; `.` for a path
        /// that names a folder with no last name, such as `/`.
        package var name: String
        /// What `name` is, if it exists (never a link: links are followed).
        package var status: FileStatus?
        /// `name`, open for walking, when it is a folder and the walk was asked to keep it
        /// (`keepingFolder`); the caller closes it.
        package var opened: FileSystem.Descriptor?

        /// `name` in `folder`, as messages show it.
        package var path: String { DataPath(folder.path).appending((missingFolders + [name]).joined(separator: "/")).string }
    }

    /// Why a walk stopped.
    package enum Problem: Error, Equatable, Sendable {
        /// A system call failed: `ENOTDIR`, `EACCES`, `ELOOP` (more than 40 links), …
        case system(SystemError)
        /// A symbolic link owned by `owner`, neither the effective user nor root, was not followed.
        case foreignLink(path: String, owner: UInt32)
        /// A folder on the way was refused by the walk's `acceptsFolder`.
        case refusedFolder(path: String, FileStatus)
    }

    /// How many links a walk follows, as Linux's own limit for a path.
    package static let maximumLinks = 40

    let fileSystem: FileSystem
    /// The user whose links, besides root's, are followed: the effective user.
    let user: UInt32
    /// Whether a folder the walk goes through may be gone through; `nil`: every folder is, and `/`
    /// is not even looked at.
    let acceptsFolder: (@Sendable (FileStatus) -> Bool)?

    /// A walk through `fileSystem` that follows the links of `user` and root, going through the
    /// folders `acceptsFolder` accepts (`/`, where an absolute path starts, included); every
    /// folder by default.
    package init(
        fileSystem: FileSystem = .live, user: UInt32 = Syscall.effectiveUser,
        acceptsFolder: (@Sendable (FileStatus) -> Bool)? = nil
    ) {
        self.fileSystem = fileSystem
        self.user = user
        self.acceptsFolder = acceptsFolder
    }

    /// Walks `path`, from `start` if it is relative and a start is given, else from the working directory.
    ///
    /// A missing folder on the way ends the walk there, with the rest of the names as `missingFolders`.
    /// With `keepingFolder`, a last name that is a folder is left open (`Destination.opened`), so that
    /// a caller who wants the folder itself need not open it again.
    package func walk(
        _ path: String, from start: FileSystem.Descriptor? = nil, keepingFolder: Bool = false
    ) throws(Problem) -> Destination {
        guard !path.isEmpty else { throw .system(SystemError(call: "open", path: path, errno: Errno.noSuchFileOrDirectory)) }
        if start == nil, acceptsFolder == nil, let found = walkWithoutLinks(path, keepingFolder: keepingFolder) { return found }
        var pending = PathWalk.names(in: path)
        var walked = Progress(folder: try openStart(of: path, from: start))
        do throws(Problem) {
            while let name = pending.popLast() {
                if let destination = try goThrough(name, before: &pending, of: path, keepingFolder: keepingFolder, &walked) {
                    return destination
                }
            }
            // Only `.` names were left (`/`, `.`, `a/.`): the path names the folder reached.
            let status = try system { () throws(SystemError) in try fileSystem.status(walked.folder) }
            return Destination(folder: walked.folder, missingFolders: [], name: ".", status: status)
        } catch {
            fileSystem.close(walked.folder)
            throw error
        }
    }

    /// The walk of an absolute `path` in two system calls, where the kernel can say that no symbolic
    /// link is on the way to its folder (`FileSystem.openFolderWithoutLinks`): with no link to judge
    /// and no folder to refuse (`acceptsFolder` is `nil`), the name-by-name walk would find the same
    /// folder, and the last name's status is asked without following it; a folder to keep open is
    /// opened as the name-by-name walk opens it, in three. `nil`, to walk name by name, for anything
    /// else: a link on the way or at the end, a missing folder, `..` in the path, a system without the
    /// call, a NUL in the path (which would end the whole folder's path in C, not one name, and so
    /// skip the names after it).
    private func walkWithoutLinks(_ path: String, keepingFolder: Bool) -> Destination? {
        guard let openFolder = fileSystem.openFolderWithoutLinks, let (folderPath, name) = PathWalk.folderAndName(of: path),
            let folder = openFolder(folderPath, false)
        else { return nil }
        if keepingFolder { return keepingWithoutLinks(name, in: folder) }
        let status: FileStatus?
        do {
            status = try fileSystem.statusAt(folder, name)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            status = nil
        } catch {
            fileSystem.close(folder)
            return nil
        }
        if let status, status.kind == .symbolicLink || (status.kind == .folder && keepingFolder) {
            fileSystem.close(folder)
            return nil
        }
        return Destination(folder: folder, missingFolders: [], name: name, status: status)
    }

    /// `walkWithoutLinks`'s end when a last name that is a folder is to be kept open: `name` is opened
    /// in `folder` without following it, as `goThrough` opens it, and judged by what was opened, so
    /// that nothing put in its place meanwhile is kept. `nil`, closing `folder`, for a link or an error.
    private func keepingWithoutLinks(_ name: String, in folder: FileSystem.Descriptor) -> Destination? {
        let opened: FileSystem.Descriptor
        do {
            opened = try fileSystem.openAt(folder, name, OpenFlags.linkItself, 0)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            return Destination(folder: folder, missingFolders: [], name: name, status: nil)
        } catch {
            fileSystem.close(folder)
            return nil
        }
        guard let status = try? fileSystem.status(opened), status.kind != .symbolicLink else {
            fileSystem.close(opened)
            fileSystem.close(folder)
            return nil
        }
        guard status.kind == .folder else {
            fileSystem.close(opened)
            return Destination(folder: folder, missingFolders: [], name: name, status: status)
        }
        return Destination(folder: folder, missingFolders: [], name: name, status: status, opened: opened)
    }

    /// An absolute path's folder, written as the name-by-name walk writes it (`/` and the names but
    /// the last, without empty names and `.`), and its last name; `nil` for a relative path, one
    /// with `..` or a NUL, or one with no last name. Byte by byte: the generic `split` and `joined` cost a
    /// tap some 150,000 instructions.
    static func folderAndName(of path: String) -> (folder: String, name: String)? {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        // A NUL would end the whole path in one `openat2`, not one name: walked name by name.
        guard bytes.first == slash, !bytes.contains(0) else { return nil }
        var folder: [UInt8] = []
        folder.reserveCapacity(bytes.count)
        var last: Range<Int>?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            let length = end - start
            if length == 2, bytes[start] == dot, bytes[start + 1] == dot { return nil }
            if length > 0, !(length == 1 && bytes[start] == dot) {
                if let previous = last {
                    folder.append(slash)
                    folder.append(contentsOf: bytes[previous])
                }
                last = start..<end
            }
            start = end + 1
        }
        guard let last else { return nil }
        return (folder.isEmpty ? "/" : String(decoding: folder, as: UTF8.self), String(decoding: bytes[last], as: UTF8.self))
    }

    /// How far a walk has come: the folder it is in, and how many links it followed to get there.
    private struct Progress {
        var folder: FileSystem.Descriptor
        var links = 0
    }

    /// Opens the folder a walk of `path` starts in: `/` for an absolute path, else `start`, else the
    /// working directory.
    private func openStart(of path: String, from start: FileSystem.Descriptor?) throws(Problem) -> FileSystem.Descriptor {
        if path.hasPrefix("/") { return try openRoot() }
        if let start { return try open(".", in: start) }
        let here = try system { () throws(SystemError) in try fileSystem.open(".", OpenFlags.linkItself, 0) }
        return FileSystem.Descriptor(raw: here.raw, path: PathWalk.workingDirectory() ?? ".")
    }

    /// Goes through `name` from the folder `walked` is in, with `pending` the names after it (last
    /// first): into it if it is a folder, following it if it is a link. Returns where the walk ends
    /// if it ends there: `name` is missing, or the last name (left open if it is a folder and
    /// `keepingFolder`).
    private func goThrough(
        _ name: String, before pending: inout [String], of path: String, keepingFolder: Bool, _ walked: inout Progress
    ) throws(Problem) -> Destination? {
        let isLast = pending.isEmpty
        let next: FileSystem.Descriptor
        do {
            next = try fileSystem.openAt(walked.folder, name, OpenFlags.linkItself, 0)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            let rest = [name] + pending.reversed()
            // Nothing to make for `missing/../x`: the kernel would not go through a missing folder either.
            guard !rest.contains("..") else { throw .system(error) }
            return Destination(folder: walked.folder, missingFolders: Array(rest.dropLast()), name: rest[rest.count - 1], status: nil)
        } catch {
            throw .system(error)
        }
        let status = try statusClosingIfUnknown(next)
        switch status.kind {
        case .symbolicLink:
            defer { fileSystem.close(next) }
            try follow(next, status, into: &pending, of: path, &walked)
            return nil
        case .folder where !isLast:
            guard acceptsFolder?(status) ?? true else {
                fileSystem.close(next)
                throw .refusedFolder(path: next.path, status)
            }
            fileSystem.close(walked.folder)
            walked.folder = next
            return nil
        case .folder where keepingFolder:
            return Destination(folder: walked.folder, missingFolders: [], name: name, status: status, opened: next)
        case _ where isLast:
            fileSystem.close(next)
            return Destination(folder: walked.folder, missingFolders: [], name: name, status: status)
        default:
            fileSystem.close(next)
            throw .system(SystemError(call: "open", path: next.path, errno: Errno.notDirectory))
        }
    }

    /// Follows the symbolic link open at `link`, of `status`, if its owner is trusted and it is not
    /// one link too many: its target's names go to the end of `pending`, and an absolute target
    /// takes the walk back to `/`.
    private func follow(
        _ link: FileSystem.Descriptor, _ status: FileStatus, into pending: inout [String], of path: String,
        _ walked: inout Progress
    ) throws(Problem) {
        guard status.owner == user || status.owner == 0 else {
            throw .foreignLink(path: link.path, owner: status.owner)
        }
        walked.links += 1
        guard walked.links <= PathWalk.maximumLinks else {
            throw .system(SystemError(call: "open", path: path, errno: Errno.tooManySymbolicLinkLevels))
        }
        let target = try system { () throws(SystemError) in try fileSystem.linkTarget(link) }
        guard !target.isEmpty else { throw .system(SystemError(call: "open", path: link.path, errno: Errno.noSuchFileOrDirectory)) }
        if target.hasPrefix("/") {
            let root = try openRoot()
            fileSystem.close(walked.folder)
            walked.folder = root
        }
        pending += PathWalk.names(in: target)
    }

    /// The working directory's path; `nil` if it cannot be told (removed, or too long to tell).
    static func workingDirectory() -> String? {
        Syscall.workingDirectory()
    }

    /// The names of `path` in reverse order, to be popped from the end; without empty names and `.`.
    private static func names(in path: String) -> [String] {
        path.split(separator: "/").lazy.filter { $0 != "." }.map(String.init).reversed()
    }

    private func openRoot() throws(Problem) -> FileSystem.Descriptor {
        let root = try system { () throws(SystemError) in try fileSystem.open("/", OpenFlags.linkItself, 0) }
        if acceptsFolder != nil { try accept(root) }
        return root
    }

    private func open(_ name: String, in folder: FileSystem.Descriptor) throws(Problem) -> FileSystem.Descriptor {
        let opened = try system { () throws(SystemError) in try fileSystem.openAt(folder, name, OpenFlags.linkItself, 0) }
        return FileSystem.Descriptor(raw: opened.raw, path: folder.path)
    }

    /// Throws unless `acceptsFolder` accepts the open folder `folder`, closing it if not.
    private func accept(_ folder: FileSystem.Descriptor) throws(Problem) {
        let status = try statusClosingIfUnknown(folder)
        guard acceptsFolder?(status) ?? true else {
            fileSystem.close(folder)
            throw .refusedFolder(path: folder.path, status)
        }
    }

    /// What the open `file` is, closing it if that cannot be told.
    private func statusClosingIfUnknown(_ file: FileSystem.Descriptor) throws(Problem) -> FileStatus {
        do {
            return try fileSystem.status(file)
        } catch {
            fileSystem.close(file)
            throw .system(error)
        }
    }

    private func system<Result>(_ body: () throws(SystemError) -> Result) throws(Problem) -> Result {
        do {
            return try body()
        } catch {
            throw .system(error)
        }
    }
}
