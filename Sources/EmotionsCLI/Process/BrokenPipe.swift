import EmotionKit

/// What a write into a pipe that nobody reads any more does to this process: the one place the tool
/// sets `SIGPIPE`'s disposition.
///
/// A disposition belongs to the whole process, not a thread: a command chooses it once, before it
/// writes anything or starts a thread.
enum BrokenPipe {
    /// From now on such a write fails with `EPIPE`, which `Terminal` passes over, and the process goes
    /// on: for commands whose work must finish whether or not anyone reads what they print.
    ///
    /// Hooks still start with `SIGPIPE` at its default, since `HookProcess` resets it for them: an
    /// ignored signal would otherwise stay ignored across `exec`.
    static func ignore() {
        Signal.ignore(Signal.brokenPipe)
    }

    /// From now on such a write ends the process by `SIGPIPE`, as it does any Unix filter, even if
    /// whoever started the process ignored that signal.
    static func endProcess() {
        Signal.setDefault(Signal.brokenPipe)
    }
}
