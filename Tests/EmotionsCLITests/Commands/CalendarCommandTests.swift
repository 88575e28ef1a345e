@testable import EmotionsCLI
import Testing

@Suite struct CalendarCommandTests {
    /// The `calendar` command `words` parse to, or `nil`.
    private func calendar(_ words: [String]) throws -> EmotionsCLI.Calendar? {
        guard case let .run(command as EmotionsCLI.Calendar) = try Invocation.parse(["calendar"] + words) else { return nil }
        return command
    }

    @Test func yearAndJSONAreReadAndOptional() throws {
        let plain = try #require(try calendar([]))
        #expect(plain.range.year == nil && !plain.range.isGiven && !plain.isJSON && plain.color == .auto)
        let year = try #require(try calendar(["--year", "2025", "--json", "--color", "never"]))
        #expect(year.range.year == 2025 && year.range.shorthand == .year && year.isJSON && year.color == .never)
        try expect(calendar(["--year=1"])?.range.year, equals: 1)
        try expect(calendar(["--year", "0042"])?.range.year, equals: 42)
        try expect(calendar(["--year", "9999"])?.range.year, equals: 9999)
    }

    @Test func yearAloneIsThisYearAndTakesNoWordThatIsNoNumber() throws {
        let alone = try #require(try calendar(["--year"]))
        #expect(alone.range.shorthand == .year && alone.range.year == nil)
        let beforeJSON = try #require(try calendar(["--year", "--json"]))
        #expect(beforeJSON.range.shorthand == .year && beforeJSON.range.year == nil && beforeJSON.isJSON)
        do {
            _ = try Invocation.parse(["calendar", "--year", "MMXXV"])
            Issue.record("MMXXV was taken")
        } catch {
            expect(error.error, equals: .unexpectedArgument("MMXXV"))
        }
    }

    @Test(arguments: ["", "0", "10000", "20255", "-1", "+2025", " 2025", "2025 ", "２０２５", "MMXXV", "2025.0", "25x"])
    func aYearNotFromOneTo9999InDigitsIsRefusedNamingIt(text: String) {
        do {
            _ = try Invocation.parse(["calendar", "--year=" + text])
            Issue.record("--year=\(text) was taken")
        } catch {
            expect(error.error, equals: .invalidValue(
                text, option: "--year", reason: "give a year of the calendar from 1 to 9999, such as 2025"))
            expect(error.spec.name, equals: "calendar")
        }
    }

    @Test(arguments: ["2025.0", "25x", "10000", "0"])
    func aWordAfterYearThatStartsWithADigitIsReadAsTheYear(text: String) {
        do {
            _ = try Invocation.parse(["calendar", "--year", text])
            Issue.record("--year \(text) was taken")
        } catch {
            expect(error.error, equals: .invalidValue(
                text, option: "--year", reason: "give a year of the calendar from 1 to 9999, such as 2025"))
        }
    }
}
