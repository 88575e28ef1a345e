import Foundation
import Testing

/// `emotions tap EMOTION...`.
struct TapTests {
    @Test func tapAddsOneToEachNamedEmotion() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "sad")
        expectSuccess(outcome, stdout: "happy: 0 → 1\nsad: 0 → 1\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 1, sad: 1)))
    }

    @Test func tapTakesTheEmojiOfTheOriginalAppsButtonsWithOrWithoutAVariationSelector() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "😄"), stdout: "happy: 0 → 1\n")
        let outcome = try await sandbox.run("tap", "😄\u{FE0F}", "🙂", "😐\u{FE0F}", "😕", "😢\u{FE0E}")
        expectSuccess(outcome, stdout: "happy: 1 → 2\nsmile: 0 → 1\nneutral: 0 → 1\nupset: 0 → 1\nsad: 0 → 1\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 2, smile: 1, neutral: 1, upset: 1, sad: 1)))
        expectSuccess(try await sandbox.run("stats", "😄"), stdout: "2\n")
    }

    @Test func tapCountsARepeatedNameEachTime() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "smile", "smile", "neutral", "smile")
        expectSuccess(outcome, stdout: "smile: 0 → 1\nsmile: 1 → 2\nneutral: 0 → 1\nsmile: 2 → 3\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(smile: 3, neutral: 1)))
    }

    @Test func tapGoesOnFromTheSavedCounts() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 41, upset: 7))
        let outcome = try await sandbox.run("tap", "happy", "upset")
        expectSuccess(outcome, stdout: "happy: 41 → 42\nupset: 7 → 8\n")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 42, upset: 8)))
    }

    @Test func tapWithJSONPrintsOneObjectPerChange() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(sad: 4))
        let outcome = try await sandbox.run("tap", "--json", "happy", "sad")
        expectSuccess(
            outcome,
            stdout: """
                {"emotion": "happy", "old": 0, "new": 1}
                {"emotion": "sad", "old": 4, "new": 5}

                """)
        let objects = outcome.stdoutLines.map { DataFile.object($0) }
        expect(objects.count, equals: 2)
        expect(objects.first??["emotion"] as? String, equals: "happy")
        expect(objects.last??["old"] as? Int, equals: 4)
        expect(objects.last??["new"] as? Int, equals: 5)
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 1, sad: 5)))
    }

    @Test(arguments: ["-q", "--quiet"])
    func tapWithQuietPrintsNothingButStillCounts(flag: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", flag, "neutral", "neutral")
        expectSuccess(outcome, stdout: "")
        expect(sandbox.text(), equals: DataFile.text(Counts(neutral: 2)))
    }

    @Test(arguments: [["--json", "--quiet"], ["-q", "--json"], ["--json", "-q"]])
    func tapWithJSONAndQuietIsAUsageErrorThatChangesNothing(flags: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeDataFile(Counts(happy: 2))
        let before = sandbox.bytes(of: sandbox.defaultDataFile)
        let outcome = try await sandbox.run(["tap", "happy"] + flags)
        expectUsageError(outcome, command: "emotions tap", message: "'--json' and '--quiet' cannot be used together")
        expect(sandbox.bytes(of: sandbox.defaultDataFile), equals: before)
    }

    @Test(arguments: [
        ("very-happy", "happy"), ("veryHappy", "happy"), ("VERYHAPPY", "happy"), ("HAPPY", "happy"),
        ("Very-Happy", "happy"), ("moderate-smile", "smile"), ("moderateSmile", "smile"), ("SMILE", "smile"),
        ("Neutral", "neutral"), ("slightly-upset", "upset"), ("slightlyUpset", "upset"), ("very-sad", "sad"),
        ("verySad", "sad"), ("VERY-SAD", "sad"),
    ])
    func tapAcceptsAliasesInAnyCase(alias: String, emotion: String) async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", alias)
        expectSuccess(outcome, stdout: "\(emotion): 0 → 1\n")
        var expected = Counts()
        expected[emotion] = 1
        expect(sandbox.text(), equals: DataFile.text(expected))
    }

    @Test func tapTakesOptionsBeforeOrAfterTheEmotions() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "--json", "happy"), stdout: #"{"emotion": "happy", "old": 0, "new": 1}"# + "\n")
        expectSuccess(try await sandbox.run("tap", "happy", "--json"), stdout: #"{"emotion": "happy", "old": 1, "new": 2}"# + "\n")
        expectSuccess(try await sandbox.run("tap", "happy", "-q", "sad"), stdout: "")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 3, sad: 1)))
    }

    @Test func tapTreatsEverythingAfterDoubleDashAsAnEmotion() async throws {
        let sandbox = try Sandbox()
        expectSuccess(try await sandbox.run("tap", "--", "happy"), stdout: "happy: 0 → 1\n")
        let outcome = try await sandbox.run("tap", "happy", "--", "--json")
        expectUsageError(outcome, command: "emotions tap", message: "Unknown emotion '--json'.")
        expect(sandbox.text(), equals: DataFile.text(Counts(happy: 1)))
    }

    @Test func tapWithAnUnknownEmotionChangesNothingAtAll() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap", "happy", "hapy", "sad")
        expectUsageError(outcome, command: "emotions tap", message: "Unknown emotion 'hapy'. Did you mean 'happy'?")
        expect(sandbox.contentsOfHome(), equals: [])
    }

    @Test func tapWithoutAnEmotionIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let outcome = try await sandbox.run("tap")
        expectUsageError(outcome, command: "emotions tap", message: "Missing expected argument '<emotion>'")
        expect(sandbox.contentsOfHome(), equals: [])
    }
}
