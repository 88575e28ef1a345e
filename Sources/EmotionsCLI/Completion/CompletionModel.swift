import EmotionKit

/// The command line as the completion scripts see it, read from the same specs as the parser and help.
///
/// A subcommand or option added to a spec appears in every script without touching the generators.
struct CompletionModel: Sendable {
    /// A word a shell may offer, with a few words about it for the shells that show them.
    struct Candidate: Equatable, Sendable {
        /// The word itself: `happy`.
        let word: String
        /// What it stands for, or empty: `😄 very happy`.
        let description: String
    }

    /// The tool's name, as typed: `emotions`.
    let toolName: String
    /// The root command; only its options may come before a subcommand.
    let root: CommandSpec
    /// Every subcommand, in the order help lists them.
    let subcommands: [CommandSpec]

    /// The `emotions` command line: `Root` and its subcommands, `help` last.
    static var emotions: CompletionModel {
        CompletionModel(toolName: "emotions", root: Root.spec, subcommands: Root.subcommandSpecs)
    }

    /// The root's options that stand alone, such as `--version`: nothing may follow them, as the
    /// parser has it (`OptionSpec.standsAlone`).
    var standAloneOptions: [OptionSpec] {
        root.allOptions.filter(\.standsAlone)
    }

    /// What a shell offers for `values`, in order: canonical emotion names, then aliases, Korean
    /// labels and emoji.
    func candidates(for values: CompletionValues) -> [Candidate] {
        switch values {
        case .nothing, .paths, .list(.tags):
            // Tags are read when completing, by running the tool: no script lists them.
            return []
        case .list:
            // `.emotions`, the one other list.
            return Emotion.acceptedNames.map { name in
                guard let emotion = Emotion(parsing: name) else { return Candidate(word: name, description: "") }
                let description = name == emotion.name ? "\(emotion.emoji) \(emotion.englishLabel)" : "same as \(emotion.name)"
                return Candidate(word: name, description: description)
            }
        case .subcommands:
            return subcommands.map { Candidate(word: $0.name, description: $0.abstract) }
        case let .words(words):
            return words.map { Candidate(word: $0, description: "") }
        }
    }

    /// The subcommands that take `+TAG` words (`CommandSpec.tagHelp`): after them a word starting
    /// with `+` completes to the tags already used.
    var taggingCommands: [CommandSpec] {
        subcommands.filter { $0.tagHelp != nil }
    }

    /// The words alone of `candidates(for:)`.
    func words(for values: CompletionValues) -> [String] {
        candidates(for: values).map(\.word)
    }

    /// Every way an option may be written: `-q` and `--quiet`.
    static func names(of option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }
}
