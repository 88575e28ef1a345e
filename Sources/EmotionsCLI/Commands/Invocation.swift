import EmotionKit

/// What a command line asks for: help, the version, or a subcommand to run.
enum Invocation {
    /// Print this help text.
    case help(String)
    /// Print the version.
    case version
    /// Print the completion script for this shell.
    case completionScript(CompletionShell)
    /// Run this command.
    case run(any Subcommand)

    /// A usage error, with the command whose usage line should follow it.
    struct Failure: Error {
        let error: UsageError
        let spec: CommandSpec
        let printer: HelpPrinter
    }

    /// `stats --json` for `emotions --json stats`: an option of the subcommand that follows, given before it.
    private static func moved(_ name: String, before rest: ArraySlice<String>) -> String? {
        for word in rest {
            guard let command = Root.subcommand(named: word) else { continue }
            return command.spec.allOptions.contains(where: { $0.long == name }) ? "\(word) --\(name)" : nil
        }
        return nil
    }

    /// Reads the tool's arguments (without its own name).
    ///
    /// Before the subcommand come the root's options, parsed from `Root.spec` as any command's are:
    /// `-h/--help`, `--version` and `--generate-completion-script`, which stand alone, and the others
    /// (`--file`, `--color`), which are handed down to the subcommand as if given first after it, as
    /// swift-argument-parser hands down a parent's option group. As after it, a word that looks like an
    /// option is never their value (`--file --json` lacks one), and `--file --help` asks for help.
    static func parse(_ words: [String]) throws(Failure) -> Invocation {
        var rest = words[...]
        var inherited = ParsedArguments()
        // Root.spec is built only when options come before the subcommand: `tap happy` does not pay for it.
        if let first = rest.first, first.hasPrefix("-") {
            let globals: ParsedArguments
            do {
                globals = try ArgumentParser(spec: Root.spec).parseOptions(before: &rest)
            } catch {
                throw rootFailure(suggestingTheSubcommand(for: error, before: rest))
            }
            if globals.has(OptionSpec.help.long) { return .help(Root.helpPrinter.help) }
            if globals.has(Root.versionOption.long) { return .version }
            if let value = globals.value(ofOption: Root.completionScript.long), let shell = CompletionShell(rawValue: value) {
                return .completionScript(shell)
            }
            inherited = globals
        }
        guard let name = rest.popFirst() else {
            if words.isEmpty { return .help(Root.helpPrinter.help) }
            throw rootFailure(.missingArgument("<subcommand>"))
        }
        if name == Root.helpName {
            return try help(for: Array(rest))
        }
        guard let command = Root.subcommand(named: name) else {
            // The likeliest first mistake: an emotion where the subcommand goes. Suggested by its name,
            // as help spells it, whatever alias, label or emoji was typed: plain words any shell takes.
            if let emotion = Emotion(parsing: name) {
                throw rootFailure(.unknownSubcommand(name, suggestion: "emotions tap \(emotion.name)"))
            }
            let names = Root.subcommandSpecs.map(\.name)
            throw rootFailure(.unknownSubcommand(name, suggestion: Spelling.closest(to: name.lowercased(), among: names)))
        }
        let parser = ArgumentParser(spec: command.spec)
        let arguments = Array(rest)
        if parser.asksForHelp(arguments) { return .help(HelpPrinter(spec: command.spec).help) }
        do {
            return .run(try command.init(try parser.parse(arguments, inheriting: inherited)))
        } catch {
            throw Failure(error: error, spec: command.spec, printer: HelpPrinter(spec: command.spec))
        }
    }

    /// A usage error of the root command, with its usage line; help texts are built only when printed,
    /// so a tap never pays for the other subcommands' help.
    private static func rootFailure(_ error: UsageError) -> Failure {
        Failure(error: error, spec: Root.spec, printer: Root.helpPrinter)
    }

    /// `error`, suggesting `stats --json` for `--json` if no global option is close to it and the
    /// subcommand that follows, among the words `rest`, has it.
    private static func suggestingTheSubcommand(for error: UsageError, before rest: ArraySlice<String>) -> UsageError {
        guard case let .unknownOption(option, nil) = error, option.hasPrefix("--") else { return error }
        // Every leading dash goes, as the subcommand's parser reads `---json` as `--json`'s typo.
        return .unknownOption(option, suggestion: moved(String(option.drop { $0 == "-" }), before: rest))
    }

    private static func help(for words: [String]) throws(Failure) -> Invocation {
        let printer = HelpPrinter(spec: Root.helpSpec)
        let parser = ArgumentParser(spec: Root.helpSpec)
        if parser.asksForHelp(words) { return .help(printer.help) }
        let parsed: ParsedArguments
        do {
            parsed = try parser.parse(words)
        } catch {
            throw Failure(error: error, spec: Root.helpSpec, printer: printer)
        }
        guard let name = parsed.value(of: "subcommand") else { return .help(Root.helpPrinter.help) }
        if name == Root.helpSpec.name { return .help(printer.help) }
        guard let command = Root.subcommand(named: name) else {
            let suggestion = Spelling.closest(to: name.lowercased(), among: Root.subcommandSpecs.map(\.name))
            throw Failure(error: .unknownSubcommand(name, suggestion: suggestion), spec: Root.spec, printer: Root.helpPrinter)
        }
        return .help(HelpPrinter(spec: command.spec).help)
    }
}
