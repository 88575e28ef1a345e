import Foundation
import Testing

/// `emotions reset EMOTION...` and `emotions reset --all`.
struct ResetTests {
    @Test func resetSetsTheNamedEmotionsToZero() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, smile: 1, sad: 2))
        let outcome = try await sandbox.run("reset", "happy", "very-sad")
        expectSuccess(outcome, stdout: "happy: 3 → 0\nsad: 2 → 0\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(smile: 1)))
    }

    @Test func resetAllSetsEveryEmotionToZeroAndPrintsOnlyTheOnesThatChanged() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 3, smile: 1, upset: 9))
        let outcome = try await sandbox.run("reset", "--all")
        expectSuccess(outcome, stdout: "happy: 3 → 0\nsmile: 1 → 0\nupset: 9 → 0\n")
        expect(sandbox.text(), equals: DataFile.text(Counts()))
    }

    @Test func resetWithJSONPrintsOneObjectPerChange() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(neutral: 5))
        let outcome = try await sandbox.run("reset", "--json", "--all")
        expectSuccess(outcome, stdout: #"{"emotion": "neutral", "old": 5, "new": 0}"# + "\n")
        expect(sandbox.text(), equals: DataFile.text(Counts()))
    }

    @Test func resetWithQuietPrintsNothingButStillResets() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(neutral: 5, sad: 1))
        expectSuccess(try await sandbox.run("reset", "neutral", "-q"), stdout: "")
        expect(sandbox.text(), equals: DataFile.text(Counts(sad: 1)))
    }

    @Test func resetWithNeitherEmotionsNorAllIsAUsageError() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 1))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run("reset")
        expectUsageError(outcome, command: "emotions reset", message: "Missing expected argument '<emotion>'")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test(arguments: [["--all", "sad"], ["sad", "--all"]])
    func resetWithBothEmotionsAndAllIsAUsageError(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 1))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run(["reset"] + arguments)
        expectUsageError(outcome, command: "emotions reset", message: "Give either emotions to reset or '--all'")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test func resetOfAZeroPrintsNothingAndLeavesTheFileAlone() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 2))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        expectSuccess(try await sandbox.run("reset", "happy", "neutral"), stdout: "")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test(arguments: [["happy"], ["--all"], ["sad", "--json"]])
    func resetOfZerosWithoutADataFilePrintsNothingAndCreatesNothing(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run(["reset"] + arguments), stdout: "")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func resetOfAnUnknownEmotionChangesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 1, sad: 1))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run("reset", "happy", "sadd")
        expectUsageError(outcome, command: "emotions reset", message: "Unknown emotion 'sadd'. Did you mean 'sad'?")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }
}
