/// The folder of hooks for a data file, and which of its files are hooks.
public struct HookFolder: Equatable, Sendable {
    /// The folder's path; a relative path is relative to the working directory.
    public let path: String
    /// What the folder, its hooks and the folders and links on their way are opened and judged
    /// through; tests replace it to make a file seem another user's.
    let fileSystem: FileSystem

    /// The folder at `path`.
    public init(path: String) {
        self.init(path: path, fileSystem: .live)
    }

    /// The folder at `path`, judged through `fileSystem`.
    package init(path: String, fileSystem: FileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// `explicitPath` (`EMOTIONS_HOOKS_DIR`) unless it is empty, else `hooks` in the folder of
    /// `dataFile` as given: `hooks` for `mood.json`, `/home/me/.config/emotions/hooks` for the default file.
    public init(forDataFile dataFile: String, explicitPath: String? = nil) {
        if let explicitPath, !explicitPath.isEmpty {
            self.init(path: explicitPath, fileSystem: .live)
        } else {
            self.init(path: DataPath(dataFile).sibling(named: "hooks").string, fileSystem: .live)
        }
    }

    /// Folders at the same path are the same folder, whatever they are judged through.
    public static func == (left: HookFolder, right: HookFolder) -> Bool {
        left.path == right.path
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
        if Syscall.isMissing(path) { return [] }
        let user = Syscall.effectiveUser
        let walk = PathWalk(fileSystem: fileSystem, user: user) { HookPathDistrust.accepts($0, user: user) }
        let absolutePath = HookRunner.absolute(path)
        // Every folder from / on is judged: with no way to tell the working directory's path (too
        // long, or an ancestor we may not search), those above it could not be.
        guard absolutePath.hasPrefix("/") else {
            throw .unreadable(SystemError(call: "getcwd", path: path, errno: Syscall.workingDirectoryError()))
        }
        let destination: PathWalk.Destination
        do {
            destination = try walk.walk(absolutePath)
        } catch {
            if let distrust = HookPathDistrust(error, user: user) { throw .untrustedPath(distrust) }
            guard case let .system(failure) = error else { return [] }
            throw .unreadable(SystemError(call: failure.call, path: path, errno: failure.errno))
        }
        defer { fileSystem.close(destination.folder) }
        guard destination.missingFolders.isEmpty, let found = destination.status else { return [] }
        guard found.kind == .folder else {
            throw .unreadable(SystemError(call: "opendir", path: path, errno: Errno.notDirectory))
        }
        // Opened again, to be read; judged by what was opened, which is what is listed.
        let folder: FileSystem.Descriptor
        do {
            let flags = OpenFlags.readOnly | OpenFlags.folder | OpenFlags.noFollow
            let raw = try Syscall.openAt(destination.folder.raw, destination.name, flags, path: path)
            folder = FileSystem.Descriptor(raw: raw, path: path)
        } catch {
            throw .unreadable(SystemError(call: "opendir", path: path, errno: error.errno))
        }
        defer { fileSystem.close(folder) }
        let status: FileStatus
        do {
            status = try fileSystem.status(folder)
        } catch {
            throw .unreadable(error)
        }
        if let distrust = HookDistrust(status, user: user) { throw .untrusted(distrust) }
        let names: [[UInt8]]
        do {
            names = try Syscall.names(in: folder.raw, path: path)
        } catch {
            throw .unreadable(error)
        }
        let listing = Listing(folder: folder, absoluteFolder: absolutePath, user: user, walk: walk)
        return names.compactMap(listing.hook(named:)).sorted { $0.fileName.lexicographicallyPrecedes($1.fileName) }
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
                var file = open(name, in: folder)
            else { return nil }
            if file.status.kind == .symbolicLink {
                switch follow(file, named: name) {
                case let .opened(target):
                    file = target
                case let .distrusted(pathDistrust):
                    // Not followed, so what it leads to is not known for sure; whether it is a hook
                    // is told by name, only to keep the warning to what would have run. Nothing runs.
                    let shown = DataPath(folder.path).appending(String(decoding: name, as: UTF8.self)).string
                    guard let status = try? Syscall.status(of: name, in: folder.raw, path: shown), mayExecute(status) else {
                        return nil
                    }
                    return make(name, file: nil, pathDistrust: pathDistrust)
                case nil:
                    return nil
                }
            }
            guard mayExecute(file.status) else {
                Syscall.close(file.descriptor)
                return nil
            }
            if let distrust = HookDistrust(file.status, user: user) {
                Syscall.close(file.descriptor)
                return make(name, file: nil, distrust: distrust)
            }
            // A script runs its interpreter as much as itself: `#!interp` is looked up from the working
            // directory, and `#!/tmp/x` may be another user's program.
            if let interpreter = HookProcess.interpreter(of: file.descriptor),
                let distrust = HookPathDistrust.judge(interpreter: interpreter, user: user, walk: walk)
            {
                Syscall.close(file.descriptor)
                return make(name, file: nil, pathDistrust: distrust)
            }
            return make(name, file: HookFile(taking: file.descriptor))
        }

        /// `name` in `folder` opened to be looked at and executed, not following it if it is a
        /// link, with its status (read through the walk's file system); `nil` if it is gone.
        private func open(_ name: [UInt8], in folder: FileSystem.Descriptor) -> (descriptor: Int32, status: FileStatus)? {
            let shown = DataPath(folder.path).appending(String(decoding: name, as: UTF8.self)).string
            guard let descriptor = try? Syscall.openAt(folder.raw, name, OpenFlags.linkItself, path: shown) else { return nil }
            guard let status = try? walk.fileSystem.status(FileSystem.Descriptor(raw: descriptor, path: shown)) else {
                Syscall.close(descriptor)
                return nil
            }
            return (descriptor, status)
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
            let fileSystem = walk.fileSystem
            let shown = DataPath(folder.path).appending(String(decoding: name, as: UTF8.self)).string
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
                let opened = open(Array(destination.name.utf8), in: destination.folder)
            else { return nil }
            return .opened(opened)
        }

        /// Whether the effective user may execute a file with `status`: a regular file with the
        /// execute bit of the user's class (owner, group or others), or for root, any.
        private func mayExecute(_ status: FileStatus) -> Bool {
            guard status.kind == .regularFile else { return false }
            if user == 0 { return status.permissions & 0o111 != 0 }
            if status.owner == user { return status.permissions & 0o100 != 0 }
            if Syscall.isMember(of: status.group) { return status.permissions & 0o010 != 0 }
            return status.permissions & 0o001 != 0
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
