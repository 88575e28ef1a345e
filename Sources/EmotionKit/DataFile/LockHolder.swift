/// The process holding a lock, as far as the system tells.
public struct LockHolder: Equatable, Sendable {
    /// Its process ID.
    public let pid: Int32
    /// Its command name, such as `emotions`, if it could be read.
    public let command: String?

    /// The holder with process ID `pid`, running `command`.
    public init(pid: Int32, command: String?) {
        self.pid = pid
        self.command = command
    }
}
