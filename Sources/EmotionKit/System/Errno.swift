#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `errno` values the library tells apart, by swift-system's names for them, so that no file
/// above `System/` needs the C library's own constants.
package enum Errno {
    /// `EPERM`: the operation is not permitted.
    package static var notPermitted: Int32 { EPERM }
    /// `ENOENT`: no such file or folder.
    package static var noSuchFileOrDirectory: Int32 { ENOENT }
    /// `EINTR`: a signal interrupted the call.
    package static var interrupted: Int32 { EINTR }
    /// `EIO`: an input or output error.
    package static var ioError: Int32 { EIO }
    /// `ENXIO`: no such device or address (what opening a socket says).
    package static var noSuchDeviceOrAddress: Int32 { ENXIO }
    /// `ENOEXEC`: the file is no program the system can run.
    package static var execFormatError: Int32 { ENOEXEC }
    /// `EACCES`: permission denied.
    package static var permissionDenied: Int32 { EACCES }
    /// `EEXIST`: something is already there.
    package static var fileExists: Int32 { EEXIST }
    /// `ENOTDIR`: a name on the way is not a folder.
    package static var notDirectory: Int32 { ENOTDIR }
    /// `EISDIR`: it is a folder.
    package static var isDirectory: Int32 { EISDIR }
    /// `EINVAL`: an invalid argument.
    package static var invalidArgument: Int32 { EINVAL }
    /// `EMFILE`: this process has too many files open.
    package static var tooManyOpenFiles: Int32 { EMFILE }
    /// `ENFILE`: the whole system has too many files open.
    package static var tooManyOpenFilesInSystem: Int32 { ENFILE }
    /// `ETXTBSY`: the program's file is open for writing.
    package static var textFileBusy: Int32 { ETXTBSY }
    /// `ENOSPC`: no space left on the device (for inotify, too many watches).
    package static var noSpace: Int32 { ENOSPC }
    /// `EROFS`: the file system is read-only.
    package static var readOnlyFileSystem: Int32 { EROFS }
    /// `ELOOP`: too many symbolic links, or a link where none may be followed.
    package static var tooManySymbolicLinkLevels: Int32 { ELOOP }
    /// `ENOTSUP`: the operation is not supported here.
    package static var notSupported: Int32 { ENOTSUP }
    /// `ESTALE`: the file is no longer the one that was named.
    package static var staleFileHandle: Int32 { ESTALE }
    /// `EILSEQ`: bytes that are not valid text.
    package static var illegalByteSequence: Int32 { EILSEQ }
}
