import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct RootTests {
    @Test func theRootsHelpShowsTheDefaultPathDataLocationKnows() {
        #expect(Root.spec.discussion.contains("else " + DataLocation.defaultPathShown + "; EMOTIONS_FILE"))
    }

    @Test func onlyTheVersionAndTheCompletionScriptStandAlone() {
        expect(Root.spec.options.filter(\.standsAlone).map(\.long), equals: ["generate-completion-script", "version"])
    }

    @Test func everySubcommandIsFoundByItsNameAndNothingElseIs() {
        for command in Root.subcommands {
            let found = Root.subcommand(named: command.name)
            expect(found.map { ObjectIdentifier($0) }, equals: ObjectIdentifier(command), "\(command.name)")
        }
        #expect(Root.subcommand(named: Root.helpName) == nil)
        #expect(Root.subcommand(named: "Tap") == nil)
        #expect(Root.subcommand(named: "") == nil)
    }
}
