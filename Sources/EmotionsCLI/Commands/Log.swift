import EmotionKit

/// `emotions log [EMOTION...] [RANGE] [-n N] [--json] [--no-pager]`: the history of changes, RANGE as
/// `RangeOptions` reads it, through a pager on a terminal.
struct Log: Subcommand {
    static let name = "log"

    static let spec = CommandSpec(
        name: name,
        abstract: "Show the history of changes, oldest first.",
        discussion: "Each line shows the date and time the change is placed at, on the clock where it was made; the "
            + "short id of its command, which undo takes; the emotion and what the change did, signed with ASCII + or - "
            + "(sad +1, happy reset -3); for an undo or redo, the command it took back or made again (undo of "
            + "01KAT8FW5X); when a backdated change was recorded; its note; and (undone) last if its command was "
            + "undone and not redone. "
            + "Changes are listed by the time they are placed at (--at), ties in the order they were made. "
            + RangeOptions.discussion + " "
            + "On a terminal the output goes through $PAGER, else less (with LESS=FRX unless LESS is set, so a "
            + "short log is printed as it is); PAGER empty or cat, a pipe, or --no-pager write it straight out.",
        arguments: [Arguments.emotion(isOptional: true, isRepeating: true, help: "Show only changes of these emotions.")],
        options: RangeOptions.specs + [
            OptionSpec(long: "count", short: "n", valueName: "n", help: "Show only the last N changes."),
            OptionSpec(long: "no-pager", help: "Do not page the output through $PAGER (less) on a terminal."),
            OptionSpec(
                long: "json",
                help: "Print each change as a JSON object on a line: id, at, command, emotion, old, new, and note, group, "
                    + "events, reverts, recorded when there are, then command_id, delta and undone."),
            TagOptions.filterSpec,
        ] + GlobalOptions.specs,
        tagHelp: TagOptions.filterHelp,
        examples: [
            "emotions log -n 20", "emotions log +work", "emotions log sad --since 7d", "emotions log --last-week",
            "emotions log --since 'monday 9pm' --until today --json",
        ])

    let emotions: [Emotion]
    let range: RangeOptions
    let count: Int?
    let tags: [Tag]
    let isJSON: Bool
    /// Whether `--no-pager` was given.
    let noPager: Bool
    let color: ColorChoice
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var emotions: [Emotion] = []
        for name in arguments.values(of: "emotion") where !emotions.contains(try Arguments.emotion(name)) {
            emotions.append(try Arguments.emotion(name))
        }
        self.emotions = emotions
        range = try RangeOptions(arguments)
        if let text = arguments.value(ofOption: "count") {
            guard let count = Int(text), count >= 0 else {
                throw .invalidValue(text, option: "--count", reason: "give a whole number of changes, 0 or more (-n 20)")
            }
            self.count = count
        } else {
            count = nil
        }
        tags = try TagOptions.tags(arguments)
        isJSON = arguments.has("json")
        noPager = arguments.has("no-pager")
        color = ColorChoice(arguments)
        store = try StoreOptions(arguments)
    }

    func run(in context: Context) throws {
        var query = EventQuery(emotions: emotions, last: count, tags: tags)
        try range.narrow(&query, now: Instant.now, zone: .system)
        let style = isJSON ? OutputStyle.plain : OutputStyle(color: color, context: context)
        let store = try store.makeSyncedStore(context: context)
        let names = try store.historyNames()
        let list = { (terminal: Terminal, pager: Pager?) throws in
            try store.forEachEntry(query) { entry in
                try pager?.stopIfQuit()
                terminal.print(isJSON ? LogLine.json(for: entry, names: names) : LogLine.text(for: entry, style: style, names: names))
            }
        }
        let terminal = context.terminal
        if let pager = PagerChoice(noPager: noPager, isTerminal: terminal.mayPage && terminal.isTerminal, environment: context.environment) {
            try Pager.run(pager, in: context, list)
        } else {
            try list(terminal, nil)
        }
    }
}
