import EmotionKit

/// Standard input, output and error, as a program started with one of them closed (`>&-`) finds them.
public enum StandardDescriptors {
    /// Opens `/dev/null` on each of the three that is closed, as setuid programs do, before anything
    /// else is opened: otherwise the next file opened (a lock, a hook's own file) would take its
    /// number, and a write meant for standard error, or a hook's standard output, would land there.
    public static func reopenClosed() {
        // One `poll` for the three, rather than a call each.
        let closed = Syscall.closedStandardDescriptors()
            ?? [Syscall.standardInput, Syscall.standardOutput, Syscall.standardError].filter { !Syscall.isOpen($0) }
        for descriptor in closed {
            // Takes the lowest free number, which is `descriptor`: those below it are open by now.
            let flags = descriptor == Syscall.standardInput ? OpenFlags.readOnly : OpenFlags.writeOnly
            _ = try? Syscall.openInheritable("/dev/null", flags)
        }
    }
}
