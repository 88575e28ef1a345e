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
        /// the failing call is `opendir` or `readdir`.
        case unreadable(SystemError)
        /// It is a folder someone else could change, so none of its hooks may run.
        case untrusted(HookDistrust)
    }

    /// The hooks in the folder, in byte order of their names; none if the folder does not exist.
    ///
    /// A hook is a regular file (links followed) that this process may execute, whose name neither
    /// starts with `.` nor ends with `~` (an editor's backup). Anything else is skipped. A hook that
    /// someone other than the effective user or root owns or may write to (the file a link leads
    /// to, for a link) comes with its `distrust`, and must not be run.
    ///
    /// - Throws: `Problem.unreadable` if something is at the path but cannot be listed;
    ///   `Problem.untrusted` if the folder is owned by someone other than the effective user or
    ///   root, or writable by its group or others (a link to a folder is judged by the folder).
    public func hooks() throws(Problem) -> [Hook] {
        guard let stream = opendir(path) else {
            if errno == ENOENT { return [] }
            throw .unreadable(SystemError(call: "opendir", path: path, errno: errno))
        }
        defer { closedir(stream) }
        let folder = dirfd(stream)
        let user = geteuid()
        // Judged by what was opened, so that nothing can be swapped in between.
        var status = stat()
        guard fstat(folder, &status) == 0 else {
            throw .unreadable(SystemError(call: "fstat", path: path, errno: errno))
        }
        if let distrust = HookDistrust(FileStatus(status), user: user) { throw .untrusted(distrust) }
        var hooks: [Hook] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .unreadable(SystemError(call: "readdir", path: path, errno: errno)) }
                break
            }
            let hook = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                    hookNamed(name, in: folder, user: user)
                }
            }
            guard let hook else { continue }
            hooks.append(hook)
        }
        return hooks.sorted { $0.fileName.lexicographicallyPrecedes($1.fileName) }
    }

    /// The hook `name` names in `folder`, with its distrust for `user` if any, or `nil` if it is not a hook.
    private func hookNamed(_ name: UnsafePointer<CChar>, in folder: Int32, user: UInt32) -> Hook? {
        let bytes = Array(UnsafeBufferPointer(start: name, count: strlen(name))).map { UInt8(bitPattern: $0) }
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "~") else { return nil }
        var status = stat()
        guard fstatat(folder, name, &status, 0) == 0, status.st_mode & S_IFMT == S_IFREG,
            faccessat(folder, name, X_OK, 0) == 0
        else { return nil }
        return Hook(fileName: bytes, in: path, distrust: HookDistrust(FileStatus(status), user: user))
    }
}
