/// What a path names, as far as the store cares.
public enum FileKind: Equatable, Sendable {
    /// A regular file: the only kind a data file may be.
    case regularFile
    /// A folder.
    case folder
    /// A symbolic link, as a walk meets it before following it.
    case symbolicLink
    /// Anything else: a FIFO, a socket, a device.
    case other
}
