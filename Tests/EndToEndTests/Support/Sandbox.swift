import Foundation
import Testing

/// A fresh temporary folder for one test, holding the HOME the binary runs in; removed when released.
///
/// Layout: `<root>/home` is HOME and the working directory; `<root>/capture` holds the output of
/// runs, outside HOME, so that a test can assert HOME holds nothing the binary did not create.
final class Sandbox: Sendable {
    /// The whole temporary folder.
    let root: URL
    /// The HOME the binary sees, empty at first.
    let home: URL
    /// Where runs' output is captured, outside HOME.
    let capture: URL

    /// Creates the folders.
    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("emotions-e2e-\(UUID().uuidString)", isDirectory: true)
        home = root.appendingPathComponent("home", isDirectory: true)
        capture = root.appendingPathComponent("capture", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Where the data file lives, relative to HOME, when nothing else is chosen.
    #if os(macOS)
    static let defaultDataFilePath = "Library/Application Support/emotions/emotions.json"
    #else
    static let defaultDataFilePath = ".config/emotions/emotions.json"
    #endif

    /// `$HOME/.config/emotions/emotions.json` (on macOS, in Application Support).
    var defaultDataFile: URL {
        home.appendingPathComponent(Sandbox.defaultDataFilePath)
    }

    /// The clean environment every run starts from: PATH, HOME and LANG, nothing else.
    var baseEnvironment: [String: String] {
        ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"]
    }

    /// Runs `emotions arguments...` with the clean environment plus `environment`, in HOME.
    func run(
        _ arguments: String..., environment: [String: String] = [:], stdin: String? = nil,
        timeout: Duration = Emotions.defaultTimeout
    ) async throws -> Outcome {
        try await run(arguments, environment: environment, stdin: stdin, timeout: timeout)
    }

    /// Runs `emotions` with an argument list; see `run(_:environment:stdin:timeout:)`.
    func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        timeout: Duration = Emotions.defaultTimeout
    ) async throws -> Outcome {
        try await Emotions.run(
            arguments, environment: baseEnvironment.merging(environment) { $1 }, directory: home,
            captureFolder: capture, stdin: stdin, timeout: timeout)
    }

    /// Runs `emotions` with an argument list and the clean environment, and kills it with `SIGKILL` once
    /// `delay` has passed unless it has exited by then; see `Emotions.run(_:killingAfter:environment:captureFolder:)`.
    func run(_ arguments: [String], killingAfter delay: Duration) async throws -> KillableRun {
        try await Emotions.run(arguments, killingAfter: delay, environment: baseEnvironment, captureFolder: capture)
    }

    /// Runs `emotions` with an argument list and the clean environment plus `environment`, its standard
    /// output a pipe nobody reads any more (`emotions … | true`) and `SIGPIPE` at its default; killed
    /// after `Emotions.defaultTimeout`. See `Emotions.run(_:killingAfter:environment:captureFolder:closedOutput:)`.
    func runWithClosedOutput(_ arguments: [String], environment: [String: String] = [:]) async throws -> KillableRun {
        try await Emotions.run(
            arguments, killingAfter: Emotions.defaultTimeout, environment: baseEnvironment.merging(environment) { $1 },
            captureFolder: capture, closedOutput: true)
    }

    /// Runs `script` with `/bin/sh -c`, its `$0` being `binary`: for arguments a `String` cannot hold.
    func runShell(_ script: String, binary: String) async throws -> Outcome {
        try await Emotions.run(
            ["-c", script, binary], environment: baseEnvironment, directory: home, captureFolder: capture,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Writes `text` to `file`, creating its folders.
    func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes a data file with these counts to `file` (the default place if not given).
    func writeDataFile(_ counts: Counts, to file: URL? = nil) throws {
        try write(DataFile.text(counts), to: file ?? defaultDataFile)
    }

    /// The bytes of `file`, or `nil` if there is none.
    func bytes(of file: URL) -> Data? {
        FileManager.default.contents(atPath: file.path)
    }

    /// The text of `file` (the default data file if not given) without its journal position and zone
    /// memo (see `withoutJournalPosition`), or `nil` if there is none.
    func text(of file: URL? = nil) -> String? {
        bytes(of: file ?? defaultDataFile).map {
            Sandbox.withoutJournalPosition(Sandbox.withoutZoneMemo(String(decoding: $0, as: UTF8.self)))
        }
    }

    /// `text` without the `"zone"` member a save adds last (what the system's zone file said of the
    /// offset, which depends on the machine's zone file): what `DataFile.text` writes. TimeZoneTests
    /// checks the memo itself.
    static func withoutZoneMemo(_ text: String) -> String {
        guard let start = text.range(of: ",\n  \"zone\": {\"device\": "),
            let end = text[start.upperBound...].firstIndex(of: "}")
        else { return text }
        return String(text[..<start.lowerBound]) + String(text[text.index(after: end)...])
    }

    /// The data file's text exactly as it is, its `"journal"` position included.
    func rawText(of file: URL? = nil) -> String? {
        bytes(of: file ?? defaultDataFile).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `text` without the `"journal"` member the store adds after `counts` (the journal's size and
    /// the latest recording time, which change with every event): what `DataFile.text` writes.
    /// The journal tests check the position itself.
    static func withoutJournalPosition(_ text: String) -> String {
        guard let start = text.range(of: ",\n  \"journal\": {"),
            let end = text[start.upperBound...].firstIndex(of: "}")
        else { return text }
        return String(text[..<start.lowerBound]) + String(text[text.index(after: end)...])
    }

    /// Whether anything exists at `url`, following no symbolic link.
    func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// Every path under HOME, relative to it, sorted.
    func contentsOfHome() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: home.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted()
    }

    /// The permission bits of `url`, such as `0o600`.
    func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
