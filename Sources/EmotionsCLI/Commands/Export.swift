import EmotionKit

/// `emotions export [RANGE] [--format jsonl|csv]`: every change in a range (`RangeOptions`),
/// for a backup, another machine's `import`, or a spreadsheet.
struct Export: Subcommand {
    static let name = "export"

    /// The forms it writes.
    enum Format: String, CaseIterable, Sendable {
        /// `log --json`'s objects without the view's fields, one a line: what `import` reads back.
        case jsonl
        /// RFC 4180 comma-separated values with a header row, for a spreadsheet.
        case csv
    }

    static let spec = CommandSpec(
        name: name,
        abstract: "Write the changes in a range, as JSON Lines or as CSV.",
        discussion: "Changes come in log's order: by the time they are placed at, ties in the order they were made. "
            + "jsonl (the default) writes log --json's objects without command_id, delta and undone, one a line, "
            + "which import reads back. csv writes a "
            + "header row, then at,date,time,offset,command,emotion,old,new,delta,note,id,command_id,undone,tags for each "
            + "change, with CR LF line ends: date, time and offset are the local ones where the change was made, time "
            + "to the second (at keeps the milliseconds); undone is true for a change whose command was undone and not "
            + "redone, so the delta of the tap and add rows not undone add up to what stats counts; a note beginning with = + - or @ gets a ' before it, so that a "
            + "spreadsheet does not take it for a formula. "
            + RangeOptions.discussion,
        options: RangeOptions.specs + [
            OptionSpec(
                long: "format", valueName: "format", values: Format.allCases.map(\.rawValue),
                help: "jsonl (the default): log --json's lines, for import; csv: for a spreadsheet."),
            TagOptions.filterSpec,
        ] + GlobalOptions.specs,
        tagHelp: TagOptions.filterHelp,
        examples: [
            "emotions export > emotions.jsonl", "emotions export --year 2026 --format csv > 2026.csv",
            "emotions export +work --format csv > work.csv",
            "emotions export | ssh laptop emotions import -",
        ])

    let range: RangeOptions
    let format: Format
    let tags: [Tag]
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        range = try RangeOptions(arguments)
        format = arguments.value(ofOption: "format").flatMap(Format.init(rawValue:)) ?? .jsonl
        tags = try TagOptions.tags(arguments)
        store = try StoreOptions(arguments)
    }

    /// Streams the changes out a buffer at a time, as they are read: memory stays small however
    /// long the history.
    func run(in context: Context) throws {
        var query = EventQuery(tags: tags)
        try range.narrow(&query, now: Instant.now, zone: .system)
        let store = try store.makeSyncedStore(context: context)
        var output = OutputBuffer(terminal: context.terminal)
        switch format {
        case .jsonl:
            let addresses = try store.eventAddresses()
            try store.forEachEvent(query) { event in
                output.append(LogLine.json(for: event, address: addresses[event.id]))
                output.append("\n")
            }
        case .csv:
            output.append(CSVRecord.line(ExportRow.header))
            // A note may hold bidirectional controls (anyone's import file can bring them): on a
            // terminal they are shown escaped, as `log` shows them (a line break as one, in the quoted
            // field); a file keeps them as they are.
            let onTerminal = context.terminal.isTerminal
            try store.forEachEntry(query) { entry in
                let fields = ExportRow.fields(for: entry)
                output.append(CSVRecord.line(onTerminal ? fields.map { ControlCharacters.escapedKeepingLineFeeds(in: $0) } : fields))
            }
        }
        output.flush()
    }
}
