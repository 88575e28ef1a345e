@testable import EmotionsCLI
import Testing

/// Reading variables, and the times in seconds `EMOTIONS_LOCK_TIMEOUT` and `EMOTIONS_HOOK_TIMEOUT` give.
@Suite struct EnvironmentTests {
    @Test(arguments: [
        ("0", Duration.zero), ("10", .seconds(10)), ("0.5", .milliseconds(500)), ("2.25", .milliseconds(2250)),
        ("0.001", .milliseconds(1)), ("007", .seconds(7)), ("86400", .seconds(86_400)), ("86400.000", .seconds(86_400)),
        ("0000000000000000000000000000001", .seconds(1)),
    ])
    func secondsInPlainDigitsAreExactToTheMillisecond(text: String, duration: Duration) throws {
        let environment: Environment = ["EMOTIONS_LOCK_TIMEOUT": text]
        try expect(environment.duration(inSeconds: "EMOTIONS_LOCK_TIMEOUT", default: .seconds(10)), equals: duration)
    }

    @Test(arguments: [
        "soon", "-1", "+1", " 1", "1 ", "86400.001", "86401", "99999999999999999999999", "nan", "inf", "0x10", "1e3",
        "1e-400", "1.", ".5", "1.2.3", "0.0001", "1,5", "١",
    ])
    func anythingElseIsRefusedNamingTheVariable(text: String) {
        let environment: Environment = ["EMOTIONS_HOOK_TIMEOUT": text]
        #expect(throws: UsageError.invalidEnvironment(
            name: "EMOTIONS_HOOK_TIMEOUT", value: text,
            reason: "expected a number of seconds from 0 to 86400, in digits with at most three decimals, such as 2.5"
        )) {
            try environment.duration(inSeconds: "EMOTIONS_HOOK_TIMEOUT", default: .seconds(10))
        }
    }

    @Test func anUnsetOrEmptyVariableGivesTheDefault() throws {
        try expect(Environment().duration(inSeconds: "EMOTIONS_LOCK_TIMEOUT", default: .seconds(3)), equals: .seconds(3))
        let empty: Environment = ["EMOTIONS_LOCK_TIMEOUT": ""]
        try expect(empty.duration(inSeconds: "EMOTIONS_LOCK_TIMEOUT", default: .seconds(3)), equals: .seconds(3))
    }
}
