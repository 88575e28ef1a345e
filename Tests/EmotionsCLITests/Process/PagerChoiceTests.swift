@testable import EmotionsCLI
import Testing

@Suite struct PagerChoiceTests {
    private func choice(noPager: Bool = false, isTerminal: Bool = true, _ variables: [String: String] = [:]) -> PagerChoice? {
        PagerChoice(noPager: noPager, isTerminal: isTerminal, environment: Environment(variables))
    }

    @Test func onATerminalThePagerIsPagerElseLess() {
        #expect(choice()?.command == "less")
        #expect(choice(["PAGER": "most"])?.command == "most")
        #expect(choice(["PAGER": "less -S"])?.command == "less -S")
    }

    @Test func notOnATerminalWithNoPagerOrWithPagerEmptyOrCatThereIsNone() {
        #expect(choice(isTerminal: false) == nil)
        #expect(choice(isTerminal: false, ["PAGER": "most"]) == nil)
        #expect(choice(noPager: true) == nil)
        #expect(choice(["PAGER": ""]) == nil)
        #expect(choice(["PAGER": "cat"]) == nil)
    }

    @Test func aPlainWordIsStartedItselfAndAnythingElseThroughTheShell() {
        #expect(choice(["PAGER": "less"])?.needsShell == false)
        #expect(choice(["PAGER": "/usr/bin/less"])?.needsShell == false)
        for command in ["less -R", "less|tee x", "$HOME/pager", "pager;x", "'less'", "a=b less", "~/pager"] {
            #expect(choice(["PAGER": command])?.needsShell == true, "\(command)")
        }
    }

    @Test func lessAndLvAreSetAsGitSetsThemUnlessTheUserSetThem() throws {
        let pager = try #require(choice())
        #expect(pager.addedVariables(to: Environment()).map { "\($0.name)=\($0.value)" } == ["LESS=FRX", "LV=-c"])
        #expect(pager.addedVariables(to: Environment(["LESS": "-R", "LV": ""])).isEmpty)
    }
}
