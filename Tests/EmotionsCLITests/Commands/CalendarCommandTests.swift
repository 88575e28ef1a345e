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
        #expect(plain.year == nil && !plain.isJSON && plain.color == .auto)
        let year = try #require(try calendar(["--year", "2025", "--json", "--color", "never"]))
        #expect(year.year == 2025 && year.isJSON && year.color == .never)
        #expect(try calendar(["--year=1"])?.year == 1)
        #expect(try calendar(["--year", "0042"])?.year == 42)
        #expect(try calendar(["--year", "9999"])?.year == 9999)
    }

    @Test(arguments: ["", "0", "10000", "20255", "-1", "+2025", " 2025", "2025 ", "２０２５", "MMXXV", "2025.0"])
    func aYearNotFromOneTo9999InDigitsIsRefusedNamingIt(text: String) {
        do {
            _ = try Invocation.parse(["calendar", "--year=" + text])
            Issue.record("--year=\(text) was taken")
        } catch {
            #expect(error.error == .invalidValue(
                text, option: "--year", reason: "give a year of the calendar from 1 to 9999, such as 2025"))
            #expect(error.spec.name == "calendar")
        }
    }
}
