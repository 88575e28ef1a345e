import Foundation
import Testing

/// A bare git repository and clones of it, each a machine that keeps the sync folder in git: for the
/// tests of `emotions sync --folder` with a git remote in place of a file syncer.
///
/// Everything is in one temporary folder, removed when released. Git runs with that folder's own
/// HOME and no system configuration, so nothing of the machine's git setup counts; each clone has its
/// own `user.name` and `user.email`, and automatic garbage collection off (it would leave a process
/// running behind the test). The remote starts with one empty commit on `main`, so every clone has a
/// branch to pull from at once.
final class GitRemote {
    /// The whole temporary folder.
    let root: URL
    /// The bare repository every clone pulls from and pushes to.
    let bare: URL
    /// The clones' work trees, "machine 1" first.
    let clones: [URL]
    private let executable: URL

    /// Whether `git` is on `PATH`.
    static var isInstalled: Bool { Shells.isInstalled("git") }

    /// What one `syncRound(clone:)` did.
    struct Round: Sendable, CustomStringConvertible {
        /// Whether there was anything to commit, so a commit was made.
        let committed: Bool
        /// The files `git pull --rebase` could not merge; empty when it had no conflict. After a
        /// conflict the rebase is aborted, so the clone is as it was before the pull.
        let conflicts: [String]
        /// Every git command run and what it printed, for a message.
        let transcript: String

        /// Whether the pull met a conflict.
        var conflicted: Bool { !conflicts.isEmpty }

        var description: String {
            "committed: \(committed), conflicts: \(conflicts)\n\(transcript)"
        }
    }

    /// Creates the bare repository with its first commit and `count` clones of it.
    ///
    /// - Throws: `GitRemote.Failure.notInstalled` without `git` (a test needing it fails under CI,
    ///   never skips), `.commandFailed` when a git command does.
    init(clones count: Int = 2) async throws {
        guard let executable = Shells.find("git") else { throw Failure.notInstalled }
        self.executable = executable
        self.root = FileManager.default.temporaryDirectory
            .appendingPathComponent("emotions-git-\(UUID().uuidString)", isDirectory: true)
        let root = root
        bare = root.appendingPathComponent("remote.git", isDirectory: true)
        clones = (1...max(count, 1)).map { root.appendingPathComponent("machine-\($0)", isDirectory: true) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("home", isDirectory: true), withIntermediateDirectories: true)
        try await git(["init", "-q", "--bare", "--initial-branch=main", bare.path], in: root)
        for (index, clone) in clones.enumerated() {
            try await git(["clone", "-q", bare.path, clone.path], in: root)
            for (key, value) in [
                ("user.name", "Machine \(index + 1)"), ("user.email", "machine\(index + 1)@example.invalid"),
                ("gc.auto", "0"), ("maintenance.auto", "false"), ("commit.gpgSign", "false"),
                ("pull.rebase", "true"), ("core.autocrlf", "false"),
            ] {
                try await git(["config", key, value], in: clone)
            }
            if index == 0 {
                try await git(["symbolic-ref", "HEAD", "refs/heads/main"], in: clone)
                try await git(["commit", "-q", "--allow-empty", "-m", "Start"], in: clone)
                try await git(["push", "-q", "-u", "origin", "main"], in: clone)
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// What a machine does after `emotions sync`: `git add -A`, `git commit` (when there is anything
    /// to commit), `git pull --rebase`, `git push`.
    ///
    /// A push refused because another clone pushed first is retried after another pull, up to three
    /// times, as a person would; that is not a conflict. A conflict in the pull is reported, not thrown.
    ///
    /// - Throws: `GitRemote.Failure.commandFailed` when a command fails other than by a conflict.
    func syncRound(clone index: Int, message: String = "Sync") async throws -> Round {
        let clone = clones[index]
        var transcript: [Outcome] = []
        transcript.append(try await git(["add", "-A"], in: clone))
        let staged = try await git(["diff", "--cached", "--quiet"], in: clone, allowing: [1])
        let committed = staged.status == 1
        if committed { transcript.append(try await git(["commit", "-q", "-m", message], in: clone)) }
        for attempt in 1...3 {
            let pull = try await git(["pull", "-q", "--rebase"], in: clone, allowing: [1, 128])
            transcript.append(pull)
            if pull.status != 0 {
                let conflicts = try await unmergedFiles(in: clone)
                guard !conflicts.isEmpty else { throw Failure.commandFailed(pull) }
                transcript.append(try await git(["rebase", "--abort"], in: clone))
                return Round(committed: committed, conflicts: conflicts, transcript: Self.text(of: transcript))
            }
            let push = try await git(["push", "-q"], in: clone, allowing: attempt < 3 ? [1] : [])
            transcript.append(push)
            if push.status == 0 { break }
        }
        return Round(committed: committed, conflicts: [], transcript: Self.text(of: transcript))
    }

    /// The commit `HEAD` names in the clone `index`.
    func head(of index: Int) async throws -> String {
        try await git(["rev-parse", "HEAD"], in: clones[index]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the clone `index` has nothing uncommitted and nothing unpushed.
    func isClean(_ index: Int) async throws -> Bool {
        let status = try await git(["status", "--porcelain"], in: clones[index])
        let ahead = try await git(["rev-list", "--count", "@{upstream}..HEAD"], in: clones[index])
        return status.stdout.isEmpty && ahead.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    }

    // MARK: - Running git

    /// Runs git with `arguments` in `folder`; an exit status other than 0 and `allowing` throws.
    @discardableResult
    func git(_ arguments: [String], in folder: URL, allowing statuses: Set<Int32> = []) async throws -> Outcome {
        let outcome = try await Emotions.run(
            arguments, environment: environment, directory: folder, captureFolder: root, executable: executable)
        guard outcome.status == 0 || statuses.contains(outcome.status) else { throw Failure.commandFailed(outcome) }
        return outcome
    }

    /// Git's whole environment: the temporary HOME, no system configuration, no prompt, fixed language.
    private var environment: [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": root.appendingPathComponent("home").path, "LANG": "C",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_EDITOR": "true",
        ]
    }

    /// The files a stopped rebase left unmerged.
    private func unmergedFiles(in clone: URL) async throws -> [String] {
        let listed = try await git(["diff", "--name-only", "--diff-filter=U"], in: clone)
        return listed.stdout.split(separator: "\n").map(String.init)
    }

    private static func text(of outcomes: [Outcome]) -> String {
        outcomes.map { "git" + $0.commandLine.dropFirst("emotions".count) + " → \($0.status)\($0.stdout)\($0.stderr)" }
            .joined(separator: "\n")
    }

    /// Why the remote or a clone could not do what a test asked; each fails the test.
    enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case commandFailed(Outcome)

        var description: String {
            switch self {
            case .notInstalled:
                "git is not installed: install it (apt-get install git) to run the sync tests."
            case let .commandFailed(outcome):
                "git failed: git\(outcome.commandLine.dropFirst("emotions".count)) exited \(outcome.status)\n"
                    + outcome.stdout + outcome.stderr
            }
        }
    }
}
