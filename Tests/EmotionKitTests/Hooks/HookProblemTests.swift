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
            expect(HookProblem.hookFailed(hook: "notify-sad", outcome, change: change).description, equals: message)
        }
    }

    @Test func anUnreadableFolderIsNamedWithTheReason() {
        let problem = HookProblem.unreadableFolder(
            SystemError(call: "opendir", path: "/home/me/hooks", errno: ENOTDIR), changes: [change])
        expect(problem.description, equals: "Cannot read the hooks folder '/home/me/hooks': Not a directory; no hook ran "
            + "for the change sad: 4 → 5, which is saved. Make it a folder you may read, or move it away.")
    }

    @Test func anUnreadableFolderNamesEveryChangeThatRanNoHook() {
        let changes = [Change(emotion: .happy, old: 0, new: 1), change, Change(emotion: .smile, old: 2, new: 0)]
        let problem = HookProblem.unreadableFolder(SystemError(call: "opendir", path: "hooks", errno: EACCES), changes: changes)
        expect(problem.description, equals: "Cannot read the hooks folder 'hooks': Permission denied; no hook ran for the "
            + "changes happy: 0 → 1, sad: 4 → 5 and smile: 2 → 0, which are saved. "
            + "Make it a folder you may read, or move it away.")
    }

    @Test func anUntrustedFolderIsNamedWithWhoCouldChangeItAndHowToFixIt() throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o1777, owner: 12345, group: 12345), user: 1000))
        let problem = HookProblem.untrustedFolder(path: "/tmp/hooks", distrust, changes: [change])
        expect(problem.description, equals: "The hooks folder '/tmp/hooks' is owned by user 12345 and writable by its group "
            + "and by others, so no hook in it was run: another user could put programs there to run as you. "
            + "The change sad: 4 → 5 is saved. Use a folder of your own: mv -- '/tmp/hooks' '/tmp/hooks.untrusted' "
            + "&& mkdir -m 700 -- '/tmp/hooks', or choose another with EMOTIONS_HOOKS_DIR.")
    }

    @Test func anUntrustedHookIsNamedByItsPathWithEveryChange() throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o757, owner: 1000, group: 1000), user: 1000))
        let changes = [Change(emotion: .happy, old: 0, new: 1), change]
        let problem = HookProblem.untrustedHook(path: "/home/me/hooks/notify", distrust, changes: changes)
        expect(problem.description, equals: "Hook '/home/me/hooks/notify' is writable by others, so it was not run: another "
            + "user could change what it runs as you. The changes happy: 0 → 1 and sad: 4 → 5 are saved. "
            + "Read it, then put a copy of your own in its place, which no one else can have open: "
            + "install -m 755 -- '/home/me/hooks/notify' '/home/me/hooks/notify.new' && mv -- "
            + "'/home/me/hooks/notify.new' '/home/me/hooks/notify'.")
    }

    @Test func namesWithControlCharactersAreShownEscaped() {
        let problem = HookProblem.hookFailed(hook: "evil\u{1B}[2J\u{9B}name", .exited(status: 1), change: change)
        #expect(problem.description.hasPrefix(#"Hook "evil\u001b[2J\u009bname" exited with status 1;"#))
        #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let folder = HookProblem.unreadableFolder(SystemError(call: "opendir", path: "a\nb", errno: EACCES), changes: [change])
        #expect(folder.description.hasPrefix(#"Cannot read the hooks folder "a\nb": Permission denied;"#))
    }

    @Test func namesWithQuotesAndSpacesAreShownAsTheyAre() {
        let problem = HookProblem.hookFailed(hook: #"it's "$(x)""#, .exited(status: 1), change: change)
        #expect(problem.description.hasPrefix(#"Hook 'it's "$(x)"' exited"#))
    }

    @Test func aHookStoppedByTheTerminalIsSaidToBeSoWithWhatToDo() {
        let problem = HookProblem.hookFailed(hook: "ask", .stoppedByTerminal, change: change)
        expect(problem.description, equals: "Hook 'ask' was stopped by the terminal (it read from or changed the terminal, "
            + "which a hook runs too far in the background to do), so it was ended at once; the change sad: 4 → 5 is "
            + "saved. Make it leave the terminal alone: no prompts, no stty, nothing read from /dev/tty.")
    }

    @Test(arguments: [
        (ENOENT, "was not found (No such file or directory)"), (EACCES, "may not be executed (Permission denied)"),
        (ENOEXEC, "is no program this system can run (Exec format error)"),
    ])
    func aMissingInterpreterIsNamedRatherThanTheHook(code: Int32, why: String) {
        let problem = HookProblem.hookFailed(
            hook: "py", .interpreterNotStarted(interpreter: "/usr/bin/nope", errno: code), change: change)
        expect(problem.description, equals: "Hook 'py' could not be started: its interpreter '/usr/bin/nope', which its '#!' "
            + "line names, \(why); the change sad: 4 → 5 is saved. Install it, or name another in the hook's first line.")
    }

    @Test func aHooksFolderReachedThroughAnotherUsersLinkNamesTheLinkAndItsOwner() {
        let problem = HookProblem.untrustedFolderPath(
            path: "/srv/x/hooks", .foreignLink(path: "/srv/x/hooks", owner: 12345), changes: [change])
        expect(problem.description, equals: "The hooks folder '/srv/x/hooks' is reached through the symbolic link "
            + "'/srv/x/hooks', which user 12345 owns, so no hook in it was run: that user could point it at programs of "
            + "their own to run as you. The change sad: 4 → 5 is saved. Remove the link (rm -- '/srv/x/hooks'), or make one "
            + "of your own in its place.")
    }

    @Test func aHooksFolderReachedThroughAFolderOthersMayWriteToNamesThatFolder() throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o777, owner: 0, group: 0), user: 0))
        let problem = HookProblem.untrustedFolderPath(path: "/srv/open/hooks", .folder(path: "/srv/open", distrust), changes: [change])
        expect(problem.description, equals: "The hooks folder '/srv/open/hooks' is reached through the folder '/srv/open', "
            + "which is writable by its group and by others, so no hook in it was run: another user could put programs of "
            + "their own in its place to run as you. The change sad: 4 → 5 is saved. Make that folder writable only by "
            + "its owner (chmod go-w -- '/srv/open'), or sticky as /tmp is (chmod +t -- '/srv/open'), or keep the hooks elsewhere.")
    }

    @Test func aLinkedHookThroughAnotherUsersFolderNamesThatFolderAndItsOwner() throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o755, owner: 12345, group: 0), user: 0))
        let problem = HookProblem.untrustedHookPath(
            path: "hooks/notify", .folder(path: "/home/other", distrust), changes: [change])
        expect(problem.description, equals: "Hook 'hooks/notify' is reached through the folder '/home/other', which is owned "
            + "by user 12345, so it was not run: that user could put a program of their own in its place to run as you. "
            + "The change sad: 4 → 5 is saved. Keep the hooks where every folder on the way is yours or root's; "
            + "EMOTIONS_HOOKS_DIR chooses their folder.")
    }

    @Test func hooksNestedTooDeepAreReportedOnceWithWhatToDo() {
        let changes = [Change(emotion: .happy, old: 0, new: 1), change]
        expect(HookProblem.tooDeep(HookDepth(variable: "4"), changes: changes).description, equals: "Hooks are nested 4 deep "
            + "(EMOTIONS_HOOK_DEPTH=4), the most there may be, so that hooks that change counts cannot run each other "
            + "without end; no hook ran for the changes happy: 0 → 1 and sad: 4 → 5, which are saved. A hook that "
            + "changes counts should pass --no-hooks.")
        expect(HookProblem.tooDeep(HookDepth(variable: "two"), changes: [change]).description, equals: "EMOTIONS_HOOK_DEPTH="
            + "'two' is not a whole number, so how deeply this runs inside hooks cannot be told; no hook ran for the "
            + "change sad: 4 → 5, which is saved. emotions sets it for the hooks it runs: unset it, or set it to 0.")
    }

    @Test func theFixForANameWithControlCharactersIsAWorkingCommandThatShowsNoneRaw() throws {
        let distrust = try #require(HookDistrust(FileStatus(permissions: 0o757, owner: 1000, group: 1000), user: 1000))
        let problem = HookProblem.untrustedHook(path: "/h/evil\u{1B}[2J'name", distrust, changes: [change])
        #expect(problem.description.hasPrefix(#"Hook "/h/evil\u001b[2J'name" is writable by others"#))
        #expect(problem.description.hasSuffix(#"install -m 755 -- $'/h/evil\x1B[2J\'name' $'/h/evil\x1B[2J\'name.new' && mv -- $'/h/evil\x1B[2J\'name.new' $'/h/evil\x1B[2J\'name'."#))
        #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
