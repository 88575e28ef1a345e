@testable import EmotionKit
import Foundation
import Synchronization

/// An in-memory disk that knows what a power cut would leave of it, in the style of SQLite's crash
/// tests (`test6.c`): each file has the bytes a reader sees now (`current`) and the bytes that
/// reached stable storage (`durable`); each folder has its names now and its names on disk.
///
/// `write` and `truncate` change a file's current bytes, and `sync`/`syncData` make them durable;
/// creating, renaming and removing a name change a folder's current names, and `sync` of the open
/// folder makes them durable. After `crashAfter` operations the process is taken for dead: every
/// further operation throws `EIO` and changes nothing. `afterPowerCut` then gives the disk a new
/// process finds when the power comes back.
///
/// The model is rooted at `/`, holding the folder `/pc` (`PowerCutDisk.folder`), both durable.
final class PowerCutDisk: Sendable {
    /// The folder the data file lives in.
    static let folder = "/pc"

    /// What survives of one file's unsynced bytes, or of the folders' unsynced names.
    enum Survival: Sendable, CaseIterable {
        /// Only what was synced.
        case synced
        /// Everything, as if the system had written it back on its own.
        case written
        /// A random prefix of the bytes appended (`O_APPEND`) since the last sync: a torn write.
        case torn
        /// The file's current length, but every unsynced byte past the synced ones reads as zero,
        /// as some file systems show a file whose size reached the disk before its data.
        case zeroed
    }

    fileprivate struct File {
        var current: [UInt8] = []
        var durable: [UInt8] = []
        var permissions: UInt32
        /// Whether anything was ever written to it through `O_APPEND`.
        var appended = false

        /// Makes its current bytes durable.
        mutating func sync() { durable = current }
    }

    fileprivate struct Folder {
        var current: [String: Int] = [:]
        var durable: [String: Int] = [:]

        /// Makes its current names durable.
        mutating func sync() { durable = current }
    }

    /// A change to a folder's names not yet synced, in the order made.
    fileprivate enum NameChange {
        case link(folder: Int, name: String, inode: Int)
        case unlink(folder: Int, name: String)
        case rename(folder: Int, from: String, to: String)

        var folder: Int {
            switch self {
            case let .link(folder, _, _), let .unlink(folder, _), let .rename(folder, _, _): folder
            }
        }

        func apply(to names: inout [String: Int]) {
            switch self {
            case let .link(_, name, inode): names[name] = inode
            case let .unlink(_, name): names[name] = nil
            case let .rename(_, from, to):
                if let inode = names.removeValue(forKey: from) { names[to] = inode }
            }
        }
    }

    fileprivate struct OpenFile {
        let inode: Int
        let flags: Int32
        var offset = 0
    }

    fileprivate struct State {
        var files: [Int: File] = [:]
        var folders: [Int: Folder] = [:]
        var pending: [NameChange] = []
        var open: [Int32: OpenFile] = [:]
        var nextInode = 3
        var nextDescriptor: Int32 = 100
        /// Operations made so far, counting only those that may fail.
        var operations = 0
        var crashAfter: Int?
        var crashed = false
    }

    private static let rootInode = 1
    private static let folderInode = 2

    private let state: Mutex<State>

    /// An empty disk with `/` and `/pc`, whose process dies after `crashAfter` operations if given.
    convenience init(crashAfter: Int? = nil) {
        var state = State()
        state.folders[PowerCutDisk.rootInode] = Folder(
            current: ["pc": PowerCutDisk.folderInode], durable: ["pc": PowerCutDisk.folderInode])
        state.folders[PowerCutDisk.folderInode] = Folder()
        state.crashAfter = crashAfter
        self.init(state)
    }

    private init(_ state: State) {
        self.state = Mutex(state)
    }

    /// Whether the process has died.
    var hasCrashed: Bool { state.withLock { $0.crashed } }

    /// Makes the process die after `operations` more operations: every one after them throws `EIO`.
    func dies(after operations: Int) {
        state.withLock { $0.crashAfter = $0.operations + operations }
    }

    /// How many operations that may fail were made.
    var operations: Int { state.withLock { $0.operations } }

    /// Puts a file in `/pc` with `bytes`, synced, its name durable: what was there before the test.
    func place(_ name: String, _ bytes: [UInt8]) {
        state.withLock { state in
            let inode = state.nextInode
            state.nextInode += 1
            state.files[inode] = File(current: bytes, durable: bytes, permissions: 0o600)
            state.folders[PowerCutDisk.folderInode]?.current[name] = inode
            state.folders[PowerCutDisk.folderInode]?.durable[name] = inode
        }
    }

    /// The current bytes of the file `name` in `/pc`, or `nil` if there is none.
    func bytes(of name: String) -> [UInt8]? {
        state.withLock { state in
            state.folders[PowerCutDisk.folderInode]?.current[name].flatMap { state.files[$0]?.current }
        }
    }

    /// The names in `/pc` now, sorted.
    var names: [String] {
        state.withLock { ($0.folders[PowerCutDisk.folderInode]?.current.keys).map { $0.sorted() } ?? [] }
    }

    /// The disk as the next boot finds it: each folder's durable names, with the first
    /// `keptNameChanges` unsynced changes (in the order made) also kept, and each file what
    /// `survival(appended)` says of its unsynced bytes; `torn` keeps `tornFraction` of them. No
    /// process has it open, and nothing crashes on it.
    func afterPowerCut(
        keptNameChanges: Int = 0, tornFraction: Double = 0.5, survival: (_ appended: Bool) -> Survival = { _ in .synced }
    ) -> PowerCutDisk {
        state.withLock { old in
            var state = State()
            state.nextInode = old.nextInode
            for (inode, folder) in old.folders {
                state.folders[inode] = Folder(current: folder.durable, durable: folder.durable)
            }
            for change in old.pending.prefix(keptNameChanges) {
                change.apply(to: &state.folders[change.folder, default: Folder()].current)
            }
            for inode in state.folders.keys {
                state.folders[inode]?.sync()
            }
            for (inode, file) in old.files {
                let kept: [UInt8]
                let common = Self.commonPrefixCount(file.current, file.durable)
                switch survival(file.appended) {
                case .synced:
                    kept = file.durable
                case .written:
                    kept = file.current
                case .torn where file.appended && file.current.count > file.durable.count && common == file.durable.count:
                    let unsynced = file.current.count - common
                    kept = Array(file.current.prefix(common + Int(Double(unsynced) * tornFraction)))
                case .torn:
                    kept = file.durable
                case .zeroed:
                    kept = Array(file.current.prefix(common)) + [UInt8](repeating: 0, count: file.current.count - common)
                }
                state.files[inode] = File(current: kept, durable: kept, permissions: file.permissions, appended: false)
            }
            return PowerCutDisk(state)
        }
    }

    /// How many bytes `one` and `other` begin with alike: one `memcmp` where one begins the other, as
    /// an append leaves a file's durable bytes. (A `zip` of the two took 40% of the large intake
    /// suite's power cuts in the debug build.)
    static func commonPrefixCount(_ one: [UInt8], _ other: [UInt8]) -> Int {
        one.withUnsafeBufferPointer { one in
            other.withUnsafeBufferPointer { other in
                let count = min(one.count, other.count)
                guard let first = one.baseAddress, let second = other.baseAddress, count > 0 else { return 0 }
                if memcmp(first, second, count) == 0 { return count }
                var index = 0
                while first[index] == second[index] { index += 1 }
                return index
            }
        }
    }

    /// How many changes to folder names were made and not yet synced.
    var unsyncedNameChanges: Int { state.withLock { $0.pending.count } }

    /// The file system over this disk.
    var fileSystem: FileSystem {
        FileSystem(
            open: { path, flags, _ throws(SystemError) in
                try self.operate("open", path) { state throws(SystemError) in
                    guard path == "/" else { throw SystemError(call: "open", path: path, errno: ENOENT) }
                    return state.descriptor(for: PowerCutDisk.rootInode, flags: flags, path: "/")
                }
            },
            openAt: { folder, name, flags, mode throws(SystemError) in
                let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
                return try self.operate("open", path) { state throws(SystemError) in
                    try state.open(name, in: folder, flags: flags, mode: mode, path: path)
                }
            },
            close: { file in
                self.state.withLock { _ = $0.open.removeValue(forKey: file.raw) }
            },
            read: { file, limit throws(SystemError) in
                try self.operate("read", file.path) { state throws(SystemError) in
                    let (inode, offset) = try state.file(file, "read")
                    let bytes = state.files[inode]?.current ?? []
                    let end = min(bytes.count, offset + limit)
                    let read = offset < end ? Array(bytes[offset..<end]) : []
                    state.open[file.raw]?.offset = offset + read.count
                    return read
                }
            },
            write: { file, bytes throws(SystemError) in
                try self.operate("write", file.path) { state throws(SystemError) in
                    let (inode, offset) = try state.file(file, "write")
                    guard let open = state.open[file.raw], open.flags & O_ACCMODE != O_RDONLY else {
                        throw SystemError(call: "write", path: file.path, errno: EBADF)
                    }
                    var contents = state.files[inode]?.current ?? []
                    let appends = open.flags & O_APPEND != 0
                    let start = appends ? contents.count : offset
                    if contents.count < start { contents += [UInt8](repeating: 0, count: start - contents.count) }
                    let overlap = min(bytes.count, contents.count - start)
                    contents.replaceSubrange(start..<(start + overlap), with: bytes)
                    state.files[inode]?.current = contents
                    if appends { state.files[inode]?.appended = true }
                    state.open[file.raw]?.offset = start + bytes.count
                }
            },
            sync: { file throws(SystemError) in
                try self.operate("fsync", file.path) { state throws(SystemError) in try state.sync(file) }
            },
            readAt: { file, offset, count throws(SystemError) in
                try self.operate("pread", file.path) { state throws(SystemError) in
                    let (inode, _) = try state.file(file, "pread")
                    let bytes = state.files[inode]?.current ?? []
                    let start = Int(offset)
                    let end = min(bytes.count, start + count)
                    return start < end ? Array(bytes[start..<end]) : []
                }
            },
            syncData: { file throws(SystemError) in
                try self.operate("fdatasync", file.path) { state throws(SystemError) in
                    let (inode, _) = try state.file(file, "fdatasync")
                    state.files[inode]?.sync()
                }
            },
            truncate: { file, length throws(SystemError) in
                try self.operate("ftruncate", file.path) { state throws(SystemError) in
                    let (inode, _) = try state.file(file, "ftruncate")
                    var contents = state.files[inode]?.current ?? []
                    let length = Int(length)
                    if contents.count > length {
                        contents.removeSubrange(length...)
                    } else {
                        contents += [UInt8](repeating: 0, count: length - contents.count)
                    }
                    state.files[inode]?.current = contents
                }
            },
            tryLock: { file throws(SystemError) in
                try self.operate("flock", file.path) { state throws(SystemError) in
                    guard state.open[file.raw] != nil else { throw SystemError(call: "flock", path: file.path, errno: EBADF) }
                    return true
                }
            },
            renameAt: { folder, source, destination throws(SystemError) in
                try self.operate("rename", folder.path + "/" + destination) { state throws(SystemError) in
                    let inode = try state.folderInode(folder, "rename")
                    guard state.folders[inode]?.current[source] != nil else {
                        throw SystemError(call: "rename", path: folder.path + "/" + source, errno: ENOENT)
                    }
                    let change = NameChange.rename(folder: inode, from: source, to: destination)
                    change.apply(to: &state.folders[inode, default: Folder()].current)
                    state.pending.append(change)
                }
            },
            removeAt: { folder, name, isFolder throws(SystemError) in
                try self.operate("unlink", folder.path + "/" + name) { state throws(SystemError) in
                    let inode = try state.folderInode(folder, "unlink")
                    guard let target = state.folders[inode]?.current[name] else {
                        throw SystemError(call: "unlink", path: folder.path + "/" + name, errno: ENOENT)
                    }
                    if isFolder {
                        guard let removed = state.folders[target] else {
                            throw SystemError(call: "unlink", path: folder.path + "/" + name, errno: ENOTDIR)
                        }
                        guard removed.current.isEmpty else {
                            throw SystemError(call: "unlink", path: folder.path + "/" + name, errno: ENOTEMPTY)
                        }
                    } else if state.folders[target] != nil {
                        throw SystemError(call: "unlink", path: folder.path + "/" + name, errno: EISDIR)
                    }
                    let change = NameChange.unlink(folder: inode, name: name)
                    change.apply(to: &state.folders[inode, default: Folder()].current)
                    state.pending.append(change)
                }
            },
            makeFolderAt: { folder, name, _ throws(SystemError) in
                try self.operate("mkdir", folder.path + "/" + name) { state throws(SystemError) in
                    let inode = try state.folderInode(folder, "mkdir")
                    guard state.folders[inode]?.current[name] == nil else {
                        throw SystemError(call: "mkdir", path: folder.path + "/" + name, errno: EEXIST)
                    }
                    let made = state.nextInode
                    state.nextInode += 1
                    state.folders[made] = Folder()
                    let change = NameChange.link(folder: inode, name: name, inode: made)
                    change.apply(to: &state.folders[inode, default: Folder()].current)
                    state.pending.append(change)
                }
            },
            kind: { _ in nil },
            linkDestination: { _ in nil },
            linkTarget: { link throws(SystemError) in throw SystemError(call: "readlink", path: link.path, errno: EINVAL) },
            pause: { _ in },
            status: { file throws(SystemError) in
                try self.operate("fstat", file.path) { state throws(SystemError) in try state.status(file) }
            },
            setPermissions: { file, permissions throws(SystemError) in
                try self.operate("fchmod", file.path) { state throws(SystemError) in
                    guard let open = state.open[file.raw] else {
                        throw SystemError(call: "fchmod", path: file.path, errno: EBADF)
                    }
                    state.files[open.inode]?.permissions = permissions
                }
            },
            setOwner: { file, _, _ throws(SystemError) in
                try self.operate("fchown", file.path) { state throws(SystemError) in
                    guard state.open[file.raw] != nil else { throw SystemError(call: "fchown", path: file.path, errno: EBADF) }
                }
            },
            entries: { folder in
                self.state.withLock { state in
                    guard !state.crashed, let inode = state.open[folder.raw]?.inode else { return [] }
                    return (state.folders[inode]?.current.keys).map { $0.sorted() } ?? []
                }
            },
            lockHolder: { _ in nil }
        )
    }

    /// Counts one operation and makes it, unless the process is dead or dies now: then throws `EIO`.
    private func operate<Result>(
        _ call: String, _ path: String, _ body: (inout State) throws(SystemError) -> Result
    ) throws(SystemError) -> Result {
        let outcome: Swift.Result<Result, SystemError> = state.withLock { state in
            state.operations += 1
            if let crashAfter = state.crashAfter, state.operations > crashAfter { state.crashed = true }
            guard !state.crashed else { return .failure(SystemError(call: call, path: path, errno: EIO)) }
            do throws(SystemError) {
                return .success(try body(&state))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

extension PowerCutDisk.State {
    fileprivate mutating func descriptor(for inode: Int, flags: Int32, path: String) -> FileSystem.Descriptor {
        let raw = nextDescriptor
        nextDescriptor += 1
        open[raw] = PowerCutDisk.OpenFile(inode: inode, flags: flags)
        return FileSystem.Descriptor(raw: raw, path: path)
    }

    /// The folder open at `folder`.
    fileprivate func folderInode(_ folder: FileSystem.Descriptor, _ call: String) throws(SystemError) -> Int {
        guard let inode = open[folder.raw]?.inode else { throw SystemError(call: call, path: folder.path, errno: EBADF) }
        guard folders[inode] != nil else { throw SystemError(call: call, path: folder.path, errno: ENOTDIR) }
        return inode
    }

    /// The regular file open at `file`, and the descriptor's offset.
    fileprivate func file(_ file: FileSystem.Descriptor, _ call: String) throws(SystemError) -> (inode: Int, offset: Int) {
        guard let open = open[file.raw] else { throw SystemError(call: call, path: file.path, errno: EBADF) }
        guard files[open.inode] != nil else { throw SystemError(call: call, path: file.path, errno: EISDIR) }
        return (open.inode, open.offset)
    }

    fileprivate mutating func open(
        _ name: String, in folder: FileSystem.Descriptor, flags: Int32, mode: UInt32, path: String
    ) throws(SystemError) -> FileSystem.Descriptor {
        let parent = try folderInode(folder, "open")
        let found = name == "." ? parent : folders[parent]?.current[name]
        let isPath = flags & OpenFlags.linkItself == OpenFlags.linkItself
        guard let inode = found else {
            guard flags & O_CREAT != 0 else { throw SystemError(call: "open", path: path, errno: ENOENT) }
            let made = nextInode
            nextInode += 1
            files[made] = PowerCutDisk.File(permissions: mode)
            let change = PowerCutDisk.NameChange.link(folder: parent, name: name, inode: made)
            change.apply(to: &folders[parent, default: PowerCutDisk.Folder()].current)
            pending.append(change)
            return descriptor(for: made, flags: flags, path: path)
        }
        if flags & O_CREAT != 0, flags & O_EXCL != 0 { throw SystemError(call: "open", path: path, errno: EEXIST) }
        if folders[inode] != nil {
            if !isPath, flags & O_ACCMODE != O_RDONLY { throw SystemError(call: "open", path: path, errno: EISDIR) }
        } else if flags & O_DIRECTORY != 0 {
            throw SystemError(call: "open", path: path, errno: ENOTDIR)
        }
        return descriptor(for: inode, flags: flags, path: name == "." ? folder.path : path)
    }

    fileprivate mutating func sync(_ file: FileSystem.Descriptor) throws(SystemError) {
        guard let inode = open[file.raw]?.inode else { throw SystemError(call: "fsync", path: file.path, errno: EBADF) }
        if folders[inode] != nil {
            folders[inode]?.sync()
            pending.removeAll { $0.folder == inode }
        } else {
            files[inode]?.sync()
        }
    }

    fileprivate func status(_ file: FileSystem.Descriptor) throws(SystemError) -> FileStatus {
        guard let inode = open[file.raw]?.inode else { throw SystemError(call: "fstat", path: file.path, errno: EBADF) }
        let identity = FileIdentity(device: 1, inode: UInt64(inode))
        if folders[inode] != nil {
            return FileStatus(
                permissions: 0o700, owner: Syscall.effectiveUser, group: Syscall.effectiveGroup, kind: .folder, links: 2,
                identity: identity)
        }
        let links = folders.values.reduce(0) { count, folder in count + folder.current.values.count { $0 == inode } }
        return FileStatus(
            permissions: files[inode]?.permissions ?? 0, owner: Syscall.effectiveUser, group: Syscall.effectiveGroup,
            links: UInt64(links), identity: identity, size: Int64(files[inode]?.current.count ?? 0))
    }
}
