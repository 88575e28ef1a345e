import Foundation

/// A value the test and the store's watching thread both use, behind an `NSLock`: a pthread mutex,
/// which ThreadSanitizer understands, unlike the futexes of the standard library's `Mutex` on Linux.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
