#if os(Linux)
import Foundation
import Glibc

/// Counts what happens in the folders on the way to a file, as `emotions watch` is woken by it:
/// entries made, removed or renamed there, and files written in the innermost.
///
/// Other tests make and remove their temporary folders in `/tmp` all the time, and each wakes a
/// watch of a file under it for a moment; a test of how little CPU a watch uses allows for them.
final class FolderActivity {
    private let inotify: Int32

    /// Starts counting in every folder from `/` to the one holding `file`, as far as they exist.
    init(around file: URL) throws {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw Failure(call: "inotify_init1", errno: errno) }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR)
        var folder = file.deletingLastPathComponent().standardizedFileURL
        while true {
            _ = inotify_add_watch(inotify, folder.path, mask)  // A folder not made yet: nothing there to count.
            guard folder.path != "/" else { break }
            folder = folder.deletingLastPathComponent()
        }
    }

    deinit {
        close(inotify)
    }

    /// How many events there have been since counting started, or since this was last asked.
    func eventsSinceLastAsked() -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard length > 0 else { return count }
            var offset = 0
            while offset + 16 <= length {
                // struct inotify_event: Int32 wd, UInt32 mask, UInt32 cookie, UInt32 len, then len bytes of name.
                let nameLength = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                offset += 16 + nameLength
                count += 1
            }
        }
    }

    /// A system call that failed.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let errno: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }
}
#endif
