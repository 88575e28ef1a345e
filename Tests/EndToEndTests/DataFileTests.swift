import Foundation
import Testing

/// Where the data file lives, how it is created, and how the tool treats what it finds there.
struct DataFileTests {
    // MARK: - Location

    @Test func theDefaultDataFileIsInTheConfigFolderOfHome() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "upset"), stdout: "upset: 0 → 1\n")
        expect(sandbox.text(of: sandbox.defaultDataFile), equals: DataFile.text(Counts(upset: 1)))
        // Every folder on the way to the file, the file and its journal; nothing else but its lock.
        let components = Sandbox.defaultDataFilePath.split(separator: "/")
        let expected = components.indices.map { components[...$0].joined(separator: "/") } + [Sandbox.defaultDataFilePath + ".journal"]
        expect(sandbox.contentsOfHome().filter { !$0.hasSuffix(".lock") }, equals: expected.sorted())
    }

    #if os(Linux)
    /// Once the data file and its lock file exist, a tap takes the lock before it looks at the data
    /// file's name at all (one system call fewer); a data file that is a link is still followed, and
    /// locked beside what it leads to, even with a lock file beside the link itself.
    @Test(.enabled(if: Shells.isInstalledOrRequired("strace")))
    func aTapLocksBeforeItLooksAtTheDataFileAndStillFollowsALinkToIt() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "happy", "-q"), stdout: "")
        let trace = sandbox.capture.appendingPathComponent("trace")
        let outcome = try await sandbox.runShell(
            #"exec strace -qqq -f -e trace=openat,openat2,newfstatat,statx,flock -o "# + trace.path + #" "$0" tap happy -q"#,
            binary: try Emotions.binary().path)
        expect(outcome.status, equals: 0, "\(outcome)")
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        let locked = try #require(calls.firstIndex { $0.contains("flock(") }, "\(calls)")
        let named = calls.indices.filter { calls[$0].contains(#""emotions.json""#) }
        #expect(named.count == 1 && named.allSatisfy { $0 > locked }, "the data file looked at before the lock: \(calls)")

        let real = sandbox.root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        for suffix in ["", ".journal"] {
            try FileManager.default.moveItem(
                at: URL(fileURLWithPath: sandbox.defaultDataFile.path + suffix), to: real.appendingPathComponent("emotions.json" + suffix))
        }
        try FileManager.default.createSymbolicLink(at: sandbox.defaultDataFile, withDestinationURL: real.appendingPathComponent("emotions.json"))
        expectSuccess(try await sandbox.run("tap", "happy"), stdout: "happy: 2 → 3\n")
        expect(sandbox.text(of: real.appendingPathComponent("emotions.json")), equals: DataFile.text(Counts(happy: 3)))
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("emotions.json.lock").path))
        try expect(FileManager.default.destinationOfSymbolicLink(atPath: sandbox.defaultDataFile.path), equals: real.appendingPathComponent("emotions.json").path)

        // The lock file left beside the link is not the data file's: whoever holds it keeps no update waiting.
        let leftover = sandbox.defaultDataFile.path + ".lock"
        let held = open(leftover, O_RDONLY)
        defer { close(held) }
        expect(flock(held, LOCK_EX | LOCK_NB), equals: 0)
        expectSuccess(try await sandbox.run(["tap", "happy"], timeout: .seconds(5)), stdout: "happy: 3 → 4\n")
        // Nor does anything else put there: a FIFO nobody holds.
        try FileManager.default.removeItem(atPath: leftover)
        try #require(mkfifo(leftover, 0o600) == 0)
        expectSuccess(try await sandbox.run(["tap", "happy"], timeout: .seconds(5)), stdout: "happy: 4 → 5\n")
    }
    #endif

    /// A walk stops at the deepest folder that exists; the journal and day index of the same name
    /// there are another history's, which every read took for this one's (and calendar indexed).
    @Test func aDataFileWhoseFolderIsMissingHasNoHistoryEvenBesideAnotherOfTheSameName() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("--file", "mood.json", "tap", "happy", "happy", "-q"), stdout: "")
        let export = try await sandbox.run("--file", "mood.json", "export")
        try sandbox.write(export.stdout, to: sandbox.root.appendingPathComponent("mood.jsonl"))
        let before = sandbox.contentsOfHome()
        let missing = ["--file", "new/mood.json"]
        expectSuccess(try await sandbox.run(missing + ["stats", "happy"]), stdout: "0\n")
        expectSuccess(try await sandbox.run(missing + ["log"]), stdout: "")
        expectSuccess(try await sandbox.run(missing + ["export"]), stdout: "")
        try expect(await sandbox.run(missing + ["calendar", "--json"]).status, equals: 0)
        try expect(await sandbox.run(missing + ["undo"]).status, equals: 1)
        let dryRun = try await sandbox.run(missing + ["import", sandbox.root.appendingPathComponent("mood.jsonl").path, "--dry-run"])
        expectSuccess(dryRun, stdout: "Would import 2 changes: happy +2.\n")
        expect(sandbox.contentsOfHome(), equals: before, "a read made or changed a file")
    }

    @Test func fileOptionBeatsTheEnvironmentVariableAndXDG() async throws {
        let sandbox = try Sandbox()
        let chosen = sandbox.root.appendingPathComponent("chosen.json")
        let environment = [
            "EMOTIONS_FILE": sandbox.root.appendingPathComponent("from-env.json").path,
            "XDG_CONFIG_HOME": sandbox.root.appendingPathComponent("xdg").path,
        ]
        expectSuccess(try await sandbox.run("tap", "sad", "--file", chosen.path, environment: environment), stdout: "sad: 0 → 1\n")
        expect(sandbox.text(of: chosen), equals: DataFile.text(Counts(sad: 1)))
        #expect(!sandbox.exists(sandbox.root.appendingPathComponent("from-env.json")))
        #expect(!sandbox.exists(sandbox.root.appendingPathComponent("xdg")))
        expect(sandbox.contentsOfHome(), equals: [])

        expectSuccess(try await sandbox.run("stats", "sad", "--file", chosen.path, environment: environment), stdout: "1\n")
    }

    @Test func environmentVariableBeatsXDG() async throws {
        let sandbox = try Sandbox()
        let fromEnvironment = sandbox.root.appendingPathComponent("from-env.json")
        let environment = [
            "EMOTIONS_FILE": fromEnvironment.path, "XDG_CONFIG_HOME": sandbox.root.appendingPathComponent("xdg").path,
        ]
        expectSuccess(try await sandbox.run("tap", "smile", environment: environment), stdout: "smile: 0 → 1\n")
        expect(sandbox.text(of: fromEnvironment), equals: DataFile.text(Counts(smile: 1)))
        #expect(!sandbox.exists(sandbox.root.appendingPathComponent("xdg")))
        expect(sandbox.contentsOfHome(), equals: [])

        expectSuccess(try await sandbox.run("stats", "smile", environment: environment), stdout: "1\n")
    }

    @Test func absoluteXDGConfigHomeBeatsTheConfigFolderOfHome() async throws {
        let sandbox = try Sandbox()
        let xdg = sandbox.root.appendingPathComponent("xdg")
        let environment = ["XDG_CONFIG_HOME": xdg.path]
        expectSuccess(try await sandbox.run("tap", "neutral", environment: environment), stdout: "neutral: 0 → 1\n")
        expect(sandbox.text(of: xdg.appendingPathComponent("emotions/emotions.json")), equals: DataFile.text(Counts(neutral: 1)))
        expect(sandbox.contentsOfHome(), equals: [])

        expectSuccess(try await sandbox.run("stats", "neutral", environment: environment), stdout: "1\n")
        expectSuccess(try await sandbox.run("stats", "neutral"), stdout: "0\n")
    }

    @Test func relativeXDGConfigHomeIsIgnored() async throws {
        let sandbox = try Sandbox()
        expectSuccess(
            try await sandbox.run("tap", "happy", environment: ["XDG_CONFIG_HOME": "relative-xdg"]),
            stdout: "happy: 0 → 1\n")
        expect(sandbox.text(of: sandbox.defaultDataFile), equals: DataFile.text(Counts(happy: 1)))
        #expect(!sandbox.contentsOfHome().contains { $0.hasPrefix("relative-xdg") })
    }

    @Test(arguments: [
        ["--file", "PATH", "tap", "happy"], ["--file=PATH", "tap", "happy"], ["tap", "--file", "PATH", "happy"],
        ["tap", "happy", "--file", "PATH"], ["tap", "happy", "--file=PATH"],
    ])
    func fileOptionWorksBeforeOrAfterTheSubcommandWithOrWithoutEquals(template: [String]) async throws {
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("nested/folder/tally.json")
        let arguments = template.map { $0.replacingOccurrences(of: "PATH", with: file.path) }
        expectSuccess(try await sandbox.run(arguments), stdout: "happy: 0 → 1\n")
        expect(sandbox.text(of: file), equals: DataFile.text(Counts(happy: 1)))
        expect(sandbox.contentsOfHome(), equals: [])

        let statsArguments = arguments.map { $0 == "tap" ? "stats" : $0 }
        expectSuccess(try await sandbox.run(statsArguments), stdout: "1\n")
    }

    // MARK: - Creation

    @Test func firstWriteCreatesThePrivateFolderAndFile() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "-q", "happy"), stdout: "")
        let components = Sandbox.defaultDataFilePath.split(separator: "/")
        for end in components.indices.dropLast() {
            let folder = components[...end].joined(separator: "/")
            try expect(sandbox.permissions(of: sandbox.home.appendingPathComponent(folder)), equals: 0o700, "\(folder)")
        }
        try expect(sandbox.permissions(of: sandbox.defaultDataFile), equals: 0o600)
    }

    @Test func firstWriteWithFileOptionCreatesEveryMissingFolderPrivate() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("a/b/tally.json")
        expectSuccess(try await sandbox.run("tap", "-q", "happy", "--file", file.path), stdout: "")
        try expect(sandbox.permissions(of: sandbox.root.appendingPathComponent("a")), equals: 0o700)
        try expect(sandbox.permissions(of: sandbox.root.appendingPathComponent("a/b")), equals: 0o700)
        try expect(sandbox.permissions(of: file), equals: 0o600)
    }

    @Test(arguments: [["stats"], ["stats", "sad"], ["stats", "--json"], ["stats", "happy", "--json"]])
    func statsNeverCreatesAnything(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let xdg = sandbox.root.appendingPathComponent("xdg")
        let file = sandbox.root.appendingPathComponent("x/y/tally.json")
        let fromEnvironment = sandbox.root.appendingPathComponent("e/tally.json")
        for (extra, environment) in [
            ([String](), [String: String]()), ([], ["XDG_CONFIG_HOME": xdg.path]),
            ([], ["EMOTIONS_FILE": fromEnvironment.path]), (["--file", file.path], [:]),
        ] {
            let outcome = try await sandbox.run(arguments + extra, environment: environment)
            expect(outcome.status, equals: 0, "\(outcome)")
            expect(outcome.stderr, equals: "", "\(outcome)")
        }
        expect(sandbox.contentsOfHome(), equals: [])
        for path in ["xdg", "x", "e"] {
            #expect(!sandbox.exists(sandbox.root.appendingPathComponent(path)), "stats created \(path)")
        }
    }

    // MARK: - Contents

    @Test func unknownKeysArePreservedOnRewrite() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            #"{"note": "keep me", "version": 1, "counts": {"happy": 2, "custom": 7}, "extra": [1, {"a": null}]}"#,
            to: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("tap", "happy", "sad"), stdout: "happy: 2 → 3\nsad: 0 → 1\n")
        let object = try #require(DataFile.object(sandbox.text()), "\(sandbox.text() ?? "no file")")
        expect(object["note"] as? String, equals: "keep me")
        expect(object["version"] as? Int, equals: 1)
        let extra = try #require(object["extra"] as? [Any])
        expect(extra.count, equals: 2)
        expect(extra.first as? Int, equals: 1)
        #expect((extra.last as? [String: Any])?["a"] is NSNull)
        let counts = try #require(object["counts"] as? [String: Any])
        expect(counts["custom"] as? Int, equals: 7)
        expect(DataFile.counts(sandbox.text()), equals: Counts(happy: 3, sad: 1))
        expect(Set(object.keys), equals: ["note", "version", "counts", "extra"])
    }

    @Test func missingCountsAreZero() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(#"{"version": 1, "counts": {"sad": 4}}"#, to: sandbox.defaultDataFile)
        expectSuccess(
            try await sandbox.run("stats", "--json"),
            stdout: #"{"counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 4}, "total": 4}"# + "\n")
        expectSuccess(try await sandbox.run("tap", "happy"), stdout: "happy: 0 → 1\n")
        #expect(DataFile.counts(sandbox.text()) == Counts(happy: 1, sad: 4), "\(sandbox.text() ?? "no file")")
        expect(DataFile.object(sandbox.text())?["version"] as? Int, equals: 1)
    }

    @Test(arguments: ["{}", "{}\n", #"{"version": 1}"#, #"{"counts": {}}"#, " \n{ }\n "])
    func anEmptyObjectIsAnEmptyTally(text: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write(text, to: sandbox.defaultDataFile)
        expectSuccess(
            try await sandbox.run("stats", "--json"),
            stdout: #"{"counts": {"happy": 0, "smile": 0, "neutral": 0, "upset": 0, "sad": 0}, "total": 0}"# + "\n")
        expectSuccess(try await sandbox.run("tap", "neutral"), stdout: "neutral: 0 → 1\n")
        #expect(DataFile.counts(sandbox.text()) == Counts(neutral: 1), "\(sandbox.text() ?? "no file")")
        expect(DataFile.object(sandbox.text())?["version"] as? Int, equals: 1)
    }

    static let unusableFiles: [(label: String, text: String)] = [
        ("not JSON", "not json"),
        ("empty", ""),
        ("truncated", #"{"version": 1, "counts": {"happy": 3"#),
        ("trailing garbage", #"{"counts": {}} x"#),
        ("count is a string", #"{"version": 1, "counts": {"happy": "3"}}"#),
        ("count is a fraction", #"{"version": 1, "counts": {"smile": 1.5}}"#),
        ("count is null", #"{"version": 1, "counts": {"sad": null}}"#),
        ("count is negative", #"{"version": 1, "counts": {"upset": -1}}"#),
        ("count past Int.max", #"{"version": 1, "counts": {"happy": 9223372036854775808}}"#),
        ("total past Int.max", #"{"version": 1, "counts": {"happy": 9223372036854775807, "sad": 1}}"#),
        ("counts is an array", #"{"version": 1, "counts": [1, 2]}"#),
        ("version is a string", #"{"version": "1", "counts": {}}"#),
        ("newer version", #"{"version": 2, "counts": {"happy": 1}}"#),
        ("array", "[1, 2]"),
        ("string", #""happy""#),
        ("number", "42"),
        ("null", "null"),
    ]

    @Test(arguments: unusableFiles)
    func anUnusableDataFileIsRefusedAndLeftExactlyAsItWas(label: String, text: String) async throws {
        let sandbox = try Sandbox()
        let file = sandbox.defaultDataFile
        try sandbox.write(text, to: file)
        let before = sandbox.bytes(of: file)
        for arguments in [["tap", "happy"], ["add", "sad", "1"], ["reset", "--all"], ["stats"], ["stats", "--json"]] {
            let outcome = try await sandbox.run(arguments)
            expectFailure(outcome, status: 65, mentioning: [file.path])
            expect(sandbox.bytes(of: file), equals: before, "\(label): \(outcome.commandLine) changed the file")
        }
        let folder = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        expect(folder.filter { !$0.hasSuffix(".lock") }, equals: ["emotions.json"], "left behind: \(folder)")
    }
}
