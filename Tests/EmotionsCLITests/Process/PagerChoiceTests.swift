@testable import EmotionsCLI
import Testing

@Suite struct PagerChoiceTests {
    private func choice(noPager: Bool = false, isTerminal: Bool = true, _ variables: [String: String] = [:]) -> PagerChoice? {
        PagerChoice(noPager: noPager, isTerminal: isTerminal, environment: Environment(variables))
    }

    @Test func onATerminalThePagerIsPagerElseLess() {
        expect(choice()?.command, equals: "less")
        expect(choice(["PAGER": "most"])?.command, equals: "most")
        expect(choice(["PAGER": "less -S"])?.command, equals: "less -S")
    }

    @Test func notOnATerminalWithNoPagerOrWithPagerEmptyOrCatThereIsNone() {
        expect(choice(isTerminal: false), equals: nil)
        expect(choice(isTerminal: false, ["PAGER": "most"]), equals: nil)
        expect(choice(noPager: true), equals: nil)
        expect(choice(["PAGER": ""]), equals: nil)
        expect(choice(["PAGER": "cat"]), equals: nil)
    }

    @Test func aPlainWordIsStartedItselfAndAnythingElseThroughTheShell() {
        expect(choice(["PAGER": "less"])?.needsShell, equals: false)
        expect(choice(["PAGER": "/usr/bin/less"])?.needsShell, equals: false)
        for command in ["less -R", "less|tee x", "$HOME/pager", "pager;x", "'less'", "a=b less", "~/pager"] {
            expect(choice(["PAGER": command])?.needsShell, equals: true, "\(command)")
        }
    }

    @Test func lessAndLvAreSetAsGitSetsThemUnlessTheUserSetThem() throws {
        let pager = try #require(choice())
        expect(pager.addedVariables(to: Environment()).map { "\($0.name)=\($0.value)" }, equals: ["LESS=FRX", "LV=-c"])
        #expect(pager.addedVariables(to: Environment(["LESS": "-R", "LV": ""])).isEmpty)
    }
}
