#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, as a program started with one of them closed (`>&-`) finds them.
public enum StandardDescriptors {
    /// Opens `/dev/null` on each of the three that is closed, as setuid programs do, before anything
    /// else is opened: otherwise the next file opened (a lock, a hook's own file) would take its
    /// number, and a write meant for standard error, or a hook's standard output, would land there.
    public static func reopenClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // Takes the lowest free number, which is `descriptor`: those below it are open by now.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        }
    }
}
