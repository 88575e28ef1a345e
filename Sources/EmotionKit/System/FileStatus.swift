/// What an open file is, who owns it and who may use it, as the store keeps them across a rewrite.
package struct FileStatus: Equatable, Sendable {
    /// What kind of thing it is.
    package var kind: FileKind
    /// How many names (hard links) it has.
    package var links: UInt64
    /// The device and inode, which together tell one file from every other.
    package var identity: FileIdentity
    /// The permission bits, such as `0o600`.
    package var permissions: UInt32
    /// The owner's user ID.
    package var owner: UInt32
    /// The group ID.
    package var group: UInt32
    /// Its size in bytes.
    package var size: Int64
    /// When its content last changed (`st_mtim`), as time since 1970-01-01 UTC; zero unless read from the system.
    package var modified: Duration = .zero
    /// When its status last changed (`st_ctim`: a name made in it, its mode, its times set), as time
    /// since 1970-01-01 UTC; zero unless read from the system. Unlike `modified`, no program may set
    /// it. Not part of what makes two statuses equal.
    package var changed: Duration = .zero
    /// Whether it is immutable or append-only (`chattr +i`, `+a`), if the system said when asked for the
    /// status of an open file (`statx` on Linux); `nil` if not asked. Not part of what makes two
    /// statuses equal: a status read by name, which does not ask, is the same file's.
    package var isUnchangeable: Bool?

    /// A status with the given permission bits, owner and group, of a regular file with one name unless told otherwise.
    package init(
        permissions: UInt32, owner: UInt32, group: UInt32, kind: FileKind = .regularFile, links: UInt64 = 1,
        identity: FileIdentity = FileIdentity(device: 0, inode: 0), size: Int64 = 0
    ) {
        self.size = size
        self.kind = kind
        self.links = links
        self.identity = identity
        self.permissions = permissions
        self.owner = owner
        self.group = group
    }

    /// Whether both are of the same kind, names, identity, permissions, owners, size and time, whether or
    /// not each was asked if it is unchangeable.
    package static func == (lhs: FileStatus, rhs: FileStatus) -> Bool {
        lhs.kind == rhs.kind && lhs.links == rhs.links && lhs.identity == rhs.identity && lhs.permissions == rhs.permissions
            && lhs.owner == rhs.owner && lhs.group == rhs.group && lhs.size == rhs.size && lhs.modified == rhs.modified
    }
}

/// Which file a status is of: its device and inode.
package struct FileIdentity: Equatable, Sendable {
    /// The device the file is on.
    package let device: UInt64
    /// Its inode on that device.
    package let inode: UInt64

    /// The file `inode` on `device`.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
