/// Why a hooks folder or a hook is not run: someone other than the user hooks run as could change
/// it, and so choose what runs as that user.
///
/// The rule of ssh's `StrictModes` and sudo: what is trusted is owned by that user or by root,
/// and writable by neither its group nor others. A `/tmp/hooks` another user made is not.
public struct HookDistrust: Equatable, Sendable, CustomStringConvertible {
    /// The user hooks run as, whom the folder or hook should belong to.
    public let user: UInt32
    /// Its owner, if that is neither `user` nor root.
    public let foreignOwner: UInt32?
    /// Whether its group may write to it.
    public let isWritableByGroup: Bool
    /// Whether every other user may write to it.
    public let isWritableByOthers: Bool

    /// Why `status` is not to be trusted by `user`, or `nil` if it is.
    public init?(_ status: FileStatus, user: UInt32) {
        let owner = status.owner == user || status.owner == 0 ? nil : status.owner
        let group = status.permissions & 0o020 != 0
        let others = status.permissions & 0o002 != 0
        guard owner != nil || group || others else { return nil }
        self.user = user
        foreignOwner = owner
        isWritableByGroup = group
        isWritableByOthers = others
    }

    /// `owned by user 12345 and writable by its group and by others`: only what is wrong.
    public var description: String {
        var reasons: [String] = []
        if let foreignOwner { reasons.append("owned by \(UserDatabase.describe(foreignOwner))") }
        switch (isWritableByGroup, isWritableByOthers) {
        case (true, true): reasons.append("writable by its group and by others")
        case (true, false): reasons.append("writable by its group")
        case (false, true): reasons.append("writable by others")
        case (false, false): break
        }
        return reasons.joined(separator: " and ")
    }

    /// The commands that make `path` trusted, as one bash or zsh command line with `path` quoted
    /// for it: `chown 1000 'path'; chmod go-w 'path'`, each only if needed.
    func remedy(for path: String) -> String {
        let word = ShellQuoting.word(path)
        var commands: [String] = []
        if foreignOwner != nil { commands.append("chown \(user) \(word)") }
        if isWritableByGroup || isWritableByOthers { commands.append("chmod go-w \(word)") }
        return commands.joined(separator: "; ")
    }
}
