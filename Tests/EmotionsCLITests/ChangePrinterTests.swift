import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct ChangePrinterTests {
    private let change = Change(emotion: .happy, old: 3, new: 4)

    @Test func textIsNameOldArrowNew() {
        #expect(ChangePrinter.line(for: change, format: .text) == "happy: 3 → 4")
    }

    @Test func jsonIsOneObjectPerLine() {
        #expect(ChangePrinter.line(for: change, format: .json) == #"{"emotion": "happy", "old": 3, "new": 4}"#)
    }

    @Test func quietPrintsNothing() {
        #expect(ChangePrinter.line(for: change, format: .quiet) == nil)
    }
}
