import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct RootTests {
    @Test func theRootsHelpShowsTheDefaultPathDataLocationKnows() {
        #expect(Root.spec.discussion.contains("else " + DataLocation.defaultPathShown + "; EMOTIONS_FILE"))
    }

    @Test func onlyTheVersionAndTheCompletionScriptStandAlone() {
        #expect(Root.spec.options.filter(\.standsAlone).map(\.long) == ["generate-completion-script", "version"])
    }
}
