/// Whether `log` pages its output, and through what, by git's rules (its `pager.c` and
/// `run-command.c`): only when standard output is a terminal and `--no-pager` was not given;
/// through `$PAGER`, else `less`; not at all when `PAGER` is empty or `cat`.
struct PagerChoice: Equatable, Sendable {
    /// The command, as `PAGER` gives it: `less`, `less -S`, `most`.
    let command: String

    /// The pager when `PAGER` is not set.
    static let defaultCommand = "less"

    /// The pager to use, or `nil` to write straight to standard output.
    init?(noPager: Bool, isTerminal: Bool, environment: Environment) {
        guard !noPager, isTerminal else { return nil }
        let command = environment["PAGER"] ?? PagerChoice.defaultCommand
        guard !command.isEmpty, command != "cat" else { return nil }
        self.command = command
    }

    /// Whether the command needs a shell: it holds a space or another character a shell reads
    /// (git's list), so it is run as `/bin/sh -c COMMAND`; a plain word is found on `PATH` and
    /// started itself, so that a missing one can be told of.
    var needsShell: Bool {
        command.unicodeScalars.contains { "|&;<>()$`\\\"' \t\n*?[#~=%".unicodeScalars.contains($0) }
    }

    /// The variables the pager gets besides ours, as git gives them: `LESS=FRX` (quit if one
    /// screen, show colours, leave the screen as it is) and `LV=-c` unless they are set.
    func addedVariables(to environment: Environment) -> [(name: String, value: String)] {
        [("LESS", "FRX"), ("LV", "-c")].filter { environment[$0.0] == nil }
    }
}
