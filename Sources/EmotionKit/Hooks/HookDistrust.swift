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
    package init?(_ status: FileStatus, user: UInt32) {
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

    /// What makes the hooks folder at `path` trusted, as a sentence with the bash or zsh command
    /// line that does it, `path` quoted for it: for a folder someone else owns, one of your own in
    /// its place (taking theirs over would keep whatever they put in it); else `chmod go-w`.
    func folderRemedy(for path: String) -> String {
        let word = ShellQuoting.word(path)
        guard foreignOwner == nil else {
            let aside = ShellQuoting.word(path + ".untrusted")
            return "Use a folder of your own: mv -- \(word) \(aside) && mkdir -m 700 -- \(word), "
                + "or choose another with EMOTIONS_HOOKS_DIR."
        }
        return "Make it writable only by you: chmod go-w -- \(word)."
    }

    /// What makes the hook at `path` trusted, as a sentence with the command line that does it: a
    /// copy of your own in its place, after reading it. Not `chmod go-w` or `chown`: whoever could
    /// write the file may hold it open for writing still, and write to it after either.
    func hookRemedy(for path: String) -> String {
        let word = ShellQuoting.word(path)
        let copy = ShellQuoting.word(path + ".new")
        return "Read it, then put a copy of your own in its place, which no one else can have open: "
            + "install -m 755 -- \(word) \(copy) && mv -- \(copy) \(word)."
    }
}
