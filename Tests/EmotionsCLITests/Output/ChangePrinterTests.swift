import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct ChangePrinterTests {
    private let change = Change(emotion: .happy, old: 3, new: 4)

    @Test func textIsNameOldArrowNew() {
        expect(ChangePrinter.line(for: change, format: .text), equals: "happy: 3 → 4")
    }

    @Test func jsonIsOneObjectPerLine() {
        expect(ChangePrinter.line(for: change, format: .json), equals: #"{"emotion": "happy", "old": 3, "new": 4}"#)
    }

    @Test func quietPrintsNothing() {
        expect(ChangePrinter.line(for: change, format: .quiet), equals: nil)
    }

    @Test func colourPaintsTheLabelOnlyAndResetsAfterIt() {
        let style = OutputStyle(usesColor: true, language: .english)
        expect(ChangePrinter.line(for: change, format: .text, style: style), equals: "\u{1B}[33mhappy\u{1B}[0m: 3 → 4")
        expect(ChangePrinter.line(forInitial: 2, of: .sad, format: .text, style: style), equals: "\u{1B}[34msad\u{1B}[0m: 2")
    }

    @Test func eachEmotionsLineIsInItsOwnColour() {
        let style = OutputStyle(usesColor: true, language: .english)
        for emotion in Emotion.allCases {
            let line = ChangePrinter.line(for: Change(emotion: emotion, old: 0, new: 1), format: .text, style: style)
            expect(line, equals: "\u{1B}[\(emotion.color.rawValue)m\(emotion.name)\u{1B}[0m: 0 → 1")
        }
    }

    @Test func aKoreanStyleShowsTheKoreanLabel() {
        let korean = OutputStyle(usesColor: false, language: .korean)
        expect(ChangePrinter.line(for: change, format: .text, style: korean), equals: "완전행복: 3 → 4")
        expect(ChangePrinter.line(forInitial: 7, of: .upset, format: .text, style: korean), equals: "좀속상한: 7")
        let coloured = OutputStyle(usesColor: true, language: .korean)
        expect(ChangePrinter.line(for: change, format: .text, style: coloured), equals: "\u{1B}[33m완전행복\u{1B}[0m: 3 → 4")
    }

    @Test func jsonIsNeverColouredNorTranslated() {
        let style = OutputStyle(usesColor: true, language: .korean)
        expect(ChangePrinter.line(for: change, format: .json, style: style), equals: #"{"emotion": "happy", "old": 3, "new": 4}"#)
        expect(ChangePrinter.line(forInitial: 3, of: .happy, format: .json, style: style), equals: #"{"emotion": "happy", "new": 3}"#)
        expect(ChangePrinter.line(for: change, format: .quiet, style: style), equals: nil)
    }

    @Test func thePlainStyleIsTodaysText() {
        for emotion in Emotion.allCases {
            let change = Change(emotion: emotion, old: 9, new: 10)
            expect(ChangePrinter.line(for: change, format: .text), equals: change.description)
        }
    }
}
