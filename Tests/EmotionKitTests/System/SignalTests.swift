import EmotionKit
import Foundation
import Testing

/// Signals by name.
@Suite struct SignalTests {
    @Test func aSignalIsNamedOnlyIfItIsCommon() {
        #expect(Signal.name(of: SIGKILL) == "SIGKILL")
        #expect(Signal.name(of: SIGTERM) == "SIGTERM")
        #expect(Signal.name(of: 64) == nil)
    }
}
