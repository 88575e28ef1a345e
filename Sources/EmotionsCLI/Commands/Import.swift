import EmotionKit

/// `emotions import FILE [--dry-run]`: adds the changes of an export that the history does not hold
/// yet, matched by id, all in one locked commit. `--from daylio [--map LABEL=EMOTION,...]` reads
/// Daylio's CSV export instead, made an export first (`DaylioExport`), then imported as one.
struct Import: Subcommand {
    static let name = "import"

    static let spec = CommandSpec(
        name: name,
        abstract: "Add the changes of an export that the history does not hold yet.",
        discussion: "FILE is what export (or log --json) wrote, on another machine or as a backup; - reads standard "
            + "input. Changes are matched by id: those already in the history are skipped, so importing a file "
            + "twice adds nothing the second time. The new ones are made on the counts here, in the order they "
            + "were recorded, all in one commit; what would change nothing here (a reset of a count already at "
            + "zero, an undo of a command undone here already) or was overtaken by a later change here is left "
            + "out. All or nothing: "
            + "a line that is not a change (exit 65, naming the line), a command not all there, or a count that "
            + "would go below zero refuses the whole file, and nothing is changed. Prints how many changes were "
            + "new and how the counts changed; hooks run for each new change, as for tap. With --from daylio, FILE is "
            + "Daylio's CSV export: each row becomes a tap of its mood (rad happy, good smile, meh neutral, bad upset, "
            + "awful sad; other labels need --map), at its time in TZ, its activities as tags and its title and note as "
            + "one note; a row imported again is already there.",
        arguments: [ArgumentSpec(name: "file", help: "The export to read, or - for standard input.", completion: .paths)],
        options: [
            OptionSpec(long: "dry-run", help: "Say what would be imported, and change nothing."),
            OptionSpec(long: "from", valueName: "format", values: ["daylio"], help: "Read another app's export: daylio (its CSV export)."),
            OptionSpec(
                long: "map", valueName: "labels",
                help: "With --from daylio, the emotion of each mood label of your own: LABEL=EMOTION,... ('super happy=happy,tired=neutral')."),
            OptionSpec(long: "quiet", short: "q", help: "Print nothing but errors."),
        ] + HookOptions.specs + GlobalOptions.specs,
        examples: [
            "emotions import laptop.jsonl", "emotions import backup.jsonl --dry-run",
            "emotions import - < laptop.jsonl", "emotions import --from daylio daylio_export.csv --dry-run",
            "emotions import --from daylio daylio.csv --map 'super happy=happy'",
        ])

    let file: String
    let isDryRun: Bool
    let isQuiet: Bool
    /// For `--from daylio`, the moods of Daylio's labels; `nil` for an export.
    let daylio: DaylioMoods?
    let hooks: HookOptions
    let store: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let file = arguments.value(of: "file") else { throw .missingArgument("<file>") }
        guard !file.isEmpty else { throw .invalidValue(file, option: "<file>", reason: "a path cannot be empty") }
        self.file = file
        isDryRun = arguments.has("dry-run")
        isQuiet = arguments.has("quiet")
        daylio = try Import.moods(arguments)
        hooks = HookOptions(arguments)
        store = try StoreOptions(arguments)
    }

    /// The moods `--from daylio` and `--map` give, or `nil` without `--from`.
    private static func moods(_ arguments: ParsedArguments) throws(UsageError) -> DaylioMoods? {
        let map = arguments.value(ofOption: "map")
        guard arguments.value(ofOption: "from") == "daylio" else {
            if let map { throw .invalidValue(map, option: "--map", reason: "it names Daylio's moods; give --from daylio too") }
            return nil
        }
        do {
            return try DaylioMoods(map: map)
        } catch {
            throw .invalidValue(map ?? "", option: "--map", reason: error.description)
        }
    }

    /// Reads and checks the whole file before taking the lock, imports it (or plans it), reading the
    /// changes it takes in again as it writes them, says what was done, then runs the hooks for the new changes.
    func run(in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        Syscall.mapLargeAllocationsApart()  // The first read's arrays are freed before the model's are made.
        guard let daylio else { return try importExport(ImportInput.open(file), in: context) }
        let export = try DaylioExport(reading: ImportInput.open(file).allBytes(), moods: daylio, zone: .system)
        do {
            try importExport(ExportSource(bytes: export.lines, name: file), in: context)
        } catch let error as ImportError {
            throw error.renumbered(export.fileLine(ofExportLine:))
        }
        if !isQuiet { for warning in export.warnings { context.terminal.printError("Warning: \(warning)") } }
    }

    /// Imports the export `source` (or plans it), says what was done, then runs the hooks for the new changes.
    private func importExport(_ source: ExportSource, in context: Context) throws {
        let batch = try ImportBatch(reading: source)
        let store = try store.makeStore(environment: context.environment, terminal: context.terminal)
        if isDryRun {
            let plan = try store.planImport(batch)
            if !isQuiet { context.terminal.print(ImportSummary.text(for: plan, isDryRun: true)) }
            return
        }
        let runner = try hooks.makeRunner(for: store, environment: context.environment)
        // The events are kept for the hooks only if there are hooks: an import of 100,000 changes need not hold them.
        let (plan, events) = try store.importChanges(consume batch, keepingEvents: runner?.mayRunHooks ?? false)
        if !isQuiet { context.terminal.print(ImportSummary.text(for: plan, isDryRun: false)) }
        runner?.run(for: events) { problem in
            context.terminal.printError("Warning: \(problem)")
        }
    }
}
