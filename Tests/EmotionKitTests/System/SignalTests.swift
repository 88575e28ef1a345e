import EmotionKit
import Foundation
import Testing

/// Signals by name.
@Suite struct SignalTests {
    @Test func aSignalIsNamedOnlyIfItIsCommon() {
        expect(Signal.name(of: SIGKILL), equals: "SIGKILL")
        expect(Signal.name(of: SIGTERM), equals: "SIGTERM")
        expect(Signal.name(of: 64), equals: nil)
    }
}
