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

    /// The hooks in the folder, in byte order of their names; none if the folder does not exist.
    ///
    /// A hook is a regular file (links followed) that this process may execute, whose name neither
    /// starts with `.` nor ends with `~` (an editor's backup). Anything else is skipped.
    ///
    /// - Throws: `SystemError` (`opendir` or `readdir`) if something is at the path but cannot be
    ///   listed: a file, or a folder we may not read.
    public func hooks() throws(SystemError) -> [Hook] {
        guard let stream = opendir(path) else {
            if errno == ENOENT { return [] }
            throw SystemError(call: "opendir", path: path, errno: errno)
        }
        defer { closedir(stream) }
        let folder = dirfd(stream)
        var hooks: [Hook] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw SystemError(call: "readdir", path: path, errno: errno) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                    HookFolder.hookName(name, in: folder)
                }
            }
            guard let name else { continue }
            hooks.append(Hook(fileName: name, in: path))
        }
        return hooks.sorted { $0.fileName.lexicographicallyPrecedes($1.fileName) }
    }

    /// The bytes of `name` if the entry it names in `folder` is a hook, else `nil`.
    private static func hookName(_ name: UnsafePointer<CChar>, in folder: Int32) -> [UInt8]? {
        let bytes = Array(UnsafeBufferPointer(start: name, count: strlen(name))).map { UInt8(bitPattern: $0) }
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "~") else { return nil }
        var status = stat()
        guard fstatat(folder, name, &status, 0) == 0, status.st_mode & S_IFMT == S_IFREG,
            faccessat(folder, name, X_OK, 0) == 0
        else { return nil }
        return bytes
    }
}
