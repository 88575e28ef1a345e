@testable import EmotionKit
import Testing

/// Integers written in decimal digit by digit: the same text as the standard library's `String(_:)`.
@Suite struct DecimalTextTests {
    @Test(arguments: [0, 1, 9, 10, 99, 100, 12_345, -1, -10, -987_654_321, Int.max, Int.min])
    func anIntIsWrittenAsTheStandardLibraryWritesIt(value: Int) {
        expect(String(decimal: value), equals: String(value))
    }

    @Test(arguments: [0, 1, 10, 18_446_744_073_709_551_615] as [UInt64])
    func aUInt64IsWrittenAsTheStandardLibraryWritesIt(value: UInt64) {
        expect(String(decimal: value), equals: String(value))
    }

    @Test func zerosComeBeforeTheDigitsUpToTheWidthAskedFor() {
        expect(String(decimal: 7, minimumDigits: 2), equals: "07")
        expect(String(decimal: 2026, minimumDigits: 4), equals: "2026")
        expect(String(decimal: 12_345, minimumDigits: 2), equals: "12345")
        expect(String(decimal: 0, minimumDigits: 3), equals: "000")
        expect(String(decimal: -5, minimumDigits: 3), equals: "-005")
        expect(String(decimal: UInt64(3), minimumDigits: 0), equals: "3")
        expect(String(decimal: 1, minimumDigits: 1000).utf8.count, equals: 20, "padded to UInt64.max's 20 digits at most")
    }

    @Test func paddedKeepsItsSignFirstAndItsZerosBeforeIt() {
        expect(padded(5, 2), equals: "05")
        expect(padded(123, 2), equals: "123")
        expect(padded(-5, 2), equals: "-5")
        expect(padded(-5, 3), equals: "0-5", "as it always wrote a negative value: none is ever padded")
    }
}
