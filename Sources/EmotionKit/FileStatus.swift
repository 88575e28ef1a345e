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
