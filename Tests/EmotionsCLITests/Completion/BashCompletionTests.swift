@testable import EmotionsCLI
import Testing

/// The script's text; `EndToEndTests/CompletionTests` runs it in bash.
@Suite struct BashCompletionTests {
    private let script = BashCompletion(model: .emotions).script

    @Test func theFunctionIsRegisteredForEmotions() {
        #expect(script.contains("\n_emotions() {\n"))
        #expect(script.hasSuffix("\ncomplete -F _emotions emotions"))
        #expect(!script.contains("_init_completion"))
    }

    @Test func everyCommandsOptionsAreListed() {
        for command in [Root.spec] + Root.subcommandSpecs {
            let names = command.allOptions.flatMap(CompletionModel.names).map { "'\($0)'" }.joined(separator: " ")
            #expect(script.contains("        '\(command.name)') __emotions_words \"$2\" \"\" \(names) ;;"), "\(command.name)")
        }
    }

    @Test func everyOptionThatTakesAValueIsKnownToTakeOne() {
        for command in [Root.spec] + Root.subcommandSpecs {
            for option in command.allOptions where option.valueName != nil {
                // An optional value (`--year [<year>]`) is typed or left out: what follows is completed as ever.
                expect(script.contains("'\(command.name):--\(option.long)'"), equals: !option.valueIsOptional, "\(command.name) --\(option.long)")
            }
        }
    }
}
