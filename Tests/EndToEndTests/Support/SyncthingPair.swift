import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two real Syncthing daemons on 127.0.0.1, each in a home of its own, sharing one folder: two
/// machines syncing a folder, for the tests of `emotions sync --folder`.
///
/// Each daemon listens on a free port of 127.0.0.1 for the other and serves its REST API on another,
/// with an API key set here; global and local discovery, relays, NAT traversal, usage and crash
/// reporting, the browser and upgrades are all off, so nothing leaves the machine. The folder is
/// `sendreceive`, watched for changes (`fsWatcherDelayS` 1) and rescanned every 2 s besides, in case
/// inotify is short of watches; `rescan()` asks for a scan at once.
///
/// Only the first daemon dials: it knows the second's address, the second knows the first's device
/// ID with the address `dynamic`, which with discovery off finds nothing. When both dialled at once,
/// Syncthing 1.19 now and then dropped both connections and sat 20 s in a Hello timeout before
/// connecting. The second daemon is started first, so the first one's first dial finds it listening.
///
/// Each runs as one process (`STMONITORED` set, so no monitor process restarts it), started and
/// reaped here: `stop()` ends both with `SIGTERM` (`SIGKILL` after 5 s), and a pair released while
/// running kills and reaps them, so no daemon outlives its test. Their logs are kept in the temporary
/// folder until then; every wait that fails throws them, and `logs` gives them for a message.
final class SyncthingPair {
    /// How long a daemon may take to answer on its API once started.
    static let startTimeout = Duration.seconds(20)
    /// How often a wait looks again.
    static let pollInterval = Duration.milliseconds(50)
    /// The folder's ID, the same on both daemons.
    static let folderID = "emotions"

    /// One daemon: its home, ports, key and process.
    private struct Daemon {
        let name: String
        let home: URL
        let folder: URL
        let log: URL
        let deviceID: String
        let listenPort: UInt16
        let apiPort: UInt16
        let apiKey: String
        var processID: pid_t?

        /// What its configuration needs to know of it.
        var side: SyncthingConfiguration.Side {
            .init(deviceID: deviceID, name: name, folder: folder, listenPort: listenPort, apiPort: apiPort, apiKey: apiKey)
        }
    }

    /// The whole temporary folder: both homes and logs.
    let root: URL
    /// The shared folder as each daemon has it: `folders[0]` on the first, `folders[1]` on the second.
    var folders: [URL] { daemons.map(\.folder) }
    private var daemons: [Daemon]

    /// Whether `syncthing` is on `PATH`.
    static var isInstalled: Bool { Shells.isInstalled("syncthing") }

    /// Creates both homes and starts both daemons; returns once both answer on their API (about a
    /// second here). Call `waitUntilConnected(timeout:)` before counting on anything being sent.
    ///
    /// - Throws: `SyncthingPair.Failure.notInstalled` without `syncthing` (a test needing it fails,
    ///   never skips: see `Shells.isInstalledOrRequired`), or `.didNotStart` with the logs.
    init() async throws {
        guard let executable = Shells.find("syncthing") else { throw Failure.notInstalled }
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("emotions-syncthing-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        daemons = []
        var ports = Set<UInt16>()
        for name in ["a", "b"] {
            daemons.append(try await SyncthingPair.makeDaemon(name, in: root, executable: executable, avoiding: &ports))
        }
        for index in daemons.indices {
            let peer = daemons[1 - index]
            try SyncthingPair.writeConfiguration(of: daemons[index], peer: peer, dialingPeer: index == 0)
        }
        for index in daemons.indices.reversed() {
            daemons[index].processID = try Spawn.start(
                executable.path, ["serve", "--home=\(daemons[index].home.path)", "--no-browser", "--no-restart"],
                environment: SyncthingPair.environment(home: daemons[index].home),
                output: .file(daemons[index].log.path), error: .file(daemons[index].log.path + ".stderr"))
            try await waitUntilAnswering(index)
        }
    }

    deinit {
        for daemon in daemons {
            guard let processID = daemon.processID else { continue }
            kill(processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) == -1, errno == EINTR {}
        }
        try? FileManager.default.removeItem(at: root)
    }

    // MARK: - Waiting

    /// Returns once each daemon reports the other connected.
    ///
    /// - Throws: `SyncthingPair.Failure.timedOut`, with both logs, when they are not within `timeout`.
    func waitUntilConnected(timeout: Duration = .seconds(20)) async throws {
        try await waitUntil("the two daemons are connected", timeout: timeout) { isConnected }
    }

    /// Whether each daemon reports the other connected now, by `/rest/system/connections`.
    var isConnected: Bool {
        (try? daemons.indices.allSatisfy { try isConnected($0) }) ?? false
    }

    /// Asks both daemons to scan the folder now rather than when their watcher or timer next does;
    /// returns once both scans are done (Syncthing answers then), so what was written before is on
    /// its way. A daemon busy for 30 s fails it.
    func rescan() throws {
        for index in daemons.indices {
            let response = try api("POST", "/rest/db/scan?folder=\(SyncthingPair.folderID)", on: index, timeout: .seconds(30))
            guard response.status == 200 else {
                throw Failure.apiRefused(request: "POST /rest/db/scan", status: response.status, logs: logs)
            }
        }
    }

    /// Pauses (or resumes) each daemon's connection to the other, as two machines going offline and
    /// back: while paused each still scans its own folder, and nothing passes between them.
    func setPaused(_ paused: Bool) throws {
        for index in daemons.indices {
            let path = "/rest/system/\(paused ? "pause" : "resume")?device=\(daemons[1 - index].deviceID)"
            let response = try api("POST", path, on: index)
            guard response.status == 200 else {
                throw Failure.apiRefused(request: "POST \(path)", status: response.status, logs: logs)
            }
        }
    }

    /// Returns once both folders hold the same files with the same bytes (Syncthing's own marker and
    /// temporary files aside), asking for a rescan first.
    ///
    /// - Throws: `SyncthingPair.Failure.timedOut`, naming the files that differ, with both logs.
    func waitUntilInSync(timeout: Duration = .seconds(30)) async throws {
        try rescan()
        try await waitUntil("both folders hold the same files", timeout: timeout, showing: { self.differences() }) {
            self.differences().isEmpty
        }
    }

    /// Returns once `condition` holds, looking every `pollInterval`.
    ///
    /// - Throws: `SyncthingPair.Failure.timedOut` with `what`, `showing()` and both logs when it does
    ///   not within `timeout`; a daemon that has ended fails the wait at once.
    func waitUntil(
        _ what: String, timeout: Duration, showing: () -> String = { "" }, _ condition: () throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if (try? condition()) == true { return }
            if let ended = endedDaemon() { throw Failure.daemonEnded(ended, logs: logs) }
            if ContinuousClock.now >= deadline {
                throw Failure.timedOut(what, after: timeout, detail: showing(), logs: logs)
            }
            try await Task.sleep(for: SyncthingPair.pollInterval)
        }
    }

    /// The files on which the two folders differ, one a line, with what each folder has; empty when
    /// they agree.
    func differences() -> String {
        let contents = folders.map(SyncthingPair.contents)
        let names = Set(contents[0].keys).union(contents[1].keys).sorted()
        return names.filter { contents[0][$0] != contents[1][$0] }.map { name in
            let sizes = contents.map { $0[name].map { "\($0.count) bytes" } ?? "missing" }
            return "\(name): \(sizes[0]) in \(folders[0].path), \(sizes[1]) in \(folders[1].path)"
        }.joined(separator: "\n")
    }

    /// The conflict copies Syncthing made in either folder (`name.sync-conflict-<date>-<time>-<device>.ext`,
    /// made when both sides changed one file), by path; empty when there was no conflict.
    func conflictCopies() -> [String] {
        folders.flatMap { folder in
            SyncthingPair.contents(of: folder).keys.filter { $0.contains(".sync-conflict-") }
                .map { folder.appendingPathComponent($0).path }
        }.sorted()
    }

    // MARK: - Stopping

    /// Ends both daemons with `SIGTERM`, or `SIGKILL` for one still running 5 s later, and reaps them.
    func stop() async {
        for daemon in daemons {
            if let processID = daemon.processID { kill(processID, SIGTERM) }
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        for index in daemons.indices {
            guard let processID = daemons[index].processID else { continue }
            var status: Int32 = 0
            while waitpid(processID, &status, WNOHANG) == 0 {
                if ContinuousClock.now >= deadline {
                    kill(processID, SIGKILL)
                    while waitpid(processID, &status, 0) == -1, errno == EINTR {}
                    break
                }
                try? await Task.sleep(for: SyncthingPair.pollInterval)
            }
            daemons[index].processID = nil
        }
    }

    /// Both daemons' logs, standard output and error, each under its name: for a failing test's message.
    var logs: String {
        daemons.map { daemon in
            let output = (try? String(contentsOf: daemon.log, encoding: .utf8)) ?? ""
            let errors = (try? String(contentsOf: URL(fileURLWithPath: daemon.log.path + ".stderr"), encoding: .utf8)) ?? ""
            return "--- syncthing \(daemon.name) (\(daemon.home.path)) ---\n\(output)\(errors)"
        }.joined(separator: "\n")
    }
}

// MARK: - Setting up

extension SyncthingPair {
    /// Makes a daemon's home with `syncthing generate` (its key, certificate and device ID), its
    /// folder with the `.stfolder` marker Syncthing looks for, and picks its two ports.
    private static func makeDaemon(
        _ name: String, in root: URL, executable: URL, avoiding ports: inout Set<UInt16>
    ) async throws -> Daemon {
        let home = root.appendingPathComponent(name, isDirectory: true)
        let folder = home.appendingPathComponent("Sync", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".stfolder", isDirectory: true), withIntermediateDirectories: true)
        let outcome = try await Emotions.run(
            ["generate", "--home=\(home.path)", "--no-default-folder", "--skip-port-probing"],
            environment: environment(home: home), directory: root, captureFolder: root, executable: executable)
        let words = (outcome.stdout + outcome.stderr).split(whereSeparator: \.isWhitespace)
        guard outcome.status == 0, let label = words.firstIndex(of: "ID:"), label + 1 < words.count else {
            throw Failure.didNotStart("'syncthing generate' gave no device ID: \(outcome)", logs: "")
        }
        let listenPort = try Loopback.freePort(notIn: ports)
        ports.insert(listenPort)
        let apiPort = try Loopback.freePort(notIn: ports)
        ports.insert(apiPort)
        return Daemon(
            name: name, home: home, folder: folder, log: root.appendingPathComponent("\(name).log"),
            deviceID: String(words[label + 1]), listenPort: listenPort, apiPort: apiPort,
            apiKey: UUID().uuidString.replacingOccurrences(of: "-", with: ""), processID: nil)
    }

    /// The daemon's whole environment: its home as HOME, no monitor process, no upgrade, and the
    /// standard SHA-256 rather than a second of benchmarking at start.
    private static func environment(home: URL) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "STMONITORED": "1",
            "STNORESTART": "1", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "STHASHING": "standard",
        ]
    }

    /// Replaces the generated `config.xml` with one that keeps everything on 127.0.0.1 and shares
    /// the folder with `peer` (see `SyncthingConfiguration`); only the daemon `dialingPeer` is given
    /// the peer's address.
    private static func writeConfiguration(of daemon: Daemon, peer: Daemon, dialingPeer: Bool) throws {
        let file = daemon.home.appendingPathComponent("config.xml")
        let generated = try String(contentsOf: file, encoding: .utf8)
        let text = try SyncthingConfiguration(folderID: folderID)
            .text(for: daemon.side, peer: peer.side, dialingPeer: dialingPeer, generated: generated)
        try Data(text.utf8).write(to: file)
    }
}

// MARK: - The API

extension SyncthingPair {
    /// Calls the daemon `index`'s REST API with its key.
    private func api(
        _ method: String, _ path: String, on index: Int, timeout: Duration = .seconds(5)
    ) throws -> Loopback.Response {
        try Loopback.request(
            method, port: daemons[index].apiPort, path: path, headers: ["X-API-Key": daemons[index].apiKey],
            timeout: timeout)
    }

    /// Returns once the daemon `index` answers `/rest/system/ping`.
    private func waitUntilAnswering(_ index: Int) async throws {
        let what = "syncthing \(daemons[index].name) answers on its API"
        try await waitUntil(what, timeout: SyncthingPair.startTimeout) {
            try api("GET", "/rest/system/ping", on: index).status == 200
        }
    }

    /// Whether the daemon `index` says its peer is connected, by `/rest/system/connections`.
    private func isConnected(_ index: Int) throws -> Bool {
        let response = try api("GET", "/rest/system/connections", on: index)
        guard response.status == 200,
            let answer = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let connections = answer["connections"] as? [String: Any],
            let peer = connections[daemons[1 - index].deviceID] as? [String: Any]
        else { return false }
        return peer["connected"] as? Bool == true
    }

    /// The name of a daemon whose process has ended, if one has.
    private func endedDaemon() -> String? {
        for index in daemons.indices {
            guard let processID = daemons[index].processID else { continue }
            var status: Int32 = 0
            if waitpid(processID, &status, WNOHANG) == processID {
                daemons[index].processID = nil
                return "\(daemons[index].name) (wait status \(status))"
            }
        }
        return nil
    }

    /// Every regular file under `folder` by its relative path, with its bytes; Syncthing's marker
    /// folder and its `.syncthing.*.tmp` files left out.
    private static func contents(of folder: URL) -> [String: Data] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        var files: [String: Data] = [:]
        for case let path as String in enumerator {
            let name = (path as NSString).lastPathComponent
            if path.hasPrefix(".stfolder") || name.hasPrefix(".syncthing.") || name.hasPrefix("~syncthing~") { continue }
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = FileManager.default.contents(atPath: full)
        }
        return files
    }
}

// MARK: - Failures

extension SyncthingPair {
    /// Why the pair could not do what a test asked; each fails the test, showing the daemons' logs.
    enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String, logs: String)
        case daemonEnded(String, logs: String)
        case apiRefused(request: String, status: Int, logs: String)
        case timedOut(String, after: Duration, detail: String, logs: String)

        var description: String {
            switch self {
            case .notInstalled:
                "syncthing is not installed: install it (apt-get install syncthing; .ci/run does) to run the sync tests."
            case let .didNotStart(why, logs):
                "Syncthing did not start: \(why)\n\(logs)"
            case let .daemonEnded(name, logs):
                "syncthing \(name) ended while the test needed it.\n\(logs)"
            case let .apiRefused(request, status, logs):
                "syncthing answered \(request) with HTTP \(status).\n\(logs)"
            case let .timedOut(what, timeout, detail, logs):
                "Waited \(timeout) for: \(what); it did not happen.\n\(detail.isEmpty ? "" : detail + "\n")\(logs)"
            }
        }
    }
}
