import Foundation
import Testing

/// Several machines, each a `Sandbox` (a HOME of its own), and a plain folder outside them all that
/// they sync through, as a sync tool that has delivered everything would leave it: the end-to-end
/// setting of `emotions sync`.
final class Machines: Sendable {
    /// The machines, in the order made.
    let homes: [Sandbox]
    /// The temporary folder holding the shared folder; removed when released.
    let root: URL
    /// The folder every machine syncs with (made unless `makingFolder` was false).
    let folder: URL

    /// `count` machines and a shared folder, made empty (unless `makingFolder` is false); none syncs yet.
    init(_ count: Int, makingFolder: Bool = true) throws {
        homes = try (0..<count).map { _ in try Sandbox() }
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("emotions-sync-\(UUID().uuidString)", isDirectory: true)
        folder = root.appendingPathComponent("Sync", isDirectory: true)
        try FileManager.default.createDirectory(at: makingFolder ? folder : root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    subscript(index: Int) -> Sandbox { homes[index] }

    /// Points every machine at the shared folder, machine `i` named `machine-i`; expects each to succeed.
    func joinAll(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for (index, home) in homes.enumerated() {
            let outcome = try await home.run("sync", "--folder", folder.path, "--name", "machine-\(index)")
            #expect(outcome.status == 0, "\(outcome)", sourceLocation: sourceLocation)
        }
    }

    /// Runs `emotions sync` on every machine, in order, `rounds` times; expects each to succeed
    /// without a warning.
    func syncAll(rounds: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<rounds {
            for home in homes {
                let outcome = try await home.run("sync")
                #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
            }
        }
    }

    /// `stats --json` on every machine (which takes in first).
    func stats() async throws -> [String] {
        var all: [String] = []
        for home in homes {
            all.append(try await home.run("stats", "--json").stdout)
        }
        return all
    }

    /// The files in the shared folder, by name.
    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The history files in the shared folder (`<ID>.jsonl`, no conflict copies).
    func historyFiles() -> [URL] {
        files().filter { $0.hasSuffix(".jsonl") && $0.count == 32 }.map { folder.appendingPathComponent($0) }
    }

    /// The file machine `home` publishes to: the one named by its `sync --json` history.
    func ownFile(of home: Sandbox) async throws -> URL {
        let outcome = try await home.run("sync", "--json")
        let object = try #require(Machines.object(outcome.stdout), "\(outcome)")
        let history = try #require(object["history"] as? String, "\(outcome)")
        return folder.appendingPathComponent(history + ".jsonl")
    }

    /// `from` sets the folder (named `a`), taps happy and sad and syncs; then its config folder is
    /// copied to `to` with `cp -a`, as a new machine set up from a copy of the old one's home.
    /// Returns `from`'s history id.
    func syncedHistoryCopied(
        from: Sandbox, to: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        #expect(try await from.run("sync", "--folder", folder.path, "--name", "a").status == 0, sourceLocation: sourceLocation)
        for emotion in ["happy", "sad"] { expectSuccess(try await from.run("tap", emotion, "-q"), stdout: "") }
        let original = try #require(
            Machines.object(try await from.run("sync", "--json").stdout)?["history"] as? String, sourceLocation: sourceLocation)
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-a", from.home.appendingPathComponent(".config").path, to.home.appendingPathComponent(".config").path]
        try copy.run()
        copy.waitUntilExit()
        try #require(copy.terminationStatus == 0, sourceLocation: sourceLocation)
        return original
    }

    /// The JSON object `text` holds, if it holds one.
    static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The count of `emotion` in a `stats --json` output, 0 if absent.
    static func count(_ emotion: String, in stats: String) -> Int {
        guard let object = object(stats) else { return -1 }
        if let counts = object["counts"] as? [String: Any] { return (counts[emotion] as? Int) ?? 0 }
        return (object[emotion] as? Int) ?? 0
    }

    /// Appends `bytes` to `file`.
    static func append(_ bytes: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes.utf8))
    }
}
