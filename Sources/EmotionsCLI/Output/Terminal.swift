#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command line's output goes: standard output and standard error, or a test's buffers.
public struct Terminal: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// A terminal that hands each piece of text to the given closures.
    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// The process's standard output and standard error, written at once, unbuffered.
    public static let standard = Terminal(
        writeOutput: { writeAll($0, to: STDOUT_FILENO) },
        writeError: { writeAll($0, to: STDERR_FILENO) })

    /// Writes `text` and a newline to standard output.
    func print(_ text: String) {
        writeOutput(text + "\n")
    }

    /// Writes `text` and a newline to standard error.
    func printError(_ text: String) {
        writeError(text + "\n")
    }
}

/// Writes all of `text` to `descriptor`, going on after short writes and interruptions.
private func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }  // Nowhere to report it: the output itself is gone.
        bytes = bytes.dropFirst(written)
    }
}
