/// A hook's file, held open from when it was judged until it has run, so that what runs is what
/// was judged; closed when the last hook holding it is released.
///
/// Open only for being looked at and executed (`O_PATH` on Linux: it needs no read permission,
/// and reads nothing). A class for its identity: the descriptor is closed exactly once.
final class HookFile: Sendable, Equatable {
    /// The open descriptor.
    let descriptor: Int32

    /// Takes over `descriptor`, which it closes when released.
    init(taking descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        Syscall.close(descriptor)
    }

    /// The same open file: one descriptor.
    static func == (left: HookFile, right: HookFile) -> Bool {
        left === right
    }
}
