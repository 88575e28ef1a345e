import Testing
@testable import EmotionKit

struct BackoffTests {
    @Test func pausesDoubleFromAHundredMicrosecondsUpToTheLongest() {
        var backoff = Backoff(for: .seconds(60), longest: .microseconds(700))
        var pauses: [Duration] = []
        for _ in 0..<5 { #expect(backoff.pause { pauses.append($0) }) }
        expect(pauses, equals: [.microseconds(100), .microseconds(200), .microseconds(400), .microseconds(700), .microseconds(700)])
    }

    @Test func noPauseGoesPastTheDeadline() {
        var backoff = Backoff(for: .milliseconds(50), longest: .seconds(10))
        var pauses: [Duration] = []
        for _ in 0..<40 { _ = backoff.pause { pauses.append($0) } }
        #expect(pauses.allSatisfy { $0 <= .milliseconds(50) })
        #expect(pauses.contains { $0 < .microseconds(100) * 1024 })
    }

    @Test func afterTheDeadlineItSaysSoWithoutPausing() {
        var backoff = Backoff(until: MonotonicInstant.now.advanced(by: .seconds(-1)), longest: .milliseconds(2))
        var paused = false
        #expect(!backoff.pause { _ in paused = true })
        #expect(!paused)
        #expect(backoff.isOver)
    }
}
