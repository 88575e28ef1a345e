import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs of the binary as an ordinary user, or with part of the file system read-only.
extension Sandbox {
    /// The user unprivileged runs switch to when the tests run as root: `nobody`.
    static let unprivilegedID: UInt32 = 65534

    /// Whether the tests run as root, whom file permissions do not stop.
    static var testsRunAsRoot: Bool { geteuid() == 0 }

    /// Gives everything in the sandbox to the user `runUnprivileged` runs as: `nobody` when the
    /// tests run as root, else the sandbox already belongs to that user.
    func giveToUnprivilegedUser() throws {
        guard Sandbox.testsRunAsRoot else { return }
        let paths = [root.path] + (FileManager.default.subpaths(atPath: root.path) ?? []).map { root.path + "/" + $0 }
        for path in paths where lchown(path, Sandbox.unprivilegedID, Sandbox.unprivilegedID) != 0 {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
    }

    /// Runs `emotions arguments...` as an ordinary user, so that permissions apply: as `nobody`
    /// through `setpriv` when the tests run as root, else as the user running the tests.
    func runUnprivileged(_ arguments: String..., environment: [String: String] = [:]) async throws -> Outcome {
        guard Sandbox.testsRunAsRoot else { return try await run(arguments, environment: environment) }
        let id = String(Sandbox.unprivilegedID)
        return try await Emotions.run(
            ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", try Emotions.binary().path] + arguments,
            environment: baseEnvironment.merging(environment) { $1 }, directory: home, captureFolder: capture,
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// Runs `emotions arguments...` in a private mount namespace in which `folder` is read-only, as
    /// on read-only media; the rest of the system, and every other process, sees no change.
    func runOnReadOnlyMedia(_ folder: URL, _ arguments: String...) async throws -> Outcome {
        let script = #"mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$0" "$@""#
        let namespace = Sandbox.testsRunAsRoot ? ["--mount"] : ["--mount", "--map-root-user"]
        return try await Emotions.run(
            namespace + ["/bin/sh", "-c", script, try Emotions.binary().path, folder.path] + arguments,
            environment: baseEnvironment, directory: home, captureFolder: capture,
            executable: URL(fileURLWithPath: "/usr/bin/unshare"))
    }
}
