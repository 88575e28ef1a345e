import EmotionKit

/// The `emotions` command line: reads arguments, runs the command, reports errors, returns the exit status.
///
/// It lives outside the executable so that tests can run it with any arguments, environment and
/// terminal, without a process.
public struct CLI: Sendable {
    private let arguments: [String]
    private let context: Context
    private var inputProblem: (any Error)?

    /// A command line with these arguments (without the tool's own name), environment and terminal.
    public init(arguments: [String], environment: [String: String], terminal: Terminal) {
        self.init(arguments: arguments, environment: Environment(environment), terminal: terminal)
    }

    /// The command line this process was started with.
    public init(_ input: ProcessInput, terminal: Terminal) {
        self.init(arguments: input.arguments, environment: input.environment, terminal: terminal)
        inputProblem = input.argumentsWereRead ? input.problem : ProcessInput.UnreadableArguments()
    }

    private init(arguments: [String], environment: Environment, terminal: Terminal) {
        self.arguments = arguments
        context = Context(environment: environment, terminal: terminal)
        inputProblem = nil
    }

    /// Runs the command line and returns the process's exit status.
    public func run() -> Int32 {
        if let inputProblem {
            report(inputProblem)
            return ExitCode.status(for: inputProblem)
        }
        do {
            switch try Invocation.parse(arguments) {
            case let .help(text):
                context.terminal.print(String(text.dropLast()))
            case .version:
                context.terminal.print(Root.version)
            case let .completionScript(shell):
                context.terminal.print(shell.script(for: .emotions))
            case let .run(command):
                try command.run(in: context)
            }
            return ExitCode.success
        } catch let failure as Invocation.Failure {
            report(failure.error)
            if failure.error.showsUsage {
                context.terminal.printError("Usage: \(failure.printer.usage)")
                context.terminal.printError("  See '\(failure.spec.fullName) --help' for more information.")
            }
            return ExitCode.status(for: failure.error)
        } catch {
            report(error)
            return ExitCode.status(for: error)
        }
    }

    private func report(_ error: any Error) {
        context.terminal.printError("Error: \(error)")
    }
}
