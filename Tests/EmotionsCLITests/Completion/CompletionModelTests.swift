import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct CompletionModelTests {
    private let model = CompletionModel.emotions

    @Test func emotionsAreOfferedCanonicalNamesFirstThenAliases() {
        let words = model.words(for: .emotions)
        expect(words, equals: Emotion.acceptedNames)
        expect(Array(words.prefix(5)), equals: ["happy", "smile", "neutral", "upset", "sad"])
        #expect(words.contains("very-happy") && words.contains("verySad"))
    }

    @Test func theEmojiAreOfferedLastEachAsTheSameAsItsEmotion() {
        let candidates = model.candidates(for: .emotions)
        expect(Array(candidates.suffix(5)), equals: [
            .init(word: "😄", description: "same as happy"), .init(word: "🙂", description: "same as smile"),
            .init(word: "😐", description: "same as neutral"), .init(word: "😕", description: "same as upset"),
            .init(word: "😢", description: "same as sad"),
        ])
    }

    @Test func canonicalNamesAreDescribedByTheirFaceAndAliasesByTheirName() {
        let candidates = model.candidates(for: .emotions)
        expect(candidates.first, equals: .init(word: "happy", description: "😄 very happy"))
        #expect(candidates.contains(.init(word: "very-sad", description: "same as sad")))
    }

    @Test func subcommandsAreEveryRootSubcommandThenHelp() {
        expect(model.words(for: .subcommands), equals: Root.subcommands.map { $0.name } + ["help"])
        expect(model.candidates(for: .subcommands).first?.description, equals: Tap.spec.abstract)
    }

    @Test func optionValuesAndArgumentsSayWhatTheyComplete() {
        expect(Root.completionScript.completion, equals: .words(["bash", "zsh", "fish"]))
        expect(StoreOptions.specs.first?.completion, equals: .paths)
        expect(Add.spec.arguments.map(\.completion), equals: [.emotions, .nothing])
        expect(Root.helpSpec.arguments.map(\.completion), equals: [.subcommands])
        #expect(model.words(for: .paths).isEmpty && model.words(for: .nothing).isEmpty)
    }

    @Test func everyScriptEndsWithoutANewlineForTheTerminalToAddOne() {
        for shell in CompletionShell.allCases {
            let script = shell.script(for: model)
            #expect(!script.hasSuffix("\n") && !script.isEmpty, "\(shell)")
        }
    }

    @Test func aNewSubcommandOrOptionAppearsInEveryScriptFromItsSpecAlone() {
        let color = OptionSpec(long: "color", valueName: "when", values: ["auto", "always", "never"], help: "Colour.")
        let mood = CommandSpec(
            name: "mood", abstract: "Say a mood.",
            arguments: [ArgumentSpec(name: "emotion", help: "", completion: .emotions)],
            options: [OptionSpec(long: "level", short: "l", valueName: "n", help: "How strong.")])
        let extended = CompletionModel(
            toolName: "emotions", root: CommandSpec(name: "", abstract: "", options: Root.spec.options + [color]),
            subcommands: Root.subcommandSpecs + [mood])
        for shell in CompletionShell.allCases {
            let script = shell.script(for: extended)
            for word in ["mood", "color", "always", "never", "level", "Say a mood."] where shell != .bash || word != "Say a mood." {
                #expect(script.contains(word), "\(shell) lacks \(word)")
            }
        }
    }
}
