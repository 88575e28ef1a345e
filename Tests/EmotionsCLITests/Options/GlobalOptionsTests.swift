@testable import EmotionsCLI
import Testing

@Suite struct GlobalOptionsTests {
    @Test func theRootAndEverySubcommandButHelpTakeEveryGlobalOption() {
        let globals = GlobalOptions.specs.map(\.long)
        expect(globals, equals: ["file", "color"])
        expect(Array(Root.spec.options.map(\.long).prefix(globals.count)), equals: globals)
        for command in Root.subcommands {
            expect(Array(command.spec.options.map(\.long).suffix(globals.count)), equals: globals, "\(command.name)")
        }
    }
}
