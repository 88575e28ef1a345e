/// Runs the hooks in a folder after a committed change: each in turn, in name order, each waited for.
///
/// A hook gets the change three ways: as arguments (`sad 4 5`), as one line of JSON on its standard
/// input (`{"emotion": "sad", "old": 4, "new": 5, "file": "/home/me/mood.json"}`), and as the
/// variables `EMOTIONS_EMOTION`, `EMOTIONS_OLD`, `EMOTIONS_NEW`, `EMOTIONS_FILE` (the data file's
/// absolute path) and `EMOTIONS_TAGS` (the change's tags separated by spaces, `friends gym`, empty
/// for none; its standard input's object has them as `"tags"`); it is told its own absolute path as `EMOTIONS_HOOK` and its depth as
/// `EMOTIONS_HOOK_DEPTH`. These replace any of the same names it would inherit. It runs in our
/// working directory; see `HookProcess` for its descriptors and process group.
///
/// Never prints and never throws: a hook that fails or runs out of time, a folder that cannot be
/// read, a folder or hook someone else could change, and hooks nested too deep, are handed back as
/// `HookProblem`s. Call it only after the changes are committed and the store's lock released,
/// with what `TallyStore.apply` returned, so that a slow hook holds up no writer.
public struct HookRunner: Sendable {
    /// The names of the variables a hook is given, which replace any of the same name it would inherit.
    public static let variableNames = [
        "EMOTIONS_EMOTION", "EMOTIONS_OLD", "EMOTIONS_NEW", "EMOTIONS_FILE", "EMOTIONS_HOOK", "EMOTIONS_HOOK_DEPTH",
        "EMOTIONS_TAGS",
    ]

    /// Where the hooks are.
    public let folder: HookFolder
    /// The data file's path as the store has it; hooks are given it made absolute.
    public let dataFile: String
    /// How long each hook may run before it is stopped.
    public let timeout: Duration
    /// How deeply these hooks would be nested in others.
    public let depth: HookDepth
    /// The `NAME=value` entries hooks inherit, or `nil` for this process's own environment.
    private let environment: [String]?

    /// A runner for the hooks in `folder` after changes to `dataFile`.
    ///
    /// - Parameters:
    ///   - folder: Where the hooks are.
    ///   - dataFile: The data file's path as the store has it; hooks are given it made absolute.
    ///   - timeout: How long each hook may run before it is stopped.
    ///   - depth: How deeply this process runs inside hooks: `EMOTIONS_HOOK_DEPTH`'s, for a command.
    ///   - environment: The `NAME=value` entries hooks inherit; by default this process's own, read
    ///     byte for byte when a hook starts.
    public init(
        folder: HookFolder, dataFile: String, timeout: Duration = .seconds(10), depth: HookDepth = .top,
        environment: [String]? = nil
    ) {
        self.folder = folder
        self.dataFile = dataFile
        self.timeout = timeout
        self.depth = depth
        self.environment = environment
    }

    /// Whether running hooks may do anything: the folder holds a hook, or cannot be judged without
    /// saying why. When it is `false`, a caller need not gather the changes to run them for.
    public var mayRunHooks: Bool {
        (try? folder.hooks())?.isEmpty != true
    }

    /// Runs every hook in the folder for each of `changes` in turn, telling `report` of each problem
    /// as soon as it happens.
    ///
    /// Lists the folder, and judges whether it and each hook are trusted, once for all the changes;
    /// with no changes it does not even list it. When the folder does not exist, that is all this does.
    /// A folder or hook that is not trusted (see `HookFolder.hooks()`) is reported once and not run.
    /// At a depth that allows no hooks, none runs, and if there were any to run that is reported once.
    public func run(for changes: [Change], reporting report: (HookProblem) -> Void) {
        run(count: changes.count, changes: { changes }, events: [], reporting: report)
    }

    /// Runs every hook for each event's change, as `run(for:reporting:)` does; a hook's standard
    /// input also carries the event's `at`, `command` and `note`:
    /// `{"emotion": "sad", "old": 4, "new": 5, "at": "2026-11-23T21:04:05.123+09:00", "command": "tap", "file": …}`.
    public func run(for events: [JournalEvent], reporting report: (HookProblem) -> Void) {
        run(count: events.count, changes: { events.map(\.change) }, events: events, reporting: report)
    }

    /// Runs the hooks for the `count` changes that `listChanges` gives, the history of `events[i]` (if
    /// given) added to the input of the `i`th change.
    ///
    /// The changes are listed only once the folder turns out to hold hooks or to be in the way: a tap
    /// with no hooks folder never builds an array of `Change`, whose runtime metadata would cost it.
    private func run(
        count: Int, changes listChanges: () -> [Change], events: [JournalEvent], reporting report: (HookProblem) -> Void
    ) {
        guard count > 0 else { return }
        let hooks: [Hook]
        do {
            hooks = try folder.hooks()
        } catch {
            let changes = listChanges()
            switch error {
            case let .unreadable(error): report(.unreadableFolder(error, changes: changes))
            case let .untrusted(distrust): report(.untrustedFolder(path: folder.path, distrust, changes: changes))
            case let .untrustedPath(distrust): report(.untrustedFolderPath(path: folder.path, distrust, changes: changes))
            }
            return
        }
        guard !hooks.isEmpty else { return }
        let changes = listChanges()
        for hook in hooks {
            if let distrust = hook.pathDistrust {
                report(.untrustedHookPath(path: hook.shownPath, distrust, changes: changes))
            } else if let distrust = hook.distrust {
                report(.untrustedHook(path: hook.shownPath, distrust, changes: changes))
            }
        }
        let trusted = hooks.filter(\.isTrusted)
        guard !trusted.isEmpty else { return }
        guard depth.allowsHooks else {
            report(.tooDeep(depth, changes: changes))
            return
        }
        for (index, change) in changes.enumerated() {
            for hook in trusted {
                let event = index < events.count ? events[index] : nil
                let outcome = run(hook, for: change, details: event?.historyMembers ?? [], tags: event?.tags ?? [])
                if !outcome.succeeded { report(.hookFailed(hook: hook.name, outcome, change: change)) }
            }
        }
    }

    /// Runs one hook for `change` and returns how it ended: from the file it holds open, which is
    /// what was judged; a hook that is not trusted is not started (`EPERM`).
    public func run(_ hook: Hook, for change: Change) -> HookOutcome {
        run(hook, for: change, details: [], tags: [])
    }

    /// Runs one hook for `change`, its standard input's object holding `details` before `file`.
    private func run(_ hook: Hook, for change: Change, details: [(key: String, value: JSONValue)], tags: [Tag]) -> HookOutcome {
        guard hook.isTrusted, let file = hook.file else { return .notStarted(errno: Errno.notPermitted) }
        let dataFile = HookRunner.absolute(self.dataFile)
        let input = change.json(adding: details + [("file", .string(dataFile))])
        return HookProcess.run(
            file.descriptor, path: hook.absolutePath,
            arguments: [change.emotion.name, String(change.old), String(change.new)],
            environment: environment(for: change, file: dataFile, hook: hook.absolutePath, tags: tags),
            input: Array((input.serialized(pretty: false) + "\n").utf8), timeout: timeout,
            group: depth.isNested ? .inherited : .own)
    }

    /// The inherited entries without any of `variableNames`, then those for `change` and `hook`.
    private func environment(for change: Change, file: String, hook: [UInt8], tags: [Tag]) -> [[UInt8]] {
        let inherited = environment.map { $0.map { Array($0.utf8) } } ?? ProcessEnvironment.entryBytes()
        let replaced = HookRunner.variableNames.map { Array(($0 + "=").utf8) }
        // In the order of `variableNames`; the hook's path as bytes, as its name need not be UTF-8.
        let values: [[UInt8]] =
            [change.emotion.name, String(change.old), String(change.new), file].map { Array($0.utf8) }
            + [hook, Array(String(depth.next).utf8), Array(tags.map(\.name).joined(separator: " ").utf8)]
        return inherited.filter { entry in !replaced.contains { entry.starts(with: $0) } }
            + zip(replaced, values).map { $0 + $1 }
    }

    /// `path` if it is absolute, else the working directory, a slash and `path` without a leading `./`;
    /// `path` as it is if the working directory cannot be told (it was removed).
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let folder = PathWalk.workingDirectory() else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") {
            relative = relative.dropFirst(2).drop { $0 == "/" }
        }
        return DataPath(folder).child(String(relative)).string
    }
}
