import EmotionKit
import Foundation
import Testing

/// Detached threads of the system's own.
@Suite struct ThreadTests {
    @Test func aDetachedThreadRunsItsWork() throws {
        let done = DispatchSemaphore(value: 0)
        try EmotionKit.Thread.startDetached { done.signal() }
        expect(done.wait(timeout: .now() + 10), equals: .success)
    }
}
