import Foundation

/// Another user of the machine, who shapes the folders and links `emotions` walks: shell commands
/// run as that user through `setpriv`. The tests that use it run as root, as CI does.
struct Attacker: Sendable {
    /// The user ID; by default one with no entry in /etc/passwd, as in a container.
    let id: UInt32

    /// The user `id`.
    init(id: UInt32 = 4321) {
        self.id = id
    }

    /// Runs `script` with `/bin/sh` as this user and waits for it.
    ///
    /// - Throws: `Attacker.Failure` if it exits with a status other than 0.
    func run(_ script: String) throws {
        let process = try start(script)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(script: script, status: process.terminationStatus) }
    }

    /// Starts `script` with `/bin/sh` as this user, in the background; `terminate()` ends it.
    func start(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", "/bin/sh", "-c", script]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A script that failed.
    struct Failure: Error, CustomStringConvertible {
        let script: String
        let status: Int32
        var description: String { "the attacker's script exited with \(status): \(script)" }
    }
}
