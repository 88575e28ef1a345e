import Foundation
import Testing

/// The Syncthing pair the sync tests stand on: two real daemons on 127.0.0.1 carry a file appended to
/// in either folder over to the other with the same bytes, within seconds, and none outlives its test.
/// Under `CI=true` these run, and fail without syncthing; elsewhere they are skipped without it.
@Suite(.enabled(if: Shells.isInstalledOrRequired("syncthing"), "syncthing is not installed (apt-get install syncthing)"))
struct SyncthingHarnessTests {
    /// How long one change may take to arrive before the test fails: the watcher delivers within
    /// about a second here, and a rescan every 2 s is the fallback.
    static let deliveryTimeout = Duration.seconds(30)

    @Test func aFileAppendedToInEitherFolderArrivesWithTheSameBytesInTheOther() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let pair = try await SyncthingPair()
        let answering = clock.now
        try await pair.waitUntilConnected()
        let connected = clock.now
        let (first, second) = (pair.folders[0], pair.folders[1])

        try append("{\"line\":1}\n", to: first.appendingPathComponent("a.jsonl"))
        try await waitUntilFile("a.jsonl", in: second, is: "{\"line\":1}\n", pair: pair)
        let delivered = clock.now
        try append("{\"line\":2}\n", to: first.appendingPathComponent("a.jsonl"))
        try await waitUntilFile("a.jsonl", in: second, is: "{\"line\":1}\n{\"line\":2}\n", pair: pair)

        try append("{\"line\":1}\n", to: second.appendingPathComponent("b.jsonl"))
        try append("{\"line\":2}\n", to: second.appendingPathComponent("b.jsonl"))
        try await waitUntilFile("b.jsonl", in: first, is: "{\"line\":1}\n{\"line\":2}\n", pair: pair)

        // Both at once, each to its own file, as two machines' histories do.
        try append("{\"line\":3}\n", to: first.appendingPathComponent("a.jsonl"))
        try append("{\"line\":3}\n", to: second.appendingPathComponent("b.jsonl"))
        try await pair.waitUntilInSync(timeout: Self.deliveryTimeout)
        let converged = clock.now
        expect(text(of: second.appendingPathComponent("a.jsonl")), equals: "{\"line\":1}\n{\"line\":2}\n{\"line\":3}\n")
        expect(text(of: first.appendingPathComponent("b.jsonl")), equals: "{\"line\":1}\n{\"line\":2}\n{\"line\":3}\n")
        #expect(pair.conflictCopies().isEmpty)

        await pair.stop()
        #if os(Linux)
        #expect(Self.processes(mentioning: pair.root.path).isEmpty, "a daemon outlived stop()")
        #endif
        // The comparison itself sees a file only one folder has.
        try append("late\n", to: first.appendingPathComponent("late.jsonl"))
        #expect(pair.differences().hasPrefix("late.jsonl: 5 bytes in "), "\(pair.differences())")
        print(
            "Syncthing pair: both answering after \(answering - started), connected \(connected - answering) later, "
                + "first file delivered in \(delivered - connected), converged after \(converged - started) in all")
    }

    @Test func oneFileChangedOnBothSidesWhileApartIsSeenAsAConflict() async throws {
        let pair = try await SyncthingPair()
        try await pair.waitUntilConnected()
        try pair.setPaused(true)
        try await pair.waitUntil("the two daemons are apart", timeout: .seconds(10)) { !pair.isConnected }
        for (index, folder) in pair.folders.enumerated() {
            try append("machine \(index)\n", to: folder.appendingPathComponent("shared.jsonl"))
        }
        try pair.rescan()
        try pair.setPaused(false)
        try await pair.waitUntilInSync(timeout: Self.deliveryTimeout)
        // Syncthing keeps both sides: the newer as shared.jsonl, the other as a conflict copy, on both.
        let listing = pair.folders.map { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? [] }
        expect(pair.conflictCopies().count, equals: 2, "\(listing)")
        await pair.stop()
    }

    @Test func aPairReleasedWithoutStopLeavesNoDaemonRunning() async throws {
        var root = ""
        do {
            let pair = try await SyncthingPair()
            root = pair.root.path
            #if os(Linux)
            expect(Self.processes(mentioning: root).count, equals: 2)
            #endif
        }
        #if os(Linux)
        #expect(Self.processes(mentioning: root).isEmpty, "a daemon outlived its pair")
        #endif
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    // MARK: - Helpers

    /// Waits until `name` in `folder` holds exactly `expected`, asking both daemons to rescan first.
    private func waitUntilFile(_ name: String, in folder: URL, is expected: String, pair: SyncthingPair) async throws {
        try pair.rescan()
        let file = folder.appendingPathComponent(name)
        try await pair.waitUntil(
            "\(file.path) holds \(expected.debugDescription)", timeout: Self.deliveryTimeout,
            showing: { "It holds: \(text(of: file)?.debugDescription ?? "nothing")" }
        ) {
            text(of: file) == expected
        }
    }

    /// Appends `line` to `file`, creating it, as a history does.
    private func append(_ line: String, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) {
            FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }

    private func text(of file: URL) -> String? {
        FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The IDs of the live processes whose command line mentions `text`, from `/proc` (Linux).
    static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { id in
            guard id.allSatisfy(\.isNumber), let line = FileManager.default.contents(atPath: "/proc/\(id)/cmdline"),
                let status = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                !status.contains(") Z ")
            else { return false }
            return String(decoding: line, as: UTF8.self).contains(text)
        }
    }
}
