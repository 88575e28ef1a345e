import EmotionKit

/// Whether the commands that change counts run hooks (`--no-hooks`), and the environment's say on
/// where they are (`EMOTIONS_HOOKS_DIR`), how long each may take (`EMOTIONS_HOOK_TIMEOUT`) and how
/// deeply this runs inside hooks (`EMOTIONS_HOOK_DEPTH`, which the runner sets for each hook).
struct HookOptions: Equatable, Sendable {
    /// Their specs, for a command's option list.
    static let specs = [OptionSpec(long: "no-hooks", help: "Skip the hooks that would run after each change.")]

    /// How long a hook may run when `EMOTIONS_HOOK_TIMEOUT` is not set.
    static let defaultTimeout = Duration.seconds(10)

    /// Whether `--no-hooks` was given.
    let areSkipped: Bool

    /// Reads `--no-hooks` from parsed words.
    init(_ arguments: ParsedArguments) {
        areSkipped = arguments.has("no-hooks")
    }

    /// The runner for the hooks of `store`'s changes, or `nil` with `--no-hooks`.
    ///
    /// - Throws: `UsageError.invalidEnvironment` for an unusable `EMOTIONS_HOOK_TIMEOUT`, with
    ///   `--no-hooks` too, as an unusable `EMOTIONS_LOCK_TIMEOUT` is refused by commands that take no lock.
    func makeRunner(for store: TallyStore, environment: Environment) throws(UsageError) -> HookRunner? {
        let timeout = try environment.duration(inSeconds: "EMOTIONS_HOOK_TIMEOUT", default: HookOptions.defaultTimeout)
        guard !areSkipped else { return nil }
        let folder = HookFolder(forDataFile: store.path, explicitPath: environment["EMOTIONS_HOOKS_DIR"])
        let depth = HookDepth(variable: environment["EMOTIONS_HOOK_DEPTH"])
        return HookRunner(folder: folder, dataFile: store.path, timeout: timeout, depth: depth)
    }
}
