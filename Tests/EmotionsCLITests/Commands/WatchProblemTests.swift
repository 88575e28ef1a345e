import EmotionKit
import Testing

@testable import EmotionsCLI

/// What `watch` says of a problem it meets while watching: what is wrong, never that a change failed.
@Suite struct WatchProblemTests {
    @Test(arguments: [
        StoreError.inputOutput(SystemError(call: "read", path: "/m/emotions.json", errno: 5)),
        StoreError.foreignLink(path: "/m/emotions.json", owner: 4321),
        StoreError.unreadableDataFile(path: "/m/emotions.json", .totalTooLarge),
    ])
    func aProblemWhileWatchingSaysWatchingGoesOnAndNothingOfChanges(problem: StoreError) {
        let text = Watch.describe(problem)
        #expect(!text.contains("nothing was changed"), "\(text)")
        #expect(text.lowercased().hasSuffix("still watching."), "\(text)")
        #expect(text.contains("/m/emotions.json"))
    }

    @Test func aFailedChangeStillSaysNothingWasChanged() {
        let error = StoreError.lockTimeout(lockFile: "/m/e.lock", timeout: .seconds(1), holder: nil)
        #expect(error.description.hasSuffix("raise EMOTIONS_LOCK_TIMEOUT (seconds); nothing was changed."))
    }
}
