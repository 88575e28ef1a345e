#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables.
public enum Environment {
    /// Every variable of this process, read from `environ`; of a repeated name, the first wins, as `getenv` has it.
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return [:] }
        #else
        guard var entry = Optional(environ) else { return [:] }
        #endif
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }
}
