#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's environment, `NAME=value` entries read straight from `environ`, byte for byte:
/// none is decoded or copied until asked for.
package enum ProcessEnvironment {
    /// Calls `body` with a pointer to each entry, NUL-terminated, in their order; valid until the
    /// environment changes.
    ///
    /// Handed over one at a time rather than as an array: an array of pointers is a type whose
    /// runtime metadata every start-up would pay for.
    package static func forEachEntry(_ body: (UnsafeMutablePointer<CChar>) -> Void) {
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return }
        #else
        guard var entry = Optional(environ) else { return }
        #endif
        while let pointer = entry.pointee {
            body(pointer)
            entry += 1
        }
    }

    /// The value of the variable `name`, NUL-terminated, if it is set: of a repeated name the first,
    /// as `getenv` has it. No string is made.
    package static func value(of name: StaticString) -> UnsafePointer<UInt8>? {
        let count = name.utf8CodeUnitCount
        var found: UnsafePointer<UInt8>?
        forEachEntry { pointer in
            guard found == nil else { return }
            let entry = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            // Byte by byte, never past the entry's NUL: an entry shorter than the name may be the
            // last bytes of the stack, past which `memcmp` may read.
            var index = 0
            while index < count, entry[index] == name.utf8Start[index] { index += 1 }
            if index == count, entry[count] == UInt8(ascii: "=") { found = entry + count + 1 }
        }
        return found
    }

    /// The entries' bytes, without their NULs, in their order.
    package static func entryBytes() -> [[UInt8]] {
        var entries: [[UInt8]] = []
        forEachEntry { pointer in
            entries.append(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
        }
        return entries
    }

    /// Whether the entry `entry` (`NAME=value`) begins with the `count` bytes at `name`.
    ///
    /// The corresponding C function is `memcmp`.
    package static func entry(_ entry: UnsafeMutablePointer<CChar>, startsWith name: UnsafePointer<UInt8>, count: Int) -> Bool {
        memcmp(name, entry, count) == 0
    }
}
