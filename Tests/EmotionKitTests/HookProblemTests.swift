import EmotionKit
import Foundation
import Testing

/// The warnings a failed hook or an unreadable hooks folder gives.
@Suite struct HookProblemTests {
    let change = Change(emotion: .sad, old: 4, new: 5)

    @Test func eachOutcomeNamesTheHookAndTheSavedChange() {
        let expected: [(HookOutcome, String)] = [
            (.exited(status: 3), "Hook 'notify-sad' exited with status 3; the change sad: 4 → 5 is saved."),
            (.killed(signal: SIGKILL), "Hook 'notify-sad' was killed by signal 9 (SIGKILL); the change sad: 4 → 5 is saved."),
            (.killed(signal: SIGSEGV), "Hook 'notify-sad' was killed by signal 11 (SIGSEGV); the change sad: 4 → 5 is saved."),
            (.killed(signal: 40), "Hook 'notify-sad' was killed by signal 40; the change sad: 4 → 5 is saved."),
            (
                .timedOut(after: .seconds(10)),
                "Hook 'notify-sad' did not finish within 10 s and was stopped; the change sad: 4 → 5 is saved. "
                    + "Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds)."
            ),
            (
                .timedOut(after: .milliseconds(300)),
                "Hook 'notify-sad' did not finish within 300 ms and was stopped; the change sad: 4 → 5 is saved. "
                    + "Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds)."
            ),
            (
                .notStarted(errno: ENOEXEC),
                "Hook 'notify-sad' could not be started: Exec format error (ENOEXEC); the change sad: 4 → 5 is saved. "
                    + "A script needs a '#!' line, such as #!/bin/sh."
            ),
            (
                .notStarted(errno: EACCES),
                "Hook 'notify-sad' could not be started: Permission denied (errno 13); the change sad: 4 → 5 is saved."
            ),
        ]
        for (outcome, message) in expected {
            #expect(HookProblem.hookFailed(hook: "notify-sad", outcome, change: change).description == message)
        }
    }

    @Test func anUnreadableFolderIsNamedWithTheReason() {
        let problem = HookProblem.unreadableFolder(
            SystemError(call: "opendir", path: "/home/me/hooks", errno: ENOTDIR), change: change)
        #expect(problem.description == "Cannot read the hooks folder '/home/me/hooks': Not a directory; no hook ran "
            + "for the change sad: 4 → 5, which is saved. Make it a folder you may read, or move it away.")
    }

    @Test func namesWithControlCharactersAreShownEscaped() {
        let problem = HookProblem.hookFailed(hook: "evil\u{1B}[2J\u{9B}name", .exited(status: 1), change: change)
        #expect(problem.description.hasPrefix(#"Hook "evil\u001b[2J\u009bname" exited with status 1;"#))
        #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let folder = HookProblem.unreadableFolder(SystemError(call: "opendir", path: "a\nb", errno: EACCES), change: change)
        #expect(folder.description.hasPrefix(#"Cannot read the hooks folder "a\nb": Permission denied;"#))
    }

    @Test func namesWithQuotesAndSpacesAreShownAsTheyAre() {
        let problem = HookProblem.hookFailed(hook: #"it's "$(x)""#, .exited(status: 1), change: change)
        #expect(problem.description.hasPrefix(#"Hook 'it's "$(x)"' exited"#))
    }
}
