/// Finds who holds a `flock` from the kernel's table of locks, `/proc/locks`, as `lslocks` does;
/// where there is no such table (macOS), it finds no one.
enum LinuxLocks {
    /// The process holding a `flock` on `file`, or `nil` if the table does not show one.
    ///
    /// A line of the table reads `1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234567 0 EOF`: the holder's
    /// pid, then the file's device (major and minor, in hex) and inode. Lines with `->` are
    /// processes waiting for a lock, not holding it.
    static func holder(of file: FileSystem.Descriptor) -> LockHolder? {
        guard let status = try? Syscall.status(of: file.raw, path: file.path) else { return nil }
        let device = status.identity.device
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let identity = "\(hex(major)):\(hex(minor)):\(status.identity.inode)"
        guard let table = contents(of: "/proc/locks") else { return nil }
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == identity,
                let pid = Int32(fields[4]), pid > 0
            else { continue }
            let command = contents(of: "/proc/\(pid)/comm").map { String($0.prefix { $0 != "\n" }) }
            return LockHolder(pid: pid, command: command.flatMap { $0.isEmpty ? nil : $0 })
        }
        return nil
    }

    /// At least two lowercase hex digits, as the kernel prints devices.
    private static func hex(_ number: UInt64) -> String {
        let digits = String(number, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// A small file of `/proc`, whole (up to 4 MiB), as text; `nil` if it cannot be read.
    private static func contents(of path: String) -> String? {
        guard let file = try? Syscall.open(path, OpenFlags.readOnly) else { return nil }
        defer { Syscall.close(file) }
        guard let bytes = try? Syscall.readAll(file, limit: 4 * 1024 * 1024, chunk: 64 * 1024, path: path) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
