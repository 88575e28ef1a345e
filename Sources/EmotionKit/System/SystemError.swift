/// A failed system call: which one, on what path, and the `errno` it set.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed, such as `open` or `rename`.
    public let call: String
    /// The path it was working on.
    public let path: String
    /// The `errno` value it set.
    public let errno: Int32

    /// Creates the error for `call` on `path` failing with `errno`.
    public init(call: String, path: String, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// The system's words for `errno`, such as "No space left on device".
    public var reason: String {
        Syscall.describe(errno: errno) ?? "error \(errno)"
    }

    /// `rename …: No space left on device (errno 28)`.
    public var description: String { "\(call) \(path): \(reason) (errno \(errno))" }
}
