import EmotionKit
import Testing

/// Which owners and permissions make a hooks folder or hook untrusted, and how that is said.
@Suite struct HookDistrustTests {
    @Test(arguments: [
        (0o755, 1000, 1000), (0o700, 1000, 1000), (0o755, 0, 1000), (0o4755, 0, 1000), (0o755, 0, 0), (0o1755, 1000, 1000),
    ] as [(UInt32, UInt32, UInt32)])
    func whatTheUserOrRootOwnsAndOnlyTheOwnerMayWriteIsTrusted(permissions: UInt32, owner: UInt32, user: UInt32) {
        #expect(HookDistrust(FileStatus(permissions: permissions, owner: owner, group: 50), user: user) == nil)
    }

    @Test(arguments: [
        (0o755, 12345, 1000, "owned by user 12345", "chown 1000 'p'"),
        (0o755, 1000, 0, "owned by user 1000", "chown 0 'p'"),
        (0o775, 1000, 1000, "writable by its group", "chmod go-w 'p'"),
        (0o757, 0, 1000, "writable by others", "chmod go-w 'p'"),
        (0o1777, 0, 1000, "writable by its group and by others", "chmod go-w 'p'"),
        (0o777, 12345, 0, "owned by user 12345 and writable by its group and by others", "chown 0 'p'; chmod go-w 'p'"),
        (0o722, 12345, 1000, "owned by user 12345 and writable by its group and by others", "chown 1000 'p'; chmod go-w 'p'"),
    ] as [(UInt32, UInt32, UInt32, String, String)])
    func anotherOwnerOrWritingByGroupOrOthersIsNotTrusted(
        permissions: UInt32, owner: UInt32, user: UInt32, reason: String, remedy: String
    ) throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: permissions, owner: owner, group: 50), user: user))
        #expect(distrust.description == reason)
        let problem = HookProblem.untrustedHook(path: "p", distrust, changes: [Change(emotion: .sad, old: 0, new: 1)])
        #expect(problem.description.hasSuffix("Make it yours and writable only by you: \(remedy)."), "\(problem)")
    }
}
