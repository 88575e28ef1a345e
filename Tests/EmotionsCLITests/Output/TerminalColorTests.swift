import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct TerminalColorTests {
    @Test func eachEmotionHasItsOwnColourFromWarmToCold() {
        expect(Emotion.allCases.map(\.color.rawValue), equals: ["33", "32", "36", "35", "34"])
        expect(Set(Emotion.allCases.map(\.color)).count, equals: 5)
    }

    @Test func paintingEndsWithAResetSoNoColourLeaks() {
        expect(TerminalColor.yellow.paint("happy"), equals: "\u{1B}[33mhappy\u{1B}[0m")
        expect(TerminalColor.blue.paint("██▌"), equals: "\u{1B}[34m██▌\u{1B}[0m")
    }

    @Test func paintingNothingWritesNoEscapes() {
        expect(TerminalColor.cyan.paint(""), equals: "")
    }
}
