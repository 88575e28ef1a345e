import Testing
@testable import EmotionKit

struct MonotonicInstantTests {
    @Test func anInstantAdvancedByADurationIsThatDurationLater() {
        let start = MonotonicInstant.now
        let later = start.advanced(by: .milliseconds(1500))
        expect(start.duration(to: later), equals: .milliseconds(1500))
        expect(later - start, equals: .milliseconds(1500))
        expect(later.duration(to: start), equals: .milliseconds(-1500))
        #expect(start < later)
    }

    @Test func theClockNeverGoesBackwards() {
        var previous = MonotonicInstant.now
        for _ in 0..<1000 {
            let now = MonotonicInstant.now
            #expect(previous <= now)
            previous = now
        }
    }

    @Test func aSleepIsSeenOnTheClock() {
        let start = MonotonicInstant.now
        Syscall.sleep(.milliseconds(20))
        #expect(MonotonicInstant.now - start >= .milliseconds(20))
    }

    @Test func durationsTooLongToAddAreTheEndOfTimeNotATrap() {
        let now = MonotonicInstant.now
        let far = now.advanced(by: .seconds(Int64.max))
        #expect(far > now.advanced(by: .seconds(1_000_000_000)))
        expect(far.advanced(by: .seconds(1)), equals: far)
        let past = now.advanced(by: .seconds(Int64.min))
        #expect(past < now)
        #expect(past.duration(to: far) > .zero)
        #expect(far.duration(to: past) < .zero)
    }
}
