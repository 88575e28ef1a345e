/// The words a TIME is made of, and how a misspelt one is put right for "did you mean …?".
enum TimeWords {
    /// The time of day a word names: `noon` is 12:00, `midnight` 00:00, the midnight that starts
    /// the day (`yesterday midnight` is where yesterday begins); `nil` for any other text.
    static func clockWord(_ word: String) -> TimeOfDay? {
        switch word {
        case "noon": TimeOfDay(hour: 12, minute: 0)
        case "midnight": TimeOfDay.midnight
        default: nil
        }
    }

    /// Every word a TIME may hold, in the order a suggestion prefers them: day words, clock words,
    /// weekdays, then the longer unit words of an amount ago (the one- and two-letter ones would
    /// match almost any short typo).
    static let vocabulary: [String] = ["now", "today", "yesterday", "noon", "midnight", "last", "ago", "am", "pm"]
        + Weekday.allCases.flatMap { [$0.name, $0.shortName] }
        + AgoUnit.allCases.flatMap(\.words).filter { $0.count >= 3 }

    /// `text` (in lower case) with each word of letters that a TIME does not know replaced by the
    /// known word closest to it (`Spelling`), if there is one for every such word; `nil` if there
    /// are none or one has no likely match.
    static func correction(of text: String) -> String? {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var corrected = false
        for index in words.indices {
            let word = words[index]
            guard !word.isEmpty, word.utf8.allSatisfy({ (97...122).contains($0) }), !vocabulary.contains(word) else { continue }
            guard let known = Spelling.closest(to: word, among: vocabulary) else { return nil }
            words[index] = known
            corrected = true
        }
        return corrected ? words.joined(separator: " ") : nil
    }
}
