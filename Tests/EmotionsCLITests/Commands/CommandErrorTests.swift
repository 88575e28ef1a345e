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
        #expect(failure(["tap", "hapy"]) == .invalid(ValidationFailure(CommandError.unknownEmotion("hapy"))))
        #expect(failure(["add", "sad", "x"]) == .invalid(ValidationFailure(CommandError.invalidCount("x"))))
        #expect(failure(["reset"]) == .invalid(ValidationFailure(CommandError.nothingToReset)))
    }

    @Test func wordsTheParserRefusesAreNotCommandErrors() {
        #expect(failure(["tap", "happy", "--jsno"]) == .unknownOption("--jsno", suggestion: "--json"))
        #expect(failure(["add", "sad"]) == .missingArgument("<count>"))
    }

    @Test func failuresAreEqualOnlyForEqualErrorsOfTheSameType() {
        let ours = ValidationFailure(CommandError.unknownEmotion("x"))
        #expect(ours == ValidationFailure(CommandError.unknownEmotion("x")))
        #expect(ours != ValidationFailure(CommandError.unknownEmotion("y")))
        #expect(ours != ValidationFailure(OtherError.unknownEmotion("x")))
    }

    @Test func commandErrorsExitWithTheUsageStatusWhetherCarriedOrNot() {
        #expect(ExitCode.status(for: CommandError.invalidCount("x")) == ExitCode.usage)
        #expect(ExitCode.status(for: UsageError.invalid(ValidationFailure(CommandError.nothingToReset))) == ExitCode.usage)
        #expect(ExitCode.status(for: UsageError.missingArgument("<emotion>")) == ExitCode.usage)
    }

    @Test func aCommandErrorReadsAsTheUsageErrorItBecomes() {
        let error = CommandError.unknownEmotion("hapy")
        #expect(UsageError.invalid(ValidationFailure(error)).description == error.description)
        #expect(error.description.hasPrefix("Unknown emotion 'hapy'. Did you mean 'happy'?"))
    }
}
