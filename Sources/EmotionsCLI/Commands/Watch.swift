import EmotionKit

/// `emotions watch [EMOTION...] [--json] [--initial]`: prints every change any process makes, until interrupted.
struct Watch: Subcommand {
    static let name = "watch"

    static let spec = CommandSpec(
        name: name,
        abstract: "Print every change to the counts as it happens, until interrupted.",
        discussion: "Changes made by any process are printed as tap prints them, one line each, at once "
            + "(also into a pipe). With emotions named, only theirs. --initial first prints the current counts "
            + "(\"happy: 3\"). Ctrl-C (SIGINT) or SIGTERM ends it with status 0. A data file that cannot be read "
            + "is reported on standard error, and watching goes on. It waits on file notifications and uses no CPU "
            + "while nothing changes; the file and its folder need not exist yet.",
        arguments: [Arguments.emotion(isOptional: true, isRepeating: true, help: "Show only changes of these emotions.")],
        options: [
            OptionSpec(long: "json", help: "Print each change as a JSON object on a line of its own."),
            OptionSpec(long: "initial", help: "First print the current counts, one line per emotion."),
        ] + GlobalOptions.specs,
        examples: [
            "emotions watch", "emotions watch sad --initial",
            "emotions watch sad --json | while read -r line; do notify-send \"$line\"; done",
        ])

    let emotions: [Emotion]
    let format: ChangeFormat
    let showsInitial: Bool
    let color: ColorChoice
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var emotions: [Emotion] = []
        for name in arguments.values(of: "emotion") {
            let emotion = try Arguments.emotion(name)
            if !emotions.contains(emotion) { emotions.append(emotion) }
        }
        self.emotions = emotions.isEmpty ? Array(Emotion.allCases) : emotions
        format = arguments.has("json") ? .json : .text
        showsInitial = arguments.has("initial")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    func run(in context: Context) throws {
        let store = try store.makeSyncedStore(context: context)
        // Before the watching thread starts, so that only the wait below takes these signals.
        let interruption = Interruption.begin()
        let terminal = context.terminal
        let watching = try store.watch { problem in
            terminal.printError("Error: \(Watch.describe(problem))")
        }
        defer { watching.cancel() }
        let style = format == .text ? OutputStyle(color: color, context: context) : .plain
        let printer = ChangePrinter(format: format, style: style, terminal: terminal, showsHistory: true)
        let options: ObservationOptions = showsInitial ? [.initial, .old, .new] : [.old, .new]
        let observation = try store.observe(emotions, options: options, printer.print)
        defer { observation.cancel() }
        if try store.historyNames() != nil { Watch.takeInEverySecond(store, terminal: terminal) }
        interruption.wait()
    }

    /// Looks in the sync folder each second, and takes in what arrived there: its changes reach the
    /// printer as changes from elsewhere. Nothing is read when nothing grew; a warning is printed
    /// once, not each second, until it changes.
    static func takeInEverySecond(_ store: TallyStore, terminal: Terminal) {
        try? Thread.startDetached {
            var said: [String] = []
            while true {
                Syscall.sleep(.seconds(1))
                var warnings: [String]
                do {
                    warnings = try store.takeInIfSynced()?.warnings ?? said
                } catch {
                    warnings = ["could not take in what the sync folder holds: \(error)"]
                }
                for warning in warnings where !said.contains(warning) {
                    terminal.printError("Warning: " + ControlCharacters.escaped(in: warning))
                }
                said = warnings
            }
        }
    }

    /// A problem met while watching, said as such: nothing was being changed, and watching goes on.
    static func describe(_ problem: StoreError) -> String {
        guard case let .unreadableDataFile(path, reason) = problem else { return "\(problem.explanation) Still watching." }
        return "The data file \(path) cannot be read: \(reason). Fix or move the file; still watching."
    }
}
