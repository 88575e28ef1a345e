import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another user shaping the paths the binary walks, for real: links planted before the run and
/// swapped during it, by a process running as that user. No file outside what that user could touch
/// may change owner, mode or bytes, and nothing may be created where they point.
@Suite(.enabled(if: Sandbox.testsRunAsRoot, "the attacks need a second user, made with setpriv as root"))
struct SafetyTests {
    /// A folder only root may change, holding a file that stands for /etc/shadow.
    private struct Protected {
        let folder: URL
        let file: URL

        init(in sandbox: Sandbox) throws {
            folder = sandbox.root.appendingPathComponent("protected")
            file = folder.appendingPathComponent("shadow")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try Data("root:$6$secret:19000::::::\n".utf8).write(to: file)
            expect(chmod(file.path, 0o640), equals: 0)
        }

        /// The folder's names, and the file's bytes, owner and mode.
        var snapshot: [String] {
            var status = stat()
            _ = lstat(file.path, &status)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
            let bytes = (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } ?? "missing"
            return names + [bytes, "owner \(status.st_uid)", "mode \(String(status.st_mode, radix: 8))"]
        }
    }

    /// A folder `id` owns, mode `mode`, at `name` in the sandbox.
    private func folder(_ name: String, in sandbox: Sandbox, ownedBy id: UInt32, mode: mode_t) throws -> URL {
        let folder = sandbox.root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(chown(folder.path, id, id) == 0 && chmod(folder.path, mode) == 0)
        return folder
    }

    @Test func sudoWithTheUsersHomeRunsIntoNoneOfTheLinksTheyPlanted() async throws {
        let sandbox = try Sandbox()
        let protected = try Protected(in: sandbox)
        let before = protected.snapshot
        let user = Attacker(id: Sandbox.unprivilegedID)
        expect(chown(sandbox.home.path, user.id, user.id), equals: 0)
        let config = sandbox.home.path + "/.config/emotions"
        // The lock file linked to a protected file (root would open it O_CREAT and give it to the
        // user), and the data file a dangling link to a file root would create.
        try user.run(
            "mkdir -p '\(config)' && ln -s '\(protected.file.path)' '\(config)/emotions.json.lock'"
                + " && ln -s '\(protected.folder.path)/nologin' '\(config)/emotions.json'")
        for arguments in [["tap", "happy"], ["add", "sad", "3"], ["reset", "--all"], ["stats"]] {
            expectFailure(try await sandbox.run(arguments), status: 77, mentioning: [config, "nothing was changed"])
        }
        expect(protected.snapshot, equals: before)
    }

    @Test func aUserIsNotLedByAnotherUsersLinksInASharedFolder() async throws {
        let sandbox = try Sandbox()
        let attacker = Attacker()
        let victim = Sandbox.unprivilegedID
        let shared = try folder("shared", in: sandbox, ownedBy: attacker.id, mode: 0o777)
        let own = try folder("victim", in: sandbox, ownedBy: victim, mode: 0o700)
        let diary = own.appendingPathComponent("diary.json")
        try Data(#"{"version": 1, "counts": {"happy": 7}}"#.utf8).write(to: diary)
        expect(chown(diary.path, victim, victim), equals: 0)
        let diaryBefore = try Data(contentsOf: diary)
        let mood = shared.appendingPathComponent("mood.json").path

        // The data file: a link to the victim's own tally, which the victim would rewrite.
        try attacker.run("ln -s '\(diary.path)' '\(mood)'")
        expectFailure(
            try await sandbox.runUnprivileged("--file", mood, "tap", "happy"), status: 77,
            mentioning: [mood, "user 4321 owns", "--file"])

        // The lock file: a dangling link where the victim would create a file of the attacker's choosing.
        let planted = own.appendingPathComponent("created.sh").path
        try attacker.run("rm '\(mood)' && echo '{}' > '\(mood)' && chmod 666 '\(mood)' && ln -s '\(planted)' '\(mood).lock'")
        expectFailure(
            try await sandbox.runUnprivileged("--file", mood, "tap", "happy"), status: 77,
            mentioning: [mood + ".lock", "symbolic link"])
        #expect(!FileManager.default.fileExists(atPath: planted))
        try expect(Data(contentsOf: diary), equals: diaryBefore)
    }

    @Test func aFolderSwappedForALinkDuringTapsNeverSendsRootsWritesElsewhere() async throws {
        let sandbox = try Sandbox()
        let protected = try Protected(in: sandbox)
        let before = protected.snapshot
        let attacker = Attacker(id: Sandbox.unprivilegedID)
        let public_ = try folder("public", in: sandbox, ownedBy: attacker.id, mode: 0o755)
        let data = public_.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
        let file = data.appendingPathComponent("emotions.json")
        try sandbox.writeDataFile(Counts(), to: file)
        // Renaming root's folder within their own is allowed: it needs no write permission on it.
        let swapping = try attacker.start(
            "cd '\(public_.path)' && while :; do mv data held && ln -s ../protected data && rm data && mv held data; done")
        var saved = 0
        var refused = 0
        for _ in 0..<40 {
            let outcome = try await sandbox.run("--file", file.path, "tap", "happy", "-q")
            switch outcome.status {
            case 0: saved += 1
            case 77: refused += 1
            default: Issue.record("neither saved nor refused as unsafe: \(outcome)")
            }
        }
        swapping.terminate()
        swapping.waitUntilExit()
        try attacker.run("cd '\(public_.path)' && { [ -d held ] && rm -f data && mv held data || true; }")
        expect(protected.snapshot, equals: before, "root wrote through the swapped-in link")
        expect(sandbox.text(of: file), equals: DataFile.text(Counts(happy: saved)), "\(saved) saved, \(refused) refused")
    }
}
