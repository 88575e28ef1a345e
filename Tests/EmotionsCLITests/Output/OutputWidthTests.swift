@testable import EmotionsCLI
import Testing

@Suite struct OutputWidthTests {
    private func terminal(columns: Int?) -> Terminal {
        Terminal(writeOutput: { _ in }, writeError: { _ in }, isTerminal: columns != nil, columns: columns)
    }

    @Test func columnsComesFirst() {
        expect(OutputWidth.of(terminal(columns: 120), environment: ["COLUMNS": "40"]), equals: 40)
        expect(OutputWidth.of(terminal(columns: nil), environment: ["COLUMNS": "200"]), equals: 200)
    }

    @Test func thenTheTerminalsWidth() {
        expect(OutputWidth.of(terminal(columns: 120), environment: [:]), equals: 120)
    }

    @Test func thenEighty() {
        expect(OutputWidth.of(terminal(columns: nil), environment: [:]), equals: 80)
    }

    @Test(arguments: ["", "0", "-40", "forty", "40 ", "4.5", "99999999999999999999999"])
    func aColumnsThatIsNotAPositiveWholeNumberIsPassedOver(columns: String) {
        expect(OutputWidth.of(terminal(columns: 100), environment: ["COLUMNS": columns]), equals: 100)
        expect(OutputWidth.of(terminal(columns: nil), environment: ["COLUMNS": columns]), equals: 80)
    }
}
