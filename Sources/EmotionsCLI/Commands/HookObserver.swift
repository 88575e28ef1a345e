import EmotionKit

/// The observer that runs the hooks after each committed change, and prints their problems as warnings.
///
/// A warning changes nothing else: the change is saved, and the command still succeeds.
struct HookObserver: Sendable {
    /// Runs the hooks.
    let runner: HookRunner
    /// Where the warnings go: its standard error.
    let terminal: Terminal

    /// Runs the hooks for one change; meant to be handed to `TallyStore.observe` with options `[.old, .new]`.
    @Sendable func run(_ observed: ObservedChange) {
        guard let old = observed.oldValue, let new = observed.newValue else { return }
        runner.run(for: Change(emotion: observed.emotion, old: old, new: new)) { problem in
            terminal.printError("Warning: \(problem)")
        }
    }
}
