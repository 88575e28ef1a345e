@testable import EmotionsCLI
import Testing

@Suite struct StandAloneOptionsTests {
    @Test func theScriptsEndTheCommandLineOnlyWhereTheParserDoes() {
        expect(CompletionModel.emotions.standAloneOptions.map(\.long), equals: ["generate-completion-script", "version"])
    }
}
