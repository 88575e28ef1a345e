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

    /// `name` as a static string, for code that makes no `String` (`QuickUpdate`, `QuickTap`).
    package var staticName: StaticString {
        switch self {
        case .happy: "happy"
        case .smile: "smile"
        case .neutral: "neutral"
        case .upset: "upset"
        case .sad: "sad"
        }
    }

    /// The name the command line prints and the data file uses as a key.
    public var name: String { rawValue }

    /// The collection `allCases` is.
    public typealias AllCases = AllEmotions

    /// All five, happy first, as the app's buttons were.
    public static var allCases: AllEmotions { AllEmotions() }

    /// The emotion whose name is exactly `rawValue`, as the data file and the journal spell it.
    ///
    /// Written out because the compiler's own looks the name up in an array of `StaticString`, a type
    /// whose runtime metadata would cost every tap's start-up its own instantiation.
    public init?(rawValue: String) {
        switch rawValue {
        case "happy": self = .happy
        case "smile": self = .smile
        case "neutral": self = .neutral
        case "upset": self = .upset
        case "sad": self = .sad
        default: return nil
        }
    }

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

    /// The emoji of the original app's button, without a variation selector; accepted on input with
    /// or without one.
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

    /// Every name accepted on input: canonical names first, then aliases, the Korean labels, and the
    /// emoji (each also accepted with a variation selector after it, which this list leaves out).
    public static let acceptedNames: [String] = spelledNames + allCases.map(\.emoji)

    /// The accepted names made of letters, which a typo can come close to: all but the emoji.
    static let spelledNames: [String] =
        allCases.map(\.name) + allCases.flatMap(\.aliases) + allCases.map(\.koreanLabel)

    /// Reads a canonical name or an alias, ignoring case, a Korean label, or an emoji with or without
    /// a variation selector (U+FE0F, as emoji keyboards add it, or U+FE0E), whatever the locale;
    /// `nil` for anything else.
    public init?(parsing text: String) {
        let key = text.lowercased()
        let face = Emotion.withoutVariationSelector(text)
        guard let match = Emotion.allCases.first(where: { emotion in
            emotion.name == key || emotion.aliases.contains { $0.lowercased() == key } || emotion.koreanLabel == text
                || emotion.emoji == face
        }) else { return nil }
        self = match
    }

    /// `text` without the one variation selector at its end, if it has one: U+FE0F asks for an emoji's
    /// colourful presentation, U+FE0E for its text presentation; either way the same face.
    private static func withoutVariationSelector(_ text: String) -> String {
        guard let last = text.unicodeScalars.last, last == "\u{FE0F}" || last == "\u{FE0E}" else { return text }
        return String(text.unicodeScalars.dropLast())
    }

    /// The emotion whose name or alias is closest to a mistyped `text`, if any is close enough.
    ///
    /// Never an emoji's: one character away from an emoji is any other character, so `x` or 😃 would
    /// suggest one.
    public static func closest(to text: String) -> Emotion? {
        guard let name = Spelling.closest(to: text.lowercased(), among: spelledNames.map { $0.lowercased() })
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

/// The five emotions, happy first: `Emotion.allCases`.
///
/// A collection of its own rather than an array: an array of `Emotion` is a type whose runtime
/// metadata the first one built costs start-up, and a tap iterates the emotions to read and write
/// every count.
public struct AllEmotions: RandomAccessCollection, Sendable, Equatable {
    /// 0, happy's place.
    public var startIndex: Int { 0 }
    /// 5, one past sad's place.
    public var endIndex: Int { 5 }

    /// The emotion at `position`, from 0 (happy) to 4 (sad); any other position is a programming
    /// error, as it is for an array.
    public subscript(position: Int) -> Emotion {
        switch position {
        case 0: .happy
        case 1: .smile
        case 2: .neutral
        case 3: .upset
        case 4: .sad
        default: preconditionFailure("Emotion index \(position) is out of range 0..<5")
        }
    }
}
