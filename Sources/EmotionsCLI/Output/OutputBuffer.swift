/// Text on its way to standard output, written a large piece at a time: for output of many lines,
/// such as `export`'s, where a write for each line would cost more than making it.
struct OutputBuffer {
    /// Where it goes.
    let terminal: Terminal
    /// How much is held before it is written.
    var capacity = 64 * 1024
    /// What is held, not yet written.
    private var pending = ""

    /// A buffer in front of `terminal`'s standard output.
    init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Adds `text`, writing what is held once it reaches `capacity`.
    mutating func append(_ text: String) {
        pending += text
        if pending.utf8.count >= capacity { flush() }
    }

    /// Writes whatever is held.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        terminal.write(pending)
        pending = ""
        pending.reserveCapacity(capacity + 1024)
    }
}
