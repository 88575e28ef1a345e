/// Finds the intended word behind a typo, for "Did you mean …?" suggestions.
package enum Spelling {
    /// The candidate closest to `text` by edit distance, if it is close enough to be a likely typo.
    ///
    /// A candidate qualifies when at most a third of `text` (and at least one character) must change,
    /// or when one is a prefix of the other; ties go to the earlier candidate.
    package static func closest(to text: String, among candidates: [String]) -> String? {
        let input = Array(text)
        guard !input.isEmpty else { return nil }
        let limit = max(1, input.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(input, Array(candidate))
            let isPrefix = input.count >= 2 && (candidate.hasPrefix(text) || text.hasPrefix(candidate))
            guard distance <= limit || isPrefix else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The Damerau–Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of two neighbours each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
