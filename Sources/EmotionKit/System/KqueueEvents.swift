#if canImport(Darwin)
import Darwin

/// The file notifications this system offers, for `path`: kqueue's.
///
/// - Throws: `SystemError` if the system will not watch the path or any folder on the way to it.
func fileEvents(for path: String, fileSystem: FileSystem) throws(SystemError) -> any FileEvents {
    try KqueueEvents(path: path, fileSystem: fileSystem)
}

/// `FileEvents` from kqueue: a vnode watch on each folder of `WatchedEntries` and on the file itself.
///
/// A folder's vnode event does not name the entry that changed, so any change in a watched folder
/// wakes the waiter; the store then finds nothing changed in the counts and tells no one.
/// `wait` is called from one thread only; `cancel` from any, through a user event.
final class KqueueEvents: FileEvents, @unchecked Sendable {
    private static let cancelIdentifier: UInt = 1
    private let path: String
    private let fileSystem: FileSystem
    private let queue: Int32
    /// The open descriptors being watched; used by the waiting thread only.
    private var watched: [Int32] = []

    /// Starts watching everything that can change what `path` names.
    ///
    /// - Throws: `SystemError` if kqueue is unavailable or the folder nearest the file cannot be watched.
    init(path: String, fileSystem: FileSystem) throws(SystemError) {
        self.path = path
        self.fileSystem = fileSystem
        queue = kqueue()
        guard queue >= 0 else { throw SystemError(call: "kqueue", path: path, errno: errno) }
        var cancelEvent = kevent(
            ident: KqueueEvents.cancelIdentifier, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: 0, data: 0, udata: nil)
        guard kevent(queue, &cancelEvent, 1, nil, 0, nil) == 0 else {
            let error = SystemError(call: "kevent", path: path, errno: errno)
            Darwin.close(queue)
            throw error
        }
        let failures = watchEntries()
        if let innermost = WatchedEntries(for: path, fileSystem: fileSystem).innermostFolder,
            let failure = failures.first(where: { $0.path == innermost })
        {
            throw failure
        }
    }

    deinit {
        for descriptor in watched { Darwin.close(descriptor) }
        Darwin.close(queue)
    }

    func wait(timeout: Duration?) -> FileEventsWake {
        var event = kevent()
        while true {
            let count: Int32
            if let timeout {
                let (seconds, attoseconds) = timeout.components
                var limit = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                count = kevent(queue, nil, 0, &event, 1, &limit)
            } else {
                count = kevent(queue, nil, 0, &event, 1, nil)
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 { return .timedOut }
            if count < 0 || event.filter == Int16(EVFILT_USER) { return .cancelled }
            _ = watchEntries()
            return .changed
        }
    }

    func cancel() {
        var trigger = kevent(
            ident: KqueueEvents.cancelIdentifier, filter: Int16(EVFILT_USER), flags: 0,
            fflags: UInt32(NOTE_TRIGGER), data: 0, udata: nil)
        _ = kevent(queue, &trigger, 1, nil, 0, nil)
    }

    /// Watches the folders of the path's entries as they are now, and the file if it exists, in place
    /// of what was watched before; returns a failure for each folder that could not be watched.
    private func watchEntries() -> [SystemError] {
        for descriptor in watched { Darwin.close(descriptor) }  // Closing a descriptor removes its events.
        watched = []
        var failures: [SystemError] = []
        var entries = WatchedEntries(for: path, fileSystem: fileSystem)
        var tried: Set<String> = []
        for _ in 0..<WatchedEntries.maximumLooks {
            for target in KqueueEvents.targets(of: entries).subtracting(tried).sorted() {
                tried.insert(target)
                if let failure = watch(target) { failures.append(failure) }
            }
            // A folder made after it was looked for, but before its parent was watched, sent no
            // event: look again now that the parents are watched, until nothing new appears.
            let again = WatchedEntries(for: path, fileSystem: fileSystem)
            if again == entries { break }
            entries = again
        }
        return failures
    }

    /// Adds a vnode watch on `target`; returns why not, if it cannot be watched.
    private func watch(_ target: String) -> SystemError? {
        let descriptor = open(target, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return SystemError(call: "open", path: target, errno: errno) }
        var event = kevent(
            ident: UInt(descriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE),
            data: 0, udata: nil)
        guard kevent(queue, &event, 1, nil, 0, nil) == 0 else {
            let failure = SystemError(call: "kevent", path: target, errno: errno)
            Darwin.close(descriptor)
            return failure
        }
        watched.append(descriptor)
        return nil
    }

    /// The folders of `entries`, and the file itself.
    private static func targets(of entries: WatchedEntries) -> Set<String> {
        var targets = Set(entries.entries.map(\.folder))
        for entry in entries.entries where entry.isFile {
            targets.insert(entry.folder + "/" + entry.name)
        }
        return targets
    }
}
#endif
