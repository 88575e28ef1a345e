import EmotionKit

/// `emotions sync`: keep one history on every machine through a folder a sync tool shares.
struct Sync: Subcommand {
    static let name = "sync"

    static let spec = CommandSpec(
        name: name,
        abstract: "Sync this history with others through a folder your sync tool shares.",
        discussion: "Each history writes only its own file in the folder, <id>.jsonl, and reads the others', so Syncthing, "
            + "Dropbox, Nextcloud or a git repository carry it without a conflict. Once a folder is set, every command "
            + "takes in what arrived before it reads counts, and every change is sent as it is made; 'sync' alone does "
            + "both now. Counts depend only on which changes a history holds, never on the order they arrived in or on "
            + "any clock.",
        options: [
            OptionSpec(long: "folder", valueName: "path", help: "Sync with this folder from now on (set or move it), and sync now."),
            OptionSpec(long: "name", valueName: "name", help: "The name this history goes by in other histories' logs (default: the host name)."),
            OptionSpec(long: "stop", help: "Stop syncing: forget the folder. Nothing this history holds is lost."),
            OptionSpec(long: "json", help: "Print what the sync did as one JSON object."),
        ] + GlobalOptions.specs,
        examples: ["emotions sync --folder ~/Sync/emotions", "emotions sync", "emotions sync --json", "emotions sync --stop"])

    let request: SyncRequest
    let json: Bool
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        store = try StoreOptions(arguments)
        json = arguments.has("json")
        let folder = arguments.value(ofOption: "folder")
        let name = arguments.value(ofOption: "name")
        if arguments.has("stop") {
            if folder != nil { throw .conflictingOptions("--stop", "--folder") }
            if name != nil { throw .conflictingOptions("--stop", "--name") }
            request = .stop
        } else if let folder {
            guard !folder.isEmpty else { throw .invalidValue(folder, option: "--folder", reason: "a path cannot be empty") }
            request = .folder(folder, name: name)
        } else {
            if let name { throw .invalidValue(name, option: "--name", reason: "a name is given with --folder") }
            request = .now
        }
    }

    func run(in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        let made = try store.makeStore(environment: context.environment)
        var request = request
        if case let .folder(path, name) = request, !path.hasPrefix("/") {
            guard let directory = Syscall.workingDirectory() else { throw SyncError.relativeFolder(path) }
            request = .folder(directory + "/" + path, name: name)
        }
        let report = try made.sync(request)
        guard let report else {
            if json {
                context.terminal.print("{\"syncing\": false}")
            } else {
                context.terminal.print("Stopped syncing; this history keeps everything it holds.")
            }
            return
        }
        for warning in report.warnings {
            context.terminal.printError("Warning: " + ControlCharacters.escaped(in: warning))
        }
        context.terminal.print(json ? SyncSummary.json(report) : SyncSummary.text(report))
    }
}
