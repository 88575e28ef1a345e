import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process `id` still runs: it exists and is no zombie.
func isRunning(_ id: Int32) -> Bool {
    #if os(Linux)
    // The state follows the command's closing parenthesis: `42 (sleep) S …`.
    guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: end)...].drop { $0 == " " }.first
    return state != "Z" && state != "X"
    #else
    return kill(id, 0) == 0
    #endif
}
