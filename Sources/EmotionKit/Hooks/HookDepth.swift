/// How deeply the hooks about to run are nested: 0 for an `emotions` no hook started, `n + 1` for
/// one that a hook of depth `n` started; read from `EMOTIONS_HOOK_DEPTH`, which the runner sets for
/// every hook it starts.
///
/// A hook that changes counts without `--no-hooks` runs the hooks again, itself among them: the
/// depth bounds that, and tells a nested `emotions` to keep its hooks in the process group of the
/// hook that started it, so that the outer hook's time limit stops them all.
public struct HookDepth: Equatable, Sendable {
    /// The depth at which hooks no longer run: the fourth nested `emotions` runs none.
    public static let limit = 4

    /// The depth; `nil` if the variable held something other than a number, when it cannot be told.
    public let level: Int?
    /// The variable's value as given, for messages; `nil` if it was not set.
    public let text: String?

    /// The depth of an `emotions` that no hook started.
    public static let top = HookDepth(level: 0, text: nil)

    private init(level: Int?, text: String?) {
        self.level = level
        self.text = text
    }

    /// The depth `EMOTIONS_HOOK_DEPTH` gives: unset or empty is 0; decimal digits are their number,
    /// any number from `limit` on counting as `limit`; anything else, such as `-1` or `two`, is
    /// not a depth (`level` is `nil`), and no hook runs for it, since whether and how deeply this
    /// runs inside a hook is then unknown.
    public init(variable text: String?) {
        guard let text, !text.isEmpty else {
            self = .top
            return
        }
        var level = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                self.init(level: nil, text: text)
                return
            }
            // Stops growing at the limit, before any overflow.
            level = min(level * 10 + Int(byte - UInt8(ascii: "0")), HookDepth.limit)
        }
        self.init(level: level, text: text)
    }

    /// Whether hooks may run at this depth.
    public var allowsHooks: Bool { level.map { $0 < HookDepth.limit } ?? false }

    /// Whether this runs inside a hook, so that its hooks share that hook's process group. An
    /// unknown depth counts as nested: the safe guess, as a hook's own group would be out of reach
    /// of the outer hook's time limit.
    var isNested: Bool { level != 0 }

    /// The value the hooks run at this depth are given: one more.
    var next: Int { (level ?? HookDepth.limit) + 1 }
}
