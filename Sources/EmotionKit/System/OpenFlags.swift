#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The flags the library opens files with, by name, so that no file above `System/` needs the C
/// library's own constants; combine them with `|`. `Syscall` adds close-on-exec to every open.
package enum OpenFlags {
    /// For reading only (`O_RDONLY`).
    package static var readOnly: Int32 { O_RDONLY }
    /// For writing only (`O_WRONLY`).
    package static var writeOnly: Int32 { O_WRONLY }
    /// For reading and writing (`O_RDWR`).
    package static var readWrite: Int32 { O_RDWR }
    /// Creates the file if it does not exist (`O_CREAT`).
    package static var create: Int32 { O_CREAT }
    /// `O_APPEND`: every write goes to the end of the file.
    package static var append: Int32 { O_APPEND }
    /// With `create`, fails with `EEXIST` if something is already there (`O_EXCL`).
    package static var exclusive: Int32 { O_EXCL }
    /// Fails with `ELOOP` rather than follow a symbolic link as the last name (`O_NOFOLLOW`).
    package static var noFollow: Int32 { O_NOFOLLOW }
    /// Never waits: not for a FIFO's writer, nor for a read or write (`O_NONBLOCK`).
    package static var nonBlocking: Int32 { O_NONBLOCK }
    /// Fails with `ENOTDIR` unless it is a folder (`O_DIRECTORY`).
    package static var folder: Int32 { O_DIRECTORY }

    #if os(Linux)
    /// Opens a name only to look at it or to walk through it, needing no permission on it
    /// (`O_PATH`), and not following it if it is a symbolic link: the link itself is opened.
    package static var linkItself: Int32 { 0o10000000 | O_NOFOLLOW }
    #else
    /// Opens a name to look at it or to walk through it, and the link itself if it is one
    /// (`O_SYMLINK`; Darwin has no `O_PATH`).
    package static var linkItself: Int32 { O_RDONLY | O_SYMLINK | O_NONBLOCK }
    #endif
}
