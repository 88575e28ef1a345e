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
            guard let command = Root.subcommands.first(where: { $0.name == word }) else { continue }
            return command.spec.allOptions.contains(where: { $0.long == name }) ? "\(word) --\(name)" : nil
        }
        return nil
    }

    /// Reads the tool's arguments (without its own name).
    ///
    /// Before the subcommand come only the global options: `--file`, `--color`,
    /// `--generate-completion-script`, `--version`, `-h/--help`. `--file` and `--color` are handed on to
    /// the subcommand, which reads them as if given after it. As after it, a word that looks like an
    /// option is never their value (`--file --json` lacks one), and `--file --help` asks for help.
    static func parse(_ words: [String]) throws(Failure) -> Invocation {
        var leading: [String] = []
        var rest = words[...]
        // Help texts are built only when printed: a tap never pays for the other subcommands' help.
        func fail(_ error: UsageError) -> Failure { Failure(error: error, spec: Root.spec, printer: Root.helpPrinter) }

        while let word = rest.first, word.hasPrefix("-"), word != "-" {
            rest.removeFirst()
            switch word {
            case "--":
                guard rest.first != nil else { throw fail(.missingArgument("<subcommand>")) }
                break
            case "-h", "--help": return .help(Root.helpPrinter.help)
            case "--version":
                if let extra = rest.first { throw fail(.unexpectedArgument(extra)) }
                return .version
            case "--file", "--color":
                guard let value = ArgumentParser.value(from: &rest) else {
                    if rest.first == "--help" || rest.first == "-h" { return .help(Root.helpPrinter.help) }
                    throw fail(.missingValue(option: word))
                }
                leading += [word, value]
                continue
            case _ where word.hasPrefix("--file=") || word.hasPrefix("--color="):
                leading.append(word)
                continue
            case _ where word == "--generate-completion-script" || word.hasPrefix("--generate-completion-script="):
                let option = Root.completionScript
                let value =
                    word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : ArgumentParser.value(from: &rest)
                guard let value else { throw fail(.missingValue(option: word)) }
                guard let shell = CompletionShell(rawValue: value) else { throw fail(option.rejection(of: value)) }
                if let extra = rest.first { throw fail(.unexpectedArgument(extra)) }
                return .completionScript(shell)
            case _ where !word.hasPrefix("--"):
                // Grouped letters: help if every one is -h, else the first that is not a global option.
                guard let letter = word.dropFirst().first(where: { $0 != OptionSpec.help.short }) else {
                    return .help(Root.helpPrinter.help)
                }
                throw fail(.unknownOption("-\(letter)", suggestion: nil))
            default:
                let name = String(word.drop { $0 == "-" }.prefix { $0 != "=" })
                let suggestion = Spelling.closest(to: name, among: Root.spec.allOptions.map(\.long)).map { "--\($0)" }
                throw fail(.unknownOption(String(word.prefix { $0 != "=" }), suggestion: suggestion ?? moved(name, before: rest)))
            }
            break
        }
        guard let name = rest.popFirst() else {
            if leading.isEmpty { return .help(Root.helpPrinter.help) }
            throw fail(.missingArgument("<subcommand>"))
        }
        if name == Root.helpSpec.name {
            return try help(for: Array(rest))
        }
        guard let command = Root.subcommands.first(where: { $0.name == name }) else {
            let names = Root.subcommandSpecs.map(\.name)
            throw fail(.unknownSubcommand(name, suggestion: Spelling.closest(to: name.lowercased(), among: names)))
        }
        let parser = ArgumentParser(spec: command.spec)
        let arguments = leading + rest
        if parser.asksForHelp(arguments) { return .help(HelpPrinter(spec: command.spec).help) }
        do {
            return .run(try command.init(try parser.parse(arguments)))
        } catch {
            throw Failure(error: error, spec: command.spec, printer: HelpPrinter(spec: command.spec))
        }
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
        guard let command = Root.subcommands.first(where: { $0.name == name }) else {
            let suggestion = Spelling.closest(to: name.lowercased(), among: Root.subcommandSpecs.map(\.name))
            throw Failure(error: .unknownSubcommand(name, suggestion: suggestion), spec: Root.spec, printer: Root.helpPrinter)
        }
        return .help(HelpPrinter(spec: command.spec).help)
    }
}
