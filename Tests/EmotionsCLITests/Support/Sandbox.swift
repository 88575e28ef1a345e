@testable import EmotionsCLI
import Foundation
import Synchronization

/// What one in-process run of the command line printed, and its exit status.
struct Outcome {
    let status: Int32
    let output: String
    let error: String
}

/// Runs the command line in-process with a data file in a fresh temporary folder.
final class Sandbox {
    let folder: String
    var path: String { folder + "/emotions.json" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/emotions-cli-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    /// Runs `emotions` with `arguments`, the data file chosen by `EMOTIONS_FILE`, its output a pipe
    /// unless `isTerminal`, in which case a terminal `columns` wide.
    func run(
        _ arguments: String..., environment: [String: String] = [:], isTerminal: Bool = false, columns: Int? = nil
    ) -> Outcome {
        run(arguments, environment: environment, isTerminal: isTerminal, columns: columns)
    }

    /// Runs `emotions` with an argument list; see `run(_:environment:isTerminal:columns:)`.
    func run(
        _ arguments: [String], environment: [String: String] = [:], isTerminal: Bool = false, columns: Int? = nil
    ) -> Outcome {
        let base = ["HOME": folder, "EMOTIONS_FILE": path]
        return run(isTerminal: isTerminal, columns: columns) {
            CLI(arguments: arguments, environment: base.merging(environment) { $1 }, terminal: $0)
        }
    }

    /// Runs `emotions` as a process with this input would.
    func run(_ input: ProcessInput) -> Outcome {
        run(isTerminal: false, columns: nil) { CLI(input, terminal: $0) }
    }

    private func run(isTerminal: Bool, columns: Int?, _ makeCLI: (Terminal) -> CLI) -> Outcome {
        let output = Mutex("")
        let error = Mutex("")
        let terminal = Terminal(
            writeOutput: { text in output.withLock { $0 += text } },
            writeError: { text in error.withLock { $0 += text } },
            isTerminal: isTerminal, columns: columns)
        let status = makeCLI(terminal).run()
        return Outcome(status: status, output: output.withLock { $0 }, error: error.withLock { $0 })
    }

    /// The data file's bytes, or nil if it does not exist.
    var fileBytes: Data? { FileManager.default.contents(atPath: path) }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
