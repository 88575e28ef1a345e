#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process was given: its arguments and environment, read as UTF-8 text.
///
/// Bytes that are not UTF-8 are never silently replaced: an argument, or a variable the tool
/// reads, that is not valid UTF-8 would otherwise name a different file than the user meant.
public struct ProcessInput: Sendable {
    /// The environment variables the tool reads; only these must be valid UTF-8.
    static let variablesRead = [
        "EMOTIONS_FILE", "EMOTIONS_LOCK_TIMEOUT", "EMOTIONS_HOOKS_DIR", "EMOTIONS_HOOK_TIMEOUT", "XDG_CONFIG_HOME", "HOME",
    ]

    /// The arguments after the tool's own name.
    let arguments: [String]
    /// The variables that are valid UTF-8; of a repeated name, the first, as `getenv` has it.
    let environment: Environment
    /// The first argument or read variable that is not valid UTF-8, if any.
    let problem: UsageError?

    /// This process's arguments and environment.
    public static func current() -> ProcessInput {
        var problem: UsageError?
        var arguments: [String] = []
        let argv = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        for (index, pointer) in argv.dropFirst().enumerated() {
            guard let pointer else { continue }
            if let argument = String(validatingCString: pointer) {
                arguments.append(argument)
            } else {
                problem = problem ?? .notUTF8("argument \(index + 1)", shownAs: String(cString: pointer))
            }
        }
        // Only the variables the tool reads are decoded: start-up pays for six names, not the whole environment.
        // Hooks inherit the whole environment all the same: EmotionKit reads it byte for byte when one starts.
        var environment = Environment()
        for pointer in environmentEntries() {
            guard let name = variableRead(by: pointer), environment[name] == nil else { continue }
            let value = pointer + name.utf8.count + 1
            if let text = String(validatingCString: value) {
                environment.setIfUnset(name, to: text)
            } else {
                problem = problem ?? .notUTF8("environment variable \(name)", shownAs: String(cString: value))
            }
        }
        return ProcessInput(arguments: arguments, environment: environment, problem: problem)
    }

    /// The name of the variable `entry` (`NAME=value`) sets, if it is one the tool reads.
    private static func variableRead(by entry: UnsafeMutablePointer<CChar>) -> String? {
        variablesRead.first { name in
            var index = 0
            for byte in name.utf8 {
                // A shorter entry ends in NUL, which no name holds, so this never reads past it.
                guard UInt8(bitPattern: entry[index]) == byte else { return false }
                index += 1
            }
            return entry[index] == CChar(UInt8(ascii: "="))
        }
    }

    private static func environmentEntries() -> [UnsafeMutablePointer<CChar>] {
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return [] }
        #else
        guard var entry = Optional(environ) else { return [] }
        #endif
        var entries: [UnsafeMutablePointer<CChar>] = []
        while let pointer = entry.pointee {
            entries.append(pointer)
            entry += 1
        }
        return entries
    }
}
