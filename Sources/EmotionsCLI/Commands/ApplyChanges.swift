import EmotionKit

/// The use case `tap`, `add` and `reset` share: apply actions to the chosen store, print each change
/// as it is committed, then run the hooks for the changes made.
///
/// Like swift-format's frontend, it builds what a run needs (the store, the hook runner, the
/// printer) from the command's options, which stay plain data, and drives them in order.
struct ApplyChanges {
    /// What to do, in order; all or nothing.
    let actions: [Action]
    /// Where the file is, how to print changes, whether to run hooks.
    let options: ChangeOptions
    /// The note and time the history keeps with the changes.
    var history: HistoryOptions? = nil

    /// Applies the actions, printing each change through an observer as it is committed, then runs
    /// the hooks for the changes made, in order; their problems are warnings.
    ///
    /// Hooks start only once every change is saved, the lock released and every change's line
    /// printed: no hook holds up another writer or delays a line, and a Ctrl-C during one loses none.
    /// A closed output loses the lines but not the rest: the change stands, the hooks run, and the
    /// status says how the change went, so that a script piping into `true` never retries a success.
    func run(in context: Context) throws {
        context.terminal.keepGoingIfOutputCloses()
        let note = try history?.noteText()
        let placedAt = try history?.placement(now: Instant.now, zone: .system)
        let store = try options.store.makeStore(environment: context.environment, terminal: context.terminal)
        let runner = try options.hooks.makeRunner(for: store, environment: context.environment)
        // Only text lines look up the locale and ask whether the output is a terminal.
        let style = options.format == .text ? OutputStyle(color: options.color, context: context) : .plain
        let printer = ChangePrinter(format: options.format, style: style, terminal: context.terminal)
        let printing = try store.observe(options: [.old, .new], printer.print)
        let events: [JournalEvent]
        do {
            defer { printing.cancel() }
            events = try store.apply(actions, note: note, placedAt: placedAt, tags: history?.tags ?? [])
        }
        runner?.run(for: events) { problem in
            context.terminal.printError("Warning: \(problem)")
        }
    }
}
