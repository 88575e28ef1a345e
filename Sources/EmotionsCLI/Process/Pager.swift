import EmotionKit
import Synchronization

/// A pager `log` writes through, as git runs one: started with our standard output and error, its
/// standard input a pipe we write into, and waited for when we are done.
///
/// While it runs we ignore `SIGPIPE`, so that quitting it early (`q`) ends our writing, not our
/// process, and `SIGINT` and `SIGQUIT`, which the terminal sends it too and which it handles (the
/// pager starts with them at their defaults): we stay until it is done with the terminal.
final class Pager: Sendable {
    /// The pager's process.
    private let id: Int32
    /// The pipe's write end, above the standard descriptors.
    private let writer: Int32
    /// Whether a write found the pager gone.
    private let quit = Atomic<Bool>(false)

    private init(id: Int32, writer: Int32) {
        self.id = id
        self.writer = writer
    }

    /// What stops a listing once the pager has quit: thrown by `stopIfQuit()`, caught by `run`.
    struct Quit: Error {}

    /// Runs `body` with a terminal whose standard output goes through the pager `choice` names, and
    /// waits for the pager. If the pager cannot be started, or its shell says it found no such
    /// command (exit 126 or 127), a warning says so and `body` runs again on `context.terminal`.
    static func run(_ choice: PagerChoice, in context: Context, _ body: (Terminal, Pager?) throws -> Void) throws {
        let pager: Pager
        do {
            pager = try start(choice, environment: context.environment)
        } catch {
            context.terminal.printError("Warning: \(error)")
            try body(context.terminal, nil)
            return
        }
        defer {
            Signal.setDefault(Signal.interrupt)
            Signal.setDefault(Signal.quit)
        }
        do {
            try body(context.terminal.writingOutput { pager.write($0) }, pager)
        } catch is Quit {
            // The pager was quit early: not an error.
        } catch {
            _ = pager.finish()
            throw error
        }
        let status = pager.finish()
        if choice.needsShell, status == 126 || status == 127 {
            context.terminal.printError("Warning: \(PagerProblem.notRun(choice.command, status: status))")
            try body(context.terminal, nil)
        }
    }

    /// Throws `Quit` if a write found the pager gone.
    func stopIfQuit() throws(Quit) {
        if quit.load(ordering: .relaxed) { throw Quit() }
    }

    /// Starts the pager, ignoring `SIGPIPE`, `SIGINT` and `SIGQUIT` from then on.
    private static func start(_ choice: PagerChoice, environment: Environment) throws(PagerProblem) -> Pager {
        let path: String
        let arguments: [String]
        if choice.needsShell {
            (path, arguments) = ("/bin/sh", ["-c", choice.command])
        } else if let found = find(choice.command) {
            (path, arguments) = (found, [])
        } else {
            throw .notFound(choice.command)
        }
        var variables = ProcessEnvironment.entryBytes()
        for (name, value) in choice.addedVariables(to: environment) { variables.append(Array("\(name)=\(value)".utf8)) }
        do {
            let file = try Syscall.open(path, OpenFlags.readOnly)
            defer { Syscall.close(file) }
            var (reader, writer) = try Syscall.pipe()
            defer { Syscall.close(reader) }
            reader = try above(reader)
            writer = try above(writer)
            BrokenPipe.ignore()
            Signal.ignore(Signal.interrupt)
            Signal.ignore(Signal.quit)
            let id = try Spawn.start(
                file, path: Array(path.utf8), arguments: arguments, environment: variables, standardInput: reader,
                fileDescriptor: 3, newGroup: false, textBusyAttempts: 4, outputs: .ours)
            return Pager(id: id, writer: writer)
        } catch {
            Signal.setDefault(Signal.interrupt)
            Signal.setDefault(Signal.quit)
            throw .notStarted(choice.command, error)
        }
    }

    /// The program `name` names: itself if it holds a `/`, else the first executable file of that
    /// name in a folder of `PATH` (an empty entry being the working folder); `nil` if none.
    private static func find(_ name: String) -> String? {
        if name.contains("/") { return isProgram(name) ? name : nil }
        let prefix = Array("PATH=".utf8)
        let entry = ProcessEnvironment.entryBytes().first { $0.starts(with: prefix) }
        let path = entry.map { String(decoding: $0.dropFirst(prefix.count), as: UTF8.self) } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if isProgram(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a file (through links) that we may execute.
    private static func isProgram(_ path: String) -> Bool {
        (try? Syscall.status(ofPath: path))?.kind == .regularFile && Syscall.mayExecute(path)
    }

    /// `descriptor`, or a copy of it above the standard descriptors (ours may be closed) and above 3,
    /// where the pager gets its own file.
    private static func above(_ descriptor: Int32) throws(SystemError) -> Int32 {
        guard descriptor <= 3 else { return descriptor }
        defer { Syscall.close(descriptor) }
        return try Syscall.duplicate(descriptor, atLeast: 4)
    }

    /// Writes `text` into the pipe; once a write fails, the pager is gone and nothing more is written.
    private func write(_ text: String) {
        guard !quit.load(ordering: .relaxed) else { return }
        do {
            try Syscall.writeAll(writer, Array(text.utf8), path: "")
        } catch {
            quit.store(true, ordering: .relaxed)
        }
    }

    /// Closes the pipe, so that the pager reads its end, and waits for it; its exit status, or 128
    /// and the signal's number if a signal ended it.
    private func finish() -> Int32 {
        Syscall.close(writer)
        let status = Syscall.wait(for: id, waiting: true) ?? 0
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// Why `log` writes straight to the terminal rather than through the pager.
enum PagerProblem: Error, CustomStringConvertible {
    /// `PAGER` names a program found nowhere on `PATH`.
    case notFound(String)
    /// The pager could not be started.
    case notStarted(String, SystemError)
    /// Its shell could not run it: 127, no such command; 126, not executable.
    case notRun(String, status: Int32)

    var description: String {
        let advice = "showing the log without it. Set PAGER to a pager you have, or give --no-pager."
        switch self {
        case let .notFound(command):
            return "the pager '\(command)' was not found on PATH; " + advice
        case let .notStarted(command, error):
            return "the pager '\(command)' could not be started (\(error)); " + advice
        case let .notRun(command, status):
            return "the pager '\(command)' could not be run (its shell exited with \(status)); " + advice
        }
    }
}
