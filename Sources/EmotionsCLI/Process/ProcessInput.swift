import EmotionKit

/// What the process was given: its arguments and environment, read as UTF-8 text.
///
/// Bytes that are not UTF-8 are never silently replaced where they matter: an argument, or a
/// variable that chooses a file or a setting, that is not valid UTF-8 would otherwise name a
/// different file than the user meant.
public struct ProcessInput: Sendable {
    /// The environment variables the tool reads; only these are decoded.
    static let variablesRead: [StaticString] = [
        "EMOTIONS_FILE", "EMOTIONS_LOCK_TIMEOUT", "EMOTIONS_HOOKS_DIR", "EMOTIONS_HOOK_TIMEOUT", "EMOTIONS_HOOK_DEPTH",
        "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "COLUMNS", "LC_ALL", "LC_MESSAGES", "LANG", "PAGER", "LESS", "LV",
    ]

    /// The variables read that only decide how output looks, which a user's shell sets for every
    /// program: their bytes that are not UTF-8 are replaced rather than refused, since the worst
    /// they can do is leave colour off or labels in English, or leave `log` unpaged (a pager whose
    /// name was not UTF-8 is not found, and `log` prints straight to the terminal).
    static let lenientVariables: [StaticString] = ["NO_COLOR", "TERM", "COLUMNS", "LC_ALL", "LC_MESSAGES", "LANG", "PAGER", "LESS", "LV"]

    /// The variables read that hold a path, so that one that is not UTF-8 is told to be renamed, not retyped.
    static let pathVariables = ["EMOTIONS_FILE", "EMOTIONS_HOOKS_DIR", "XDG_CONFIG_HOME", "HOME"]

    /// The arguments after the tool's own name.
    let arguments: [String]
    /// The variables that are valid UTF-8, and the lenient ones in any case; of a repeated name,
    /// the first, as `getenv` has it.
    let environment: Environment
    /// The first argument or read variable that is not valid UTF-8, if any.
    let problem: UsageError?
    /// Whether the arguments could be read at all: the Swift runtime finds them on Linux through
    /// `/proc/self/maps`, and when it cannot open it (no descriptor free, no `/proc`) it gives none,
    /// not even the tool's own name, which a process started by `execve` always has.
    var argumentsWereRead = true

    /// This process's arguments and environment.
    public static func current() -> ProcessInput {
        guard CommandLine.argc > 0 else {
            return ProcessInput(arguments: [], environment: Environment(), problem: nil, argumentsWereRead: false)
        }
        let argv = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        let decoded = decode(arguments: UnsafeBufferPointer(rebasing: argv.dropFirst()))
        var problem = decoded.problem
        // Only the variables the tool reads are decoded: start-up pays for sixteen names, not the whole environment.
        // Hooks inherit the whole environment all the same: EmotionKit reads it byte for byte when one starts.
        var environment = Environment()
        ProcessEnvironment.forEachEntry { pointer in
            guard let name = variableRead(by: pointer), environment[name] == nil else { return }
            let value = pointer + name.utf8.count + 1
            if let text = String(validatingCString: value) {
                environment.setIfUnset(name, to: text)
            } else if lenientVariables.contains(where: { $0.description == name }) {
                environment.setIfUnset(name, to: String(cString: value))
            } else {
                let source = InputSource.variable(name, isPath: pathVariables.contains(name))
                problem = problem ?? .notUTF8(source, shownAs: String(cString: value))
            }
        }
        return ProcessInput(arguments: decoded.arguments, environment: environment, problem: problem)
    }

    /// The arguments after the tool's name that are valid UTF-8, and the problem with the first that
    /// is not, if any: a path if it is the value of an option that takes one (`--file PATH`,
    /// `--file=PATH`), else a word to retype.
    static func decode(
        arguments argv: UnsafeBufferPointer<UnsafeMutablePointer<CChar>?>
    ) -> (arguments: [String], problem: UsageError?) {
        var arguments: [String] = []
        var problem: UsageError?
        var previous: String?
        for (index, pointer) in argv.enumerated() {
            guard let pointer else { continue }
            if let argument = String(validatingCString: pointer) {
                arguments.append(argument)
                previous = argument
                continue
            }
            let shown = String(cString: pointer)
            if problem == nil {
                let isPath = StoreOptions.pathOptions.contains { option in
                    previous == option || shown.hasPrefix(option + "=")
                }
                problem = .notUTF8(.argument(index + 1, isPath: isPath), shownAs: shown)
            }
            previous = shown
        }
        return (arguments, problem)
    }

    /// The name of the variable `entry` (`NAME=value`) sets, if it is one the tool reads.
    private static func variableRead(by entry: UnsafeMutablePointer<CChar>) -> String? {
        // The name's length first, so that only names as long are compared: most entries are then
        // turned down by one comparison of lengths per name, with no String work at all.
        let equals = CChar(UInt8(ascii: "="))
        var length = 0
        while entry[length] != equals, entry[length] != 0 { length += 1 }
        guard entry[length] == equals else { return nil }
        for name in variablesRead where name.utf8CodeUnitCount == length {
            if ProcessEnvironment.entry(entry, startsWith: name.utf8Start, count: length) { return name.description }
        }
        return nil
    }
}

extension ProcessInput {
    /// The arguments could not be read, so the command is not known and nothing is run.
    struct UnreadableArguments: Error, CustomStringConvertible {
        var description: String {
            "The command line's arguments could not be read: the Swift runtime finds them through /proc/self/maps, "
                + "which could not be opened (no file descriptor free, /proc not mounted, or access refused). "
                + "Nothing was done; raise the limit on open files (ulimit -n) or make /proc readable, and run it again."
        }
    }

    /// Standard input, up to `limit` bytes: what `--note -` reads.
    static func readStandardInput(limit: Int) throws(SystemError) -> [UInt8] {
        try Syscall.readAll(Syscall.standardInput, limit: limit, path: "standard input")
    }
}
