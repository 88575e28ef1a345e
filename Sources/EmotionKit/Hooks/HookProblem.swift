/// A hook that failed or was not trusted, a hooks folder that could not be read or was not
/// trusted (for itself or for a link or folder on the way to it), or hooks nested too deep to
/// run; the changes themselves are saved either way.
public enum HookProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hook named `hook` did not exit with status 0 after `change`.
    case hookFailed(hook: String, HookOutcome, change: Change)
    /// The hooks folder is there but could not be listed, so no hook ran after `changes`.
    case unreadableFolder(SystemError, changes: [Change])
    /// The hooks folder at `path` is not trusted, so none of its hooks ran after `changes`.
    case untrustedFolder(path: String, HookDistrust, changes: [Change])
    /// The path to the hooks folder at `path` is not trusted, so none of its hooks ran after `changes`.
    case untrustedFolderPath(path: String, HookPathDistrust, changes: [Change])
    /// The hook at `path` is not trusted, so it did not run after `changes`.
    case untrustedHook(path: String, HookDistrust, changes: [Change])
    /// The link that is the hook at `path` is not trusted, or leads through a folder that is not,
    /// so it did not run after `changes`.
    case untrustedHookPath(path: String, HookPathDistrust, changes: [Change])
    /// No hook ran after `changes`, at `depth`, which allows none (see `HookDepth`).
    case tooDeep(HookDepth, changes: [Change])

    /// What went wrong, with which hook and change, and what to do about it; a warning, not an error.
    public var description: String {
        switch self {
        case let .hookFailed(hook, outcome, change):
            return HookProblem.describe(outcome, of: HookProblem.quoted(hook), saved: "the change \(change) is saved.")
        case let .unreadableFolder(error, changes):
            return "Cannot read the hooks folder \(HookProblem.quoted(error.path)): \(error.reason); no hook ran for "
                + "\(HookProblem.list(changes)), which \(changes.count == 1 ? "is" : "are") saved. "
                + "Make it a folder you may read, or move it away."
        case let .untrustedFolder(path, distrust, changes):
            return "The hooks folder \(HookProblem.quoted(path)) is \(distrust), so no hook in it was run: another user "
                + "could put programs there to run as you. \(HookProblem.saved(changes)) \(distrust.folderRemedy(for: path))"
        case let .untrustedFolderPath(path, distrust, changes):
            return "The hooks folder \(HookProblem.quoted(path)) \(HookProblem.way(distrust)), so no hook in it was run: "
                + "\(HookProblem.who(distrust)) could \(HookProblem.lead(distrust, to: "programs of their own")) "
                + "to run as you. \(HookProblem.saved(changes)) \(HookProblem.remedy(distrust))"
        case let .untrustedHook(path, distrust, changes):
            return "Hook \(HookProblem.quoted(path)) is \(distrust), so it was not run: another user could change what it "
                + "runs as you. \(HookProblem.saved(changes)) \(distrust.hookRemedy(for: path))"
        case let .untrustedHookPath(path, distrust, changes):
            return "Hook \(HookProblem.quoted(path)) \(HookProblem.way(distrust)), so it was not run: "
                + "\(HookProblem.who(distrust)) could \(HookProblem.lead(distrust, to: "a program of their own")) "
                + "to run as you. \(HookProblem.saved(changes)) \(HookProblem.remedy(distrust))"
        case let .tooDeep(depth, changes):
            let saved = "no hook ran for \(HookProblem.list(changes)), which \(changes.count == 1 ? "is" : "are") saved"
            guard depth.level != nil, let text = depth.text else {
                return "EMOTIONS_HOOK_DEPTH=\(HookProblem.quoted(depth.text ?? "")) is not a whole number, so how deeply "
                    + "this runs inside hooks cannot be told; \(saved). emotions sets it for the hooks it runs: "
                    + "unset it, or set it to 0."
            }
            return "Hooks are nested \(text) deep (EMOTIONS_HOOK_DEPTH=\(text)), the most there may be, so that hooks "
                + "that change counts cannot run each other without end; \(saved). A hook that changes counts "
                + "should pass --no-hooks."
        }
    }

    /// What happened to the hook shown as `name`, then `saved`, then what to do: for any outcome but success.
    private static func describe(_ outcome: HookOutcome, of name: String, saved: String) -> String {
        switch outcome {
        case let .exited(status):
            return "Hook \(name) exited with status \(status); \(saved)"
        case let .killed(signal):
            return "Hook \(name) was killed by signal \(describe(signal: signal)); \(saved)"
        case let .timedOut(limit):
            return "Hook \(name) did not finish within \(limit.spokenForMessages) and was stopped; \(saved) "
                + "Make it faster, or raise EMOTIONS_HOOK_TIMEOUT (seconds)."
        case .stoppedByTerminal:
            return "Hook \(name) was stopped by the terminal (it read from or changed the terminal, which a hook "
                + "runs too far in the background to do), so it was ended at once; \(saved) "
                + "Make it leave the terminal alone: no prompts, no stty, nothing read from /dev/tty."
        case let .notStarted(code) where code == Errno.execFormatError:
            return "Hook \(name) could not be started: \(reason(code)) (ENOEXEC); \(saved) "
                + "A script needs a '#!' line, such as #!/bin/sh."
        case let .notStarted(code):
            return "Hook \(name) could not be started: \(reason(code)) (errno \(code)); \(saved)"
        case let .interpreterNotStarted(interpreter, code):
            let shown = quoted(interpreter)
            let why =
                switch code {
                case Errno.noSuchFileOrDirectory: "was not found"
                case Errno.permissionDenied: "may not be executed"
                default: "is no program this system can run"
                }
            return "Hook \(name) could not be started: its interpreter \(shown), which its '#!' line names, \(why) "
                + "(\(reason(code))); \(saved) Install it, or name another in the hook's first line."
        }
    }

    /// `is reached through the symbolic link '/x/hooks', which user 65534 (nobody) owns`, or
    /// `is reached through the folder '/srv/open', which is writable by others`.
    private static func way(_ distrust: HookPathDistrust) -> String {
        switch distrust {
        case let .foreignLink(path, owner):
            "is reached through the symbolic link \(quoted(path)), which \(UserDatabase.describe(owner)) owns"
        case let .folder(path, distrust):
            "is reached through the folder \(quoted(path)), which is \(distrust)"
        case let .interpreter(interpreter, why):
            "names in its #! line the interpreter \(quoted(interpreter)), which \(why)"
        }
    }

    /// Who could change the way: the link's or the folder's owner, or for a folder others may write to, another user.
    private static func who(_ distrust: HookPathDistrust) -> String {
        switch distrust {
        case .foreignLink: "that user"
        case let .folder(_, distrust): distrust.foreignOwner == nil ? "another user" : "that user"
        case .interpreter: "another user"
        }
    }

    /// `point it at programs of their own`, or `put programs of their own in its place`.
    private static func lead(_ distrust: HookPathDistrust, to what: String) -> String {
        switch distrust {
        case .foreignLink: "point it at \(what)"
        case .folder, .interpreter: "put \(what) in its place"
        }
    }

    /// What makes the way trusted, as a sentence.
    private static func remedy(_ distrust: HookPathDistrust) -> String {
        switch distrust {
        case let .foreignLink(path, _):
            return "Remove the link (rm -- \(ShellQuoting.word(path))), or make one of your own in its place."
        case let .folder(path, distrust) where distrust.foreignOwner == nil:
            let word = ShellQuoting.word(path)
            return "Make that folder writable only by its owner (chmod go-w -- \(word)), or sticky as /tmp is "
                + "(chmod +t -- \(word)), or keep the hooks elsewhere."
        case .folder:
            return "Keep the hooks where every folder on the way is yours or root's; EMOTIONS_HOOKS_DIR chooses "
                + "their folder."
        case .interpreter:
            return "Name in its #! line, by its absolute path, an interpreter that you or root own and no one else "
                + "may change, such as #!/bin/sh."
        }
    }

    /// `the change sad: 4 → 5`, or `the changes happy: 0 → 1, sad: 0 → 1 and smile: 2 → 0`.
    private static func list(_ changes: [Change]) -> String {
        let shown = changes.map { "\($0)" }
        guard let last = shown.last, shown.count > 1 else { return "the change " + shown.joined() }
        return "the changes " + shown.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `The change sad: 4 → 5 is saved.`, or with several changes, `… are saved.`
    private static func saved(_ changes: [Change]) -> String {
        let sentence = list(changes) + (changes.count == 1 ? " is saved." : " are saved.")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    /// `'name'`, or for a name holding control characters, a JSON string, so that none reaches a terminal raw.
    static func quoted(_ name: String) -> String {
        let isPlain = !name.unicodeScalars.contains(where: ShellQuoting.isControl)
        return isPlain ? "'\(name)'" : JSONValue.string(name).serialized(pretty: false)
    }

    /// `9 (SIGKILL)` for the common signals, else just the number.
    private static func describe(signal: Int32) -> String {
        guard let name = Signal.name(of: signal) else { return "\(signal)" }
        return "\(signal) (\(name))"
    }

    /// The system's words for `code`, as `SystemError.reason` has them.
    private static func reason(_ code: Int32) -> String {
        SystemError(call: "posix_spawn", path: "", errno: code).reason
    }
}
