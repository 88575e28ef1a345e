import EmotionKit

/// Where the command line's output goes: standard output and standard error, or a test's buffers.
public struct Terminal: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    private let checkIsTerminal: @Sendable () -> Bool
    private let measureColumns: @Sendable () -> Int?
    private let ignoreClosedOutput: @Sendable () -> Void
    /// Whether its standard output is the process's own, which a pager can be put in front of.
    let mayPage: Bool

    /// A terminal that hands each piece of text to the given closures, and says its output is a
    /// terminal `columns` wide when `isTerminal` (tests fake both; `columns` is `nil` for a pipe);
    /// `keepGoingIfOutputCloses` is called when a command asks to go on if its output closes.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        isTerminal: Bool = false, columns: Int? = nil, keepGoingIfOutputCloses: @escaping @Sendable () -> Void = {}
    ) {
        self.init(
            writeOutput: writeOutput, writeError: writeError, isTerminal: { isTerminal }, columns: { columns },
            ignoreClosedOutput: keepGoingIfOutputCloses)
    }

    private init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        isTerminal: @escaping @Sendable () -> Bool, columns: @escaping @Sendable () -> Int?,
        ignoreClosedOutput: @escaping @Sendable () -> Void, mayPage: Bool = false
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        checkIsTerminal = isTerminal
        measureColumns = columns
        self.ignoreClosedOutput = ignoreClosedOutput
        self.mayPage = mayPage
    }

    /// This terminal with its standard output written by `write` instead (a pager's pipe): still a
    /// terminal as wide as this one, since what reads the pipe shows it on this one.
    func writingOutput(_ write: @escaping @Sendable (String) -> Void) -> Terminal {
        Terminal(
            writeOutput: write, writeError: writeError, isTerminal: checkIsTerminal, columns: measureColumns,
            ignoreClosedOutput: ignoreClosedOutput)
    }

    /// The process's standard output and standard error, written at once, unbuffered.
    public static let standard = Terminal(
        // A write that fails is not reported: there is nowhere to, the output itself is gone.
        writeOutput: { try? Syscall.writeAll(Syscall.standardOutput, Array($0.utf8), path: "") },
        writeError: { try? Syscall.writeAll(Syscall.standardError, Array($0.utf8), path: "") },
        isTerminal: { Syscall.isTerminal(Syscall.standardOutput) },
        columns: { Syscall.terminalColumns(of: Syscall.standardOutput) },
        ignoreClosedOutput: { BrokenPipe.ignore() }, mayPage: true)

    /// Whether standard output is a terminal rather than a pipe or a file; asked anew each time (`isatty`).
    var isTerminal: Bool { checkIsTerminal() }

    /// Standard output's width in character cells, if it is a terminal that knows its size; asked anew each time.
    var columns: Int? { measureColumns() }

    /// Writes `text` and a newline to standard output, as it is.
    ///
    /// Standard output carries only the tool's own text (change lines, tables, JSON, help, scripts)
    /// and its own colour escapes, so nothing there is escaped: untrusted words appear only in
    /// messages, which go to standard error. Do not print a path or a typed word here.
    func print(_ text: String) {
        writeOutput(text + "\n")
    }

    /// From now on, if whoever reads standard output or standard error goes away (`| true`, a closed
    /// terminal), what is written there is lost and the command goes on, rather than being ended by
    /// `SIGPIPE` half-way.
    ///
    /// For the commands that change counts: their change, their hooks and their exit status must not
    /// depend on anyone reading their lines. Commands that only read are ended as any filter is.
    func keepGoingIfOutputCloses() {
        ignoreClosedOutput()
    }

    /// Writes `text` to standard output as it is, with no newline added: for output made in large
    /// pieces, such as `export`'s, written a buffer at a time rather than a line at a time.
    func write(_ text: String) {
        writeOutput(text)
    }

    /// Writes `text` and a newline to standard error, with every control character in `text` shown
    /// as `\u{1B}` rather than sent raw (see `ControlCharacters`), a newline inside it included.
    ///
    /// Every message goes through here, so this is the one place that keeps what a message quotes
    /// (paths, typed words, a lock holder's command name) from acting on the terminal.
    func printError(_ text: String) {
        writeError(ControlCharacters.escaped(in: text) + "\n")
    }
}
