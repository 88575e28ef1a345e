@testable import EmotionsCLI
import Testing

@Suite struct CommandErrorTests {
    /// Another tool's objection, worded like ours, to show that errors of different types differ.
    private enum OtherError: ValidationError {
        case unknownEmotion(String)
        var description: String { "Unknown emotion." }
    }

    private func failure(_ words: [String]) -> UsageError? {
        do {
            _ = try Invocation.parse(words)
            return nil
        } catch {
            return error.error
        }
    }

    @Test func aWordTheCommandRefusesIsACommandErrorCarriedAsAUsageError() {
        expect(failure(["tap", "hapy"]), equals: .invalid(ValidationFailure(CommandError.unknownEmotion("hapy"))))
        expect(failure(["add", "sad", "x"]), equals: .invalid(ValidationFailure(CommandError.invalidCount("x"))))
        expect(failure(["reset"]), equals: .invalid(ValidationFailure(CommandError.nothingToReset)))
    }

    @Test func wordsTheParserRefusesAreNotCommandErrors() {
        expect(failure(["tap", "happy", "--jsno"]), equals: .unknownOption("--jsno", suggestion: "--json"))
        expect(failure(["add", "sad"]), equals: .missingArgument("<count>"))
    }

    /// The likeliest first mistakes say what to type instead, not only what is wrong.
    @Test func theLikeliestFirstMistakesSayWhatToType() {
        expect(failure(["happy"])?.description, equals: "Unknown subcommand 'happy'. Did you mean 'emotions tap happy'?")
        #expect(failure(["tap"])?.description
            == "Missing expected argument '<emotion>'; give one of happy, smile, neutral, upset, sad.")
        #expect(failure(["add"])?.description
            == "Missing expected argument '<emotion>'; give one of happy, smile, neutral, upset, sad.")
        #expect(failure(["add", "sad"])?.description
            == "Missing expected argument '<count>'; give a whole number, such as 3 or -2.")
        expect(failure(["--file", "x.json"])?.description, equals: "Missing expected argument '<subcommand>'")
    }

    @Test func failuresAreEqualOnlyForEqualErrorsOfTheSameType() {
        let ours = ValidationFailure(CommandError.unknownEmotion("x"))
        expect(ours, equals: ValidationFailure(CommandError.unknownEmotion("x")))
        #expect(ours != ValidationFailure(CommandError.unknownEmotion("y")))
        #expect(ours != ValidationFailure(OtherError.unknownEmotion("x")))
    }

    @Test func commandErrorsExitWithTheUsageStatusWhetherCarriedOrNot() {
        expect(ExitCode.status(for: CommandError.invalidCount("x")), equals: ExitCode.usage)
        expect(ExitCode.status(for: UsageError.invalid(ValidationFailure(CommandError.nothingToReset))), equals: ExitCode.usage)
        expect(ExitCode.status(for: UsageError.missingArgument("<emotion>")), equals: ExitCode.usage)
    }

    @Test func aCommandErrorReadsAsTheUsageErrorItBecomes() {
        let error = CommandError.unknownEmotion("hapy")
        expect(UsageError.invalid(ValidationFailure(error)).description, equals: error.description)
        #expect(error.description.hasPrefix("Unknown emotion 'hapy'. Did you mean 'happy'?"))
    }
}
