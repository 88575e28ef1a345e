/// One of the five emotions of the original app, from very happy to very sad.
public enum Emotion: String, CaseIterable, Sendable, Hashable, Comparable {
    /// Very happy: 😄.
    case happy
    /// A moderate smile: 🙂.
    case smile
    /// Neither up nor down: 😐.
    case neutral
    /// Slightly upset: 😕.
    case upset
    /// Very sad: 😢.
    case sad

    /// The name the command line prints and the data file uses as a key.
    public var name: String { rawValue }

    /// The other names accepted on input, besides `name`; matching ignores case.
    public var aliases: [String] {
        switch self {
        case .happy: ["very-happy", "veryHappy"]
        case .smile: ["moderate-smile", "moderateSmile"]
        case .neutral: []
        case .upset: ["slightly-upset", "slightlyUpset"]
        case .sad: ["very-sad", "verySad"]
        }
    }

    /// The emoji of the original app's button.
    public var emoji: String {
        switch self {
        case .happy: "😄"
        case .smile: "🙂"
        case .neutral: "😐"
        case .upset: "😕"
        case .sad: "😢"
        }
    }

    /// A short English label, for people rather than scripts.
    public var englishLabel: String {
        switch self {
        case .happy: "very happy"
        case .smile: "moderate smile"
        case .neutral: "neutral"
        case .upset: "slightly upset"
        case .sad: "very sad"
        }
    }

    /// The original app's Korean label.
    public var koreanLabel: String {
        switch self {
        case .happy: "완전행복"
        case .smile: "적당미소"
        case .neutral: "그냥그냥"
        case .upset: "좀속상한"
        case .sad: "많이슬픈"
        }
    }

    /// Every name accepted on input: canonical names first, then aliases, then the Korean labels.
    public static let acceptedNames: [String] =
        allCases.map(\.name) + allCases.flatMap(\.aliases) + allCases.map(\.koreanLabel)

    /// Reads a canonical name or an alias, ignoring case, or a Korean label, whatever the locale;
    /// `nil` for anything else.
    public init?(parsing text: String) {
        let key = text.lowercased()
        guard let match = Emotion.allCases.first(where: { emotion in
            emotion.name == key || emotion.aliases.contains { $0.lowercased() == key } || emotion.koreanLabel == text
        }) else { return nil }
        self = match
    }

    /// The emotion whose name or alias is closest to a mistyped `text`, if any is close enough.
    public static func closest(to text: String) -> Emotion? {
        guard let name = Spelling.closest(to: text.lowercased(), among: acceptedNames.map { $0.lowercased() })
        else { return nil }
        return Emotion(parsing: name)
    }

    /// Orders emotions as the app's buttons were: happy first, sad last.
    public static func < (lhs: Emotion, rhs: Emotion) -> Bool {
        lhs.index < rhs.index
    }

    /// Its place in `allCases`, from 0 (happy) to 4 (sad).
    var index: Int {
        switch self {
        case .happy: 0
        case .smile: 1
        case .neutral: 2
        case .upset: 3
        case .sad: 4
        }
    }
}
