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
    /// the system for the thread's id on every use).
    private final class Pool: @unchecked Sendable {  // `words` and `used` are only touched under `lock`.
        private let lock = Lock()
        private var words = [UInt64](repeating: 0, count: 32)
        private var used = 32

        func next() -> UInt64 {
            lock.withLock {
                if used == words.count {
                    let filled = words.withUnsafeMutableBytes { bytes in Syscall.fillRandom(bytes) }
                    if !filled {
                        var system = SystemRandomNumberGenerator()
                        for index in words.indices { words[index] = system.next() }
                    }
                    used = 0
                }
                defer { used += 1 }
                return words[used]
            }
        }
    }
}
