#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of hooks for a data file, and which of its files are hooks.
public struct HookFolder: Equatable, Sendable {
    /// The folder's path; a relative path is relative to the working directory.
    public let path: String

    /// The folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// `explicitPath` (`EMOTIONS_HOOKS_DIR`) unless it is empty, else `hooks` in the folder of
    /// `dataFile` as given: `hooks` for `mood.json`, `/home/me/.config/emotions/hooks` for the default file.
    public init(forDataFile dataFile: String, explicitPath: String? = nil) {
        if let explicitPath, !explicitPath.isEmpty {
            path = explicitPath
        } else {
            let folder = TallyStore.folder(of: dataFile)
            path = folder.isEmpty ? "hooks" : folder == "/" ? "/hooks" : folder + "/hooks"
        }
    }

    /// Why the folder's hooks cannot be had: it cannot be listed, or is not trusted.
    public enum Problem: Error, Equatable, Sendable {
        /// Something is at the path but cannot be listed: a file, or a folder we may not read;
        /// the failing call is `opendir` (for what is at the path) or another on the way.
        case unreadable(SystemError)
        /// It is a folder someone else could change, so none of its hooks may run.
        case untrusted(HookDistrust)
        /// Its path goes through a link or folder someone else could change, so none of its hooks may run.
        case untrustedPath(HookPathDistrust)
    }

    /// The hooks in the folder, in byte order of their names; none if the folder does not exist.
    ///
    /// A hook is a regular file (links followed) that the effective user may execute, whose name
    /// neither starts with `.` nor ends with `~` (an editor's backup). Anything else is skipped. A
    /// hook that someone other than the effective user or root owns or may write to (the file a
    /// link leads to, for a link) comes with its `distrust`; a link that someone else owns, or that
    /// leads through a folder someone else could change, with its `pathDistrust`; neither may run.
    /// A trusted hook holds its file open (see `Hook`).
    ///
    /// The folder's path is made absolute and walked from `/` one name at a time (see `PathWalk`),
    /// and so is each link to a hook, from the folder: every folder on the way must be owned by the
    /// effective user or root and be writable by neither its group nor others unless it is sticky
    /// (as `/tmp`), and every link owned by that user or root. The folder and each hook are then
    /// judged by the very file opened, which is what is listed and what runs.
    ///
    /// - Throws: `Problem.unreadable` if something is at the path but cannot be listed;
    ///   `Problem.untrusted` if the folder is owned by someone other than the effective user or
    ///   root, or writable by its group or others (a link to a folder is judged by the folder);
    ///   `Problem.untrustedPath` if a link or folder on its path is not trusted.
    public func hooks() throws(Problem) -> [Hook] {
        // Most taps have no hooks folder: one `stat` says so, before the walk's call or three a name.
        // It only ever leads to running nothing, which anyone able to remove the folder could cause anyway.
        var quick = stat()
        if stat(path, &quick) != 0, errno == ENOENT { return [] }
        let user = UInt32(geteuid())
        let walk = PathWalk(user: user) { HookPathDistrust.accepts($0, user: user) }
        let absolutePath = HookRunner.absolute(path)
        // Every folder from / on is judged: with no way to tell the working directory's path (too
        // long, or an ancestor we may not search), those above it could not be.
        guard absolutePath.hasPrefix("/") else {
            throw .unreadable(SystemError(call: "getcwd", path: path, errno: errno == 0 ? ENOENT : errno))
        }
        let destination: PathWalk.Destination
        do {
            destination = try walk.walk(absolutePath)
        } catch {
            if let distrust = HookPathDistrust(error, user: user) { throw .untrustedPath(distrust) }
            guard case let .system(failure) = error else { return [] }
            throw .unreadable(SystemError(call: failure.call, path: path, errno: failure.errno))
        }
        defer { FileSystem.live.close(destination.folder) }
        guard destination.missingFolders.isEmpty, let found = destination.status else { return [] }
        guard found.kind == .folder else { throw .unreadable(SystemError(call: "opendir", path: path, errno: ENOTDIR)) }
        // Opened again, to be read; judged by what was opened, which is what is listed.
        let folder = openat(destination.folder.raw, destination.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw .unreadable(SystemError(call: "opendir", path: path, errno: errno)) }
        guard let stream = fdopendir(folder) else {
            let code = errno
            close(folder)
            throw .unreadable(SystemError(call: "opendir", path: path, errno: code))
        }
        defer { closedir(stream) }
        var status = stat()
        guard fstat(folder, &status) == 0 else {
            throw .unreadable(SystemError(call: "fstat", path: path, errno: errno))
        }
        if let distrust = HookDistrust(FileStatus(status), user: user) { throw .untrusted(distrust) }
        let listing = Listing(
            folder: FileSystem.Descriptor(raw: folder, path: path), absoluteFolder: absolutePath, user: user, walk: walk)
        var hooks: [Hook] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .unreadable(SystemError(call: "readdir", path: path, errno: errno)) }
                break
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if let hook = listing.hook(named: name) { hooks.append(hook) }
        }
        return hooks.sorted { $0.fileName.lexicographicallyPrecedes($1.fileName) }
    }

    /// The names of one open folder, judged as hooks.
    private struct Listing {
        /// The hooks folder, open for reading, with the path it was given as.
        let folder: FileSystem.Descriptor
        /// The folder's path made absolute.
        let absoluteFolder: String
        /// The effective user.
        let user: UInt32
        /// The walk that judged the folder's own path, for links to hooks.
        let walk: PathWalk

        /// The hook `name` names, with its distrust if any, or `nil` if it is not a hook.
        func hook(named name: [UInt8]) -> Hook? {
            guard let first = name.first, first != UInt8(ascii: "."), name.last != UInt8(ascii: "~"),
                var file = open(name, in: folder.raw)
            else { return nil }
            if file.status.kind == .symbolicLink {
                switch follow(file, named: name) {
                case let .opened(target):
                    file = target
                case let .distrusted(pathDistrust):
                    // Not followed, so what it leads to is not known for sure; whether it is a hook
                    // is told by name, only to keep the warning to what would have run. Nothing runs.
                    var status = stat()
                    guard fstatat(folder.raw, cString(name), &status, 0) == 0, mayExecute(FileStatus(status)) else {
                        return nil
                    }
                    return make(name, file: nil, pathDistrust: pathDistrust)
                case nil:
                    return nil
                }
            }
            guard mayExecute(file.status) else {
                close(file.descriptor)
                return nil
            }
            if let distrust = HookDistrust(file.status, user: user) {
                close(file.descriptor)
                return make(name, file: nil, distrust: distrust)
            }
            // A script runs its interpreter as much as itself: `#!interp` is looked up from the working
            // directory, and `#!/tmp/x` may be another user's program.
            if let interpreter = HookProcess.interpreter(of: file.descriptor),
                let distrust = HookPathDistrust.judge(interpreter: interpreter, user: user, walk: walk)
            {
                close(file.descriptor)
                return make(name, file: nil, pathDistrust: distrust)
            }
            return make(name, file: HookFile(taking: file.descriptor))
        }

        /// `name` in `folder` opened to be looked at and executed, not following it if it is a
        /// link, with its status; `nil` if it is gone.
        private func open(_ name: [UInt8], in folder: Int32) -> (descriptor: Int32, status: FileStatus)? {
            let descriptor = openat(folder, cString(name), FileSystem.linkItself | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                close(descriptor)
                return nil
            }
            return (descriptor, FileStatus(status))
        }

        /// What following a link to a hook gave.
        private enum Followed {
            /// The file it leads to, open, with its status.
            case opened((descriptor: Int32, status: FileStatus))
            /// The link, or a link or folder on its way, that someone else could change.
            case distrusted(HookPathDistrust)
        }

        /// The file that `link`, open at `name` in the folder, leads to, walked from the folder;
        /// `nil` if it leads nowhere. Closes `link`.
        ///
        /// The link itself is judged here (its name need not be UTF-8); its destination is walked
        /// by `PathWalk`, which judges every link and folder after it.
        private func follow(_ link: (descriptor: Int32, status: FileStatus), named name: [UInt8]) -> Followed? {
            let fileSystem = FileSystem.live
            let shown = FileSystem.join(folder.path, String(decoding: name, as: UTF8.self))
            let descriptor = FileSystem.Descriptor(raw: link.descriptor, path: shown)
            defer { fileSystem.close(descriptor) }
            guard link.status.owner == user || link.status.owner == 0 else {
                return .distrusted(.foreignLink(path: shown, owner: link.status.owner))
            }
            guard let target = try? fileSystem.linkTarget(descriptor), !target.isEmpty else { return nil }
            let destination: PathWalk.Destination
            do {
                destination = try walk.walk(target, from: folder)
            } catch {
                return HookPathDistrust(error, user: user).map(Followed.distrusted)
            }
            defer { fileSystem.close(destination.folder) }
            guard destination.missingFolders.isEmpty, destination.status != nil,
                let opened = open(Array(destination.name.utf8), in: destination.folder.raw)
            else { return nil }
            return .opened(opened)
        }

        /// Whether the effective user may execute a file with `status`: a regular file with the
        /// execute bit of the user's class (owner, group or others), or for root, any.
        private func mayExecute(_ status: FileStatus) -> Bool {
            guard status.kind == .regularFile else { return false }
            if user == 0 { return status.permissions & 0o111 != 0 }
            if status.owner == user { return status.permissions & 0o100 != 0 }
            if isMember(of: status.group) { return status.permissions & 0o010 != 0 }
            return status.permissions & 0o001 != 0
        }

        /// Whether the effective group or a supplementary group is `group`.
        private func isMember(of group: UInt32) -> Bool {
            if getegid() == group { return true }
            let count = getgroups(0, nil)
            guard count > 0 else { return false }
            var groups = [gid_t](repeating: 0, count: Int(count))
            let filled = getgroups(count, &groups)
            return groups.prefix(max(0, Int(filled))).contains(group)
        }

        private func make(
            _ name: [UInt8], file: HookFile?, distrust: HookDistrust? = nil, pathDistrust: HookPathDistrust? = nil
        ) -> Hook {
            Hook(
                fileName: name, in: folder.path, absoluteFolder: absoluteFolder, file: file, distrust: distrust,
                pathDistrust: pathDistrust)
        }
    }
}

/// `bytes` and a NUL, as a C function takes a name that need not be UTF-8.
private func cString(_ bytes: [UInt8]) -> [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
}
