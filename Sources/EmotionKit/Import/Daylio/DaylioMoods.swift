/// Which of the five each of Daylio's mood labels is: its five default moods (rad → happy, good →
/// smile, meh → neutral, bad → upset, awful → sad), and the user's own labels as `--map` gives them
/// (`"super happy=happy,tired=neutral"`), which may also say otherwise of a default one. Labels
/// are matched ignoring case and the spaces around them, as Daylio's export sometimes leaves one.
package struct DaylioMoods: Sendable {
    /// Daylio's five moods as a new install names them.
    package static let defaults: [(label: String, emotion: Emotion)] = [
        ("rad", .happy), ("good", .smile), ("meh", .neutral), ("bad", .upset), ("awful", .sad),
    ]

    /// The emotion of each label, by its key (`key(of:)`).
    private var emotions: [String: Emotion]

    /// The defaults, with `map` (`LABEL=EMOTION,...`, or `nil`) over them; EMOTION is any name or
    /// alias `Emotion(parsing:)` reads.
    ///
    /// - Throws: `MapError` for an item without `=`, an empty label, or an emotion not known.
    package init(map: String? = nil) throws(MapError) {
        emotions = Dictionary(uniqueKeysWithValues: Self.defaults.map { (Self.key(of: $0.label), $0.emotion) })
        guard let map else { return }
        for item in map.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = item.lastIndex(of: "=") else { throw .noEquals(String(item)) }
            let label = Self.key(of: String(item[..<equals]))
            let name = String(item[item.index(after: equals)...]).trimmingSpaces
            guard !label.isEmpty else { throw .emptyLabel(String(item)) }
            guard let emotion = Emotion(parsing: name) else { throw .unknownEmotion(name, item: String(item)) }
            emotions[label] = emotion
        }
    }

    /// The emotion `label` maps to, if any.
    func emotion(of label: String) -> Emotion? {
        emotions[Self.key(of: label)]
    }

    /// How a label is matched: lower-cased, without the spaces around it.
    static func key(of label: String) -> String {
        label.trimmingSpaces.lowercased()
    }

    /// How the `--map` syntax is shown in messages.
    package static let syntax = "--map LABEL=EMOTION,... (such as --map 'super happy=happy,tired=neutral'); "
        + "EMOTION is one of happy, smile, neutral, upset, sad or an alias of one"

    /// Why a `--map` cannot be read (a usage error: nothing was read yet).
    package enum MapError: Error, Equatable, Sendable, CustomStringConvertible {
        /// An item without `=`.
        case noEquals(String)
        /// An item with nothing before its `=`.
        case emptyLabel(String)
        /// An item whose emotion is not one.
        case unknownEmotion(String, item: String)

        /// What is wrong with which item, and the syntax.
        package var description: String {
            switch self {
            case let .noEquals(item): "'\(item)' has no '='; write \(DaylioMoods.syntax)"
            case let .emptyLabel(item): "'\(item)' names no Daylio mood before its '='; write \(DaylioMoods.syntax)"
            case let .unknownEmotion(name, item): "'\(item)': '\(name)' is not an emotion; write \(DaylioMoods.syntax)"
            }
        }
    }
}

extension String {
    /// The text without the spaces and tabs around it.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\u{A0}" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\u{A0}" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
