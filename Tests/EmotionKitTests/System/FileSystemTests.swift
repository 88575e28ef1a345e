import Testing
@testable import EmotionKit

/// `FileSystem` keeps its operations in one box its copies share: setting one must still change only
/// the copy it is set on, as it did when each copy held its own closures.
struct FileSystemTests {
    @Test func settingAnOperationOnACopyChangesNoOtherCopy() {
        let original = FileSystem.live
        var changed = original
        var alsoChanged = original
        changed.kind = { _ in nil }
        alsoChanged.kind = { _ in .regularFile }
        expect(original.kind("/"), equals: .folder)
        expect(FileSystem.live.kind("/"), equals: .folder)
        expect(changed.kind("/"), equals: nil)
        expect(alsoChanged.kind("/"), equals: .regularFile)
    }

    @Test func aCopyMadeAfterAChangeKeepsItAndLaterChangesStayApart() {
        var first = FileSystem.live
        first.linkDestination = { _ in "first" }
        var second = first
        expect(second.linkDestination("/anything"), equals: "first")
        second.linkDestination = { _ in "second" }
        expect(first.linkDestination("/anything"), equals: "first")
        expect(second.linkDestination("/anything"), equals: "second")
    }

    @Test func theFileSystemThatOwnsItsProcessDiffersFromTheLiveOneOnlyInWaitingForTheLock() {
        #expect(FileSystem.live.waitForLock == nil)
        #expect(FileSystem.liveOwningProcess.waitForLock != nil)
        expect(FileSystem.liveOwningProcess.kind("/"), equals: FileSystem.live.kind("/"))
        #expect(FileSystem.liveOwningProcess.statusOfName != nil && FileSystem.liveOwningProcess.openFolderWithoutLinks != nil)
    }
}
