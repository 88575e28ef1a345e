import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line written to standard error if the process crashes, saying which input a test was trying.
///
/// A test whose input makes the code under test trap cannot report that input itself: the process
/// is gone. So a fuzz loop keeps a note, set before each input, and a handler of the crash signals
/// writes every note that is set, then hands the signal on to whatever handled it before (Swift's
/// backtracer, or the default), so the crash is still reported as usual; the backtrace shows which
/// test it was. The handler runs on a stack of its own, which `set` gives the calling thread, so that
/// it can report a stack overflow too. Notes are cleared when they are released.
final class CrashNote {
    private static let slotCount = 8
    private static let capacity = 1024

    // The handler reads these without a lock, as it must: a note is only written by the thread of
    // the test that owns it, and a torn note in a process that is already crashing is harmless.
    nonisolated(unsafe) private static let texts = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * capacity)
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
        lengths.initialize(repeating: 0, count: slotCount)
        return lengths
    }()
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    private static let slotsInUse = Mutex(Set<Int>())

    /// The signals a trap, a bad memory access or an abort raise.
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    private let slot: Int?

    /// An empty note; creating the first one installs the handlers.
    init() {
        _ = CrashNote.installHandlers
        slot = CrashNote.slotsInUse.withLock { inUse in
            let free = (0..<CrashNote.slotCount).first { !inUse.contains($0) }
            if let free { inUse.insert(free) }
            return free
        }
    }

    deinit {
        guard let slot else { return }
        CrashNote.lengths[slot] = 0
        _ = CrashNote.slotsInUse.withLock { $0.remove(slot) }
    }

    /// Sets the line written if the process crashes from now on, replacing the last one.
    ///
    /// Call it on the thread that then tries the input: an async test may resume on another thread
    /// after an `await`, and each thread needs its own signal stack.
    func set(_ note: String) {
        CrashNote.giveThisThreadASignalStack()
        guard let slot else { return }
        let bytes = Array("\nCrashed while trying \(note)\n".utf8.prefix(CrashNote.capacity))
        CrashNote.lengths[slot] = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            (CrashNote.texts + slot * CrashNote.capacity).update(from: start, count: buffer.count)
        }
        CrashNote.lengths[slot] = bytes.count
    }

    private static let installHandlers: Void = {
        for signal in signals {
            var action = sigaction()
            sigaction(signal, nil, &action)
            (previousActions + Int(signal)).initialize(to: action)
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = CrashNote.handle
            #else
            action.__sigaction_u.__sa_handler = CrashNote.handle
            #endif
            action.sa_flags = Int32(SA_ONSTACK)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }()

    /// Gives the calling thread an alternate signal stack, unless it has one; it is never freed.
    private static func giveThisThreadASignalStack() {
        var current = stack_t()
        sigaltstack(nil, &current)
        guard current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 256 * 1024
        var alternate = stack_t()
        alternate.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        alternate.ss_size = size
        sigaltstack(&alternate, nil)
    }

    /// Writes the notes, then puts the earlier handler back. A faulting instruction runs again and
    /// raises the signal once more, this time to that handler; an abort or a breakpoint is raised again.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<CrashNote.slotCount where CrashNote.lengths[slot] > 0 {
            _ = write(STDERR_FILENO, CrashNote.texts + slot * CrashNote.capacity, CrashNote.lengths[slot])
        }
        sigaction(signal, CrashNote.previousActions + Int(signal), nil)
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }
}
