#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who owns an open file and who may use it, as the store keeps them across a rewrite.
public struct FileStatus: Equatable, Sendable {
    /// The permission bits, such as `0o600`.
    public var permissions: UInt32
    /// The owner's user ID.
    public var owner: UInt32
    /// The group ID.
    public var group: UInt32

    /// A status with the given permission bits, owner and group.
    public init(permissions: UInt32, owner: UInt32, group: UInt32) {
        self.permissions = permissions
        self.owner = owner
        self.group = group
    }
}

extension FileStatus {
    /// The permission bits, owner and group in `status`.
    init(_ status: stat) {
        self.init(
            permissions: UInt32(status.st_mode) & 0o7777, owner: UInt32(status.st_uid), group: UInt32(status.st_gid))
    }
}
