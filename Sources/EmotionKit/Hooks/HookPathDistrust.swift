/// Why a hooks folder or hook is not trusted for what is on the way to it rather than for itself:
/// a link or folder on its path that someone other than the user hooks run as could change, and so
/// lead the path to programs of their own.
///
/// The rule of ssh's `StrictModes`, for every folder from `/` on and every link: a link is followed
/// only if that user or root owns it; a folder is gone through only if that user or root owns it
/// and neither its group nor others may write to it, unless it is sticky, as `/tmp` is, where
/// no one may rename or remove what another owns.
public enum HookPathDistrust: Equatable, Sendable {
    /// The symbolic link at `path`, owned by `owner`, neither the user nor root.
    case foreignLink(path: String, owner: UInt32)
    /// The folder at `path`, on the way, which is `HookDistrust` (its writability only if it is not sticky).
    case folder(path: String, HookDistrust)
    /// The hook's `#!` line names `interpreter`, which `why` says is not trusted: a relative path,
    /// which the system looks up from whatever folder `emotions` runs in; or a file, a link or a
    /// folder on its way that someone else could change.
    case interpreter(String, why: String)

    /// Whether a folder with `status` may be gone through on the way to hooks that run as `user`.
    static func accepts(_ status: FileStatus, user: UInt32) -> Bool {
        distrust(ofFolder: status, user: user) == nil
    }

    /// Why a folder with `status` may not be gone through, or `nil` if it may.
    static func distrust(ofFolder status: FileStatus, user: UInt32) -> HookDistrust? {
        let isSticky = status.permissions & 0o1000 != 0
        var judged = status
        if isSticky { judged.permissions &= ~0o022 }
        return HookDistrust(judged, user: user)
    }

    /// Why the walk's refusal is, as a distrust.
    init?(_ problem: PathWalk.Problem, user: UInt32) {
        switch problem {
        case let .foreignLink(path, owner):
            self = .foreignLink(path: path, owner: owner)
        case let .refusedFolder(path, status):
            guard let distrust = HookPathDistrust.distrust(ofFolder: status, user: user) else { return nil }
            self = .folder(path: path, distrust)
        case .system:
            return nil
        }
    }

    /// Why the `#!` interpreter `interpreter` of a hook run as `user` is not trusted, or `nil` if it
    /// is (or does not exist: the hook then fails to start, and says so). Judged as hooks are,
    /// every folder and link on its way with `walk`.
    static func judge(interpreter: String, user: UInt32, walk: PathWalk) -> HookPathDistrust? {
        guard interpreter.hasPrefix("/") else {
            return .interpreter(interpreter, why: "is a relative path, which the system looks up from whatever folder emotions runs in")
        }
        let destination: PathWalk.Destination
        do {
            destination = try walk.walk(interpreter)
        } catch {
            switch HookPathDistrust(error, user: user) {
            case let .foreignLink(path, owner)?:
                let shown = HookProblem.quoted(path)
                return .interpreter(interpreter, why: "is reached through the symbolic link \(shown), which \(UserDatabase.describe(owner)) owns")
            case let .folder(path, distrust)?:
                let shown = HookProblem.quoted(path)
                return .interpreter(interpreter, why: "is reached through the folder \(shown), which is \(distrust)")
            case .interpreter?, nil:
                return nil
            }
        }
        walk.fileSystem.close(destination.folder)
        guard let status = destination.status, let distrust = HookDistrust(status, user: user) else { return nil }
        return .interpreter(interpreter, why: "is \(distrust)")
    }
}
