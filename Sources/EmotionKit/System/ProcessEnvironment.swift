#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's environment, `NAME=value` entries read straight from `environ`, byte for byte:
/// none is decoded or copied until asked for.
package enum ProcessEnvironment {
    /// Pointers to the entries, NUL-terminated, in their order; valid until the environment changes.
    package static func entries() -> [UnsafeMutablePointer<CChar>] {
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return [] }
        #else
        guard var entry = Optional(environ) else { return [] }
        #endif
        var entries: [UnsafeMutablePointer<CChar>] = []
        while let pointer = entry.pointee {
            entries.append(pointer)
            entry += 1
        }
        return entries
    }

    /// The entries' bytes, without their NULs, in their order.
    package static func entryBytes() -> [[UInt8]] {
        entries().map { pointer in
            UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
        }
    }

    /// Whether the entry `entry` (`NAME=value`) begins with the `count` bytes at `name`.
    ///
    /// The corresponding C function is `memcmp`.
    package static func entry(_ entry: UnsafeMutablePointer<CChar>, startsWith name: UnsafePointer<UInt8>, count: Int) -> Bool {
        memcmp(name, entry, count) == 0
    }
}
