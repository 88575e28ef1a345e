import EmotionKit

/// The options every subcommand shares for choosing the data file.
struct StoreOptions: Equatable, Sendable {
    /// Their specs, for a command's option list.
    static let specs = [
        OptionSpec(
            long: "file", valueName: "path",
            help: "The data file to use; overrides EMOTIONS_FILE and the default place.")
    ]

    /// The options among them that take a path, as typed: `--file`.
    static var pathOptions: [String] {
        specs.filter { $0.completion == .paths }.map { "--\($0.long)" }
    }

    /// The lock wait when `EMOTIONS_LOCK_TIMEOUT` is not set.
    static let defaultLockTimeout = Duration.seconds(10)

    /// The path given with `--file`, if any.
    let file: String?

    /// Reads `--file` from parsed words.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let file = arguments.value(ofOption: "file"), file.isEmpty {
            throw .invalidValue(file, option: "--file", reason: "a path cannot be empty")
        }
        file = arguments.value(ofOption: "file")
    }

    /// The store these options and the environment choose.
    ///
    /// - Throws: `UsageError.invalidEnvironment` for an unusable `EMOTIONS_LOCK_TIMEOUT`, or a
    ///   `TZ` that names something other than a time zone file (which every command with a store
    ///   reads times in); `StoreError.noHomeFolder` if there is nowhere to put the file.
    func makeStore(environment: Environment, terminal: Terminal? = nil) throws -> TallyStore {
        if let problem = SystemTime.timeZoneProblem {
            throw UsageError.invalidEnvironment(name: "TZ", value: problem.variable, reason: problem.reason)
        }
        let path = try DataLocation.path(explicitPath: file) { environment[$0] }
        let lockTimeout = try environment.duration(
            inSeconds: "EMOTIONS_LOCK_TIMEOUT", default: StoreOptions.defaultLockTimeout)
        let terminal = terminal
        // The command line owns its process, so a writer that finds the lock taken may wait for it in
        // the kernel, as a C program would (`FileSystem.liveOwningProcess`), rather than poll.
        return TallyStore(path: path, lockTimeout: lockTimeout, fileSystem: .liveOwningProcess, syncWarnings: { warning in
            terminal?.printError("Warning: " + ControlCharacters.escaped(in: warning))
        })
    }

    /// The store, after taking in what its sync folder holds that it lacks, if it syncs and something
    /// there grew: what every command that reads counts does first. A sync that fails is a warning on
    /// `context`'s standard error, not a failure: the command reads what the history holds.
    func makeSyncedStore(context: Context) throws -> TallyStore {
        try makeSyncedStoreReading(context: context).store
    }

    /// `makeSyncedStore(context:)`, with the counts its look at the sync folder read when it took
    /// nothing in (`SyncCheck.counts`): a command that shows counts reads the data file once.
    func makeSyncedStoreReading(context: Context) throws -> (store: TallyStore, counts: Tally?) {
        let store = try makeStore(environment: context.environment, terminal: context.terminal)
        do {
            let check = try store.checkSync()
            for warning in check.report?.warnings ?? [] {
                context.terminal.printError("Warning: " + ControlCharacters.escaped(in: warning))
            }
            return (store, check.counts)
        } catch {
            context.terminal.printError("Warning: could not take in what the sync folder holds: \(error)")
            return (store, nil)
        }
    }
}
