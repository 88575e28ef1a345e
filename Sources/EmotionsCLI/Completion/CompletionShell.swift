/// A shell `emotions --generate-completion-script` writes a completion script for.
enum CompletionShell: String, CaseIterable, Sendable {
    /// GNU bash 4 or later (4.4 to list names unsorted); needs no bash-completion package.
    case bash
    /// The Z shell, with its completion system (`compinit`) loaded.
    case zsh
    /// The friendly interactive shell.
    case fish

    /// `bash`, `zsh`, `fish`: the values `--generate-completion-script` accepts.
    static let names = allCases.map(\.rawValue)

    /// The script that completes `model`'s command line in this shell.
    func script(for model: CompletionModel) -> String {
        switch self {
        case .bash: BashCompletion(model: model).script
        case .zsh: ZshCompletion(model: model).script
        case .fish: FishCompletion(model: model).script
        }
    }
}
