@testable import EmotionsCLI
import Testing

@Suite struct FishCompletionTests {
    private let script = FishCompletion(model: .emotions).script
    private var lines: [Substring] { script.split(separator: "\n") }

    @Test func everySubcommandsOptionsHaveACompleteLine() {
        for command in Root.subcommandSpecs {
            for option in command.allOptions {
                let short = option.short.map { "-s \($0) " } ?? ""
                let start = "complete -c emotions -n '__emotions_using \(command.name)' \(short)-l \(option.long) "
                #expect(lines.contains { $0.hasPrefix(start) }, "no line for \(command.name) --\(option.long)")
            }
        }
    }

    @Test func theRootsOptionsAndSubcommandsComeBeforeTheSubcommand() {
        for option in Root.spec.allOptions {
            let short = option.short.map { "-s \($0) " } ?? ""
            let start = "complete -c emotions -n '__emotions_before_subcommand' \(short)-l \(option.long) "
            #expect(lines.contains { $0.hasPrefix(start) }, "no line for --\(option.long)")
        }
        #expect(lines.contains("complete -c emotions -n '__emotions_before_subcommand' -k -a '(__emotions_candidates subcommands)'"))
        for command in Root.subcommandSpecs {
            #expect(lines.contains { $0.hasPrefix("                '\(command.name)' '") }, "\(command.name) is not offered")
        }
    }

    @Test func valuesArePathsOrTheDeclaredWords() {
        #expect(lines.contains { $0.hasPrefix("complete -c emotions -n '__emotions_using tap' -l file -r -F -d ") })
        #expect(lines.contains { $0.contains("-l generate-completion-script -x -k -a 'bash zsh fish' -d ") })
    }

    @Test func emotionsAreOfferedWhereTheArgumentsTakeThem() {
        let emotions = "-k -a '(__emotions_candidates emotions)'"
        #expect(lines.contains("complete -c emotions -n '__emotions_at_argument tap 0 repeating' \(emotions)"))
        #expect(lines.contains("complete -c emotions -n '__emotions_at_argument add 0' \(emotions)"))
        #expect(!lines.contains { $0.contains("__emotions_at_argument add 1") })
        #expect(lines.contains("complete -c emotions -n '__emotions_at_argument help 0' -k -a '(__emotions_candidates subcommands)'"))
    }

    @Test func quotesEscapeBackslashesAndQuotes() {
        expect(ShellWord.fishQuoted(#"it's a \ "#), equals: #"'it\'s a \\ '"#)
        expect(ShellWord.singleQuoted("it's"), equals: #"'it'\''s'"#)
    }
}
