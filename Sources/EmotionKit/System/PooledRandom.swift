/// Random bits from the system's generator, fetched 256 bytes at a time and handed out 8 at a time:
/// a tap's event ids and its temporary file's name cost one `getrandom` instead of three.
///
/// The bits are as good as `SystemRandomNumberGenerator`'s, which they come from when `getrandom`
/// will not; none is handed out twice, from any thread. For ids and names that must not collide,
/// not for secrets.
package struct PooledRandom: RandomNumberGenerator {
    /// How many words this generator has drawn. Also gives each generator storage of its own: an
    /// empty struct's instances may share one address, where ThreadSanitizer took two threads'
    /// `mutating` calls for a race.
    private(set) var drawn = 0

    /// A generator drawing from the process's pool.
    package init() {}

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        drawn += 1
        return PooledRandom.pool.next()
    }

    private static let pool = Pool()

    /// Bits fetched and not yet handed out, behind a `Lock` (the standard library's `Mutex` asks
    /// the system for the thread's id on every use). Kept as bytes: an array of `UInt8` is one the
    /// standard library has ready, where one of `UInt64` costs start-up its own runtime metadata.
    private final class Pool: @unchecked Sendable {  // `bytes` and `used` are only touched under `lock`.
        private static let size = 256
        private let lock = Lock()
        private var bytes = [UInt8](repeating: 0, count: Pool.size)
        /// How many of `bytes` have been handed out.
        private var used = Pool.size

        func next() -> UInt64 {
            lock.withLock {
                if used == bytes.count {
                    let filled = bytes.withUnsafeMutableBytes { bytes in Syscall.fillRandom(bytes) }
                    if !filled {
                        var system = SystemRandomNumberGenerator()
                        bytes.withUnsafeMutableBytes { bytes in
                            for offset in stride(from: 0, to: bytes.count, by: 8) {
                                bytes.storeBytes(of: system.next(), toByteOffset: offset, as: UInt64.self)
                            }
                        }
                    }
                    used = 0
                }
                defer { used += 8 }
                return bytes.withUnsafeBytes { bytes in bytes.loadUnaligned(fromByteOffset: used, as: UInt64.self) }
            }
        }
    }
}
