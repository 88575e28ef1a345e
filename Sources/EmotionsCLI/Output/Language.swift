import EmotionKit

/// The language of the labels people read in `stats` and in change lines, from the locale.
///
/// Only labels follow it: JSON, `stats EMOTION`, errors and help are the same in every locale,
/// so that scripts and bug reports read alike everywhere.
enum Language: Equatable, Sendable {
    /// Canonical names: `happy: 3 → 4`.
    case english
    /// The original app's labels: `완전행복: 3 → 4`.
    case korean

    /// The language of the locale the environment sets for messages: the first non-empty of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG`, as POSIX orders them. Korean if its language part
    /// (before any `_`, `.` or `@`) is `ko`, as in `ko_KR.UTF-8` or `ko`; English otherwise.
    init(environment: Environment) {
        self = .english
        // A plain loop: `lazy.compactMap` would build generic metadata on every tap's start-up.
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let locale = environment[name], !locale.isEmpty else { continue }
            if locale.prefix(while: { $0 != "_" && $0 != "." && $0 != "@" }) == "ko" { self = .korean }
            return
        }
    }

    /// What people read for `emotion`: its name, or its Korean label.
    func label(for emotion: Emotion) -> String {
        switch self {
        case .english: emotion.name
        case .korean: emotion.koreanLabel
        }
    }

    /// The label of the table's last line, the sum of all five counts.
    var totalLabel: String {
        switch self {
        case .english: "total"
        case .korean: "합계"
        }
    }
}
