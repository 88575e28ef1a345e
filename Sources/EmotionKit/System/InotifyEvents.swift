#if os(Linux)
import Glibc

/// The file notifications this system offers, for `path`: inotify's.
///
/// - Throws: `SystemError` if the system will not watch the path or any folder on the way to it.
func fileEvents(for path: String, fileSystem: FileSystem) throws(SystemError) -> any FileEvents {
    try InotifyEvents(path: path, fileSystem: fileSystem)
}

/// `FileEvents` from Linux's inotify: a watch on each folder of `WatchedEntries`, and events for
/// the names that matter; anything else (temporary files, the lock file) is read and ignored.
///
/// `wait` is called from one thread only; `cancel` from any, through a pipe that `wait` also polls.
final class InotifyEvents: FileEvents, @unchecked Sendable {
    /// In a folder on the way: entries created, deleted, renamed in or out, the folder itself gone.
    private static let folderMask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_MASK_ADD)
    /// In the file's own folder, also a file written and closed: the file changed in place.
    /// Only there, so that every file written in `$HOME` does not wake the watcher.
    private static let mask = folderMask | UInt32(IN_CLOSE_WRITE)
    /// Events that say a watch itself is gone or events were lost: everything must be looked at again.
    private static let structural = UInt32(IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)

    private let path: String
    private let fileSystem: FileSystem
    private let inotify: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// The names that matter in each watched folder, by watch descriptor; used by the waiting thread only.
    private var watches: [Int32: [String]] = [:]

    /// Starts watching everything that can change what `path` names.
    ///
    /// - Throws: `SystemError` if inotify is unavailable or not even the outermost folder can be watched.
    init(path: String, fileSystem: FileSystem) throws(SystemError) {
        self.path = path
        self.fileSystem = fileSystem
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw SystemError(call: "inotify_init1", path: path, errno: errno) }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let error = SystemError(call: "pipe", path: path, errno: errno)
            Glibc.close(inotify)
            throw error
        }
        (wakeReader, wakeWriter) = (pipeEnds[0], pipeEnds[1])
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        // The folder nearest the file must be watched; a folder further out may be unreadable to us.
        let failures = watchEntries()
        if let innermost = WatchedEntries(for: path, fileSystem: fileSystem).innermostFolder,
            let failure = failures.first(where: { $0.path == innermost })
        {
            throw failure
        }
    }

    deinit {
        Glibc.close(inotify)
        Glibc.close(wakeReader)
        Glibc.close(wakeWriter)
    }

    func wait(timeout: Duration?) -> FileEventsWake {
        let deadline = timeout.map { MonotonicInstant.now.advanced(by: $0) }
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, deadline.map { InotifyEvents.milliseconds(until: $0) } ?? -1)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return .timedOut }
            if ready < 0 || descriptors[1].revents != 0 { return .cancelled }
            if readEvents() { return .changed }
        }
    }

    func cancel() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Reads every pending event; returns whether any of them matters, watching anew if one did.
    private func readEvents() -> Bool {
        var matters = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event: Int32 wd, UInt32 mask, UInt32 cookie, UInt32 len, then len bytes of name.
                while offset + 16 <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    offset += 16 + length
                    if mask & InotifyEvents.structural != 0 {
                        matters = true
                    } else if let names = watches[watch], names.contains(String(decoding: nameBytes, as: UTF8.self)) {
                        matters = true
                    }
                }
            }
        }
        if matters { _ = watchEntries() }
        return matters
    }

    /// Watches the folders of the path's entries as they are now, and stops watching folders no longer
    /// on the way; returns a failure for each folder that could not be watched.
    private func watchEntries() -> [SystemError] {
        var failures: [SystemError] = []
        var current: [Int32: [String]] = [:]
        var entries = WatchedEntries(for: path, fileSystem: fileSystem)
        for _ in 0..<WatchedEntries.maximumLooks {
            (failures, current) = ([], [:])
            for entry in entries.entries {
                let mask = entry.isFile ? InotifyEvents.mask : InotifyEvents.folderMask
                let watch = inotify_add_watch(inotify, entry.folder, mask)
                if watch >= 0 {
                    current[watch, default: []].append(entry.name)
                } else {
                    failures.append(SystemError(call: "inotify_add_watch", path: entry.folder, errno: errno))
                }
            }
            // A folder made after it was looked for, but before its parent was watched, sent no
            // event: look again now that the parents are watched, until nothing new appears.
            let again = WatchedEntries(for: path, fileSystem: fileSystem)
            if again == entries { break }
            entries = again
        }
        for watch in watches.keys where current[watch] == nil {
            inotify_rm_watch(inotify, watch)
        }
        watches = current
        return failures
    }

    private static func milliseconds(until deadline: MonotonicInstant) -> Int32 {
        let remaining = MonotonicInstant.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 86_400_000))
    }
}
#endif
