import Foundation
import Testing

/// `emotions add EMOTION N`.
struct AddTests {
    @Test func addAddsTheCountToOneEmotion() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("add", "sad", "3"), stdout: "sad: 0 → 3\n")
        expectSuccess(try await sandbox.run("add", "very-sad", "+2"), stdout: "sad: 3 → 5\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 5)))
    }

    @Test func addWithJSONPrintsTheChangeAsAnObject() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("add", "upset", "12", "--json")
        expectSuccess(outcome, stdout: #"{"emotion": "upset", "old": 0, "new": 12}"# + "\n")
        expect(DataFile.object(outcome.stdoutLines.first)?["new"] as? Int, equals: 12)
    }

    @Test func addWithQuietPrintsNothingButStillCounts() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("add", "-q", "smile", "4"), stdout: "")
        expect(sandbox.text(), equals: DataFile.text(Counts(smile: 4)))
    }

    @Test func addWithJSONAndQuietIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("add", "smile", "4", "--json", "--quiet")
        expectUsageError(outcome, command: "emotions add", message: "'--json' and '--quiet' cannot be used together")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test(arguments: [["add", "sad", "-2"], ["add", "sad", "--", "-2"], ["add", "--", "sad", "-2"], ["add", "-q", "sad", "-2"]])
    func addTakesANegativeCountWithOrWithoutDoubleDash(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 5))
        let outcome = try await sandbox.run(arguments)
        expectSuccess(outcome, stdout: arguments.contains("-q") ? "" : "sad: 5 → 3\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 3)))
    }

    @Test func addDownToExactlyZeroWorks() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 2))
        expectSuccess(try await sandbox.run("add", "happy", "-2"), stdout: "happy: 2 → 0\n")
        expect(sandbox.text(), equals: DataFile.text(Counts()))
    }

    @Test func addBelowZeroIsRefusedAndChangesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, sad: 1))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run("add", "sad", "-2")
        expectFailure(outcome, status: 64)
        #expect(outcome.stderr.lowercased().contains("nothing was changed"), "\(outcome)")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func addBelowZeroOnAFreshHomeIsRefused() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("add", "neutral", "-1")
        expectFailure(outcome, status: 64)
        #expect(outcome.stderr.lowercased().contains("nothing was changed"), "\(outcome)")
        #expect(!sandbox.exists(sandbox.defaultDataFile))
    }

    @Test func addUpToIntMaxWorksButPastItIsRefused() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("add", "happy", "\(Int.max)"), stdout: "happy: 0 → \(Int.max)\n")
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: Int.max)))

        let pastMax = try await sandbox.run("add", "happy", "1")
        expectFailure(pastMax, status: 64)
        #expect(pastMax.stderr.lowercased().contains("nothing was changed"), "\(pastMax)")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)

        let farPastMax = try await sandbox.run("add", "happy", "\(Int.max)")
        expectFailure(farPastMax, status: 64)
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func addThatWouldTakeTheTotalPastIntMaxIsRefused() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: Int.max - 1))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run("add", "sad", "2")
        expectFailure(outcome, status: 64)
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test(arguments: ["1.5", "5x", "0x10", "", "99999999999999999999", "-99999999999999999999", "three", "1e3", " 1"])
    func addRefusesACountThatIsNotAWholeNumberInRange(count: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("add", "happy", count)
        expectUsageError(outcome, command: "emotions add", message: "The count '\(count)' ")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func addOfZeroPrintsNothingAndLeavesTheFileAlone() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(smile: 6))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("add", "happy", "0"), stdout: "")
        expectSuccess(try await sandbox.run("add", "smile", "0", "--json"), stdout: "")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test(arguments: [[String](), ["happy"], ["happy", "1", "2"]])
    func addWithoutExactlyAnEmotionAndACountIsAUsageError(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run(["add"] + arguments)
        expectUsageError(outcome, command: "emotions add", message: arguments.count > 2 ? "Unexpected argument '2'" : "Missing expected argument")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func addOfAnUnknownEmotionSuggestsTheClosest() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("add", "sda", "1")
        expectUsageError(outcome, command: "emotions add", message: "Unknown emotion 'sda'. Did you mean 'sad'?")
    }
}
