/// How Daylio's export writes a day and a time of day, read: `full_date` as `2024-03-01`; the older
/// layout's `year` and `date` as `2024` and `1 March` (or `March 1`, `Mar 1`: English month names,
/// full or cut to three letters or more); `time` as `9:12 pm` (`9:12 PM`, `9:12pm`, `9:12 p.m.`)
/// or `21:12`.
enum DaylioClock {
    /// The day `2024-03-01` names, or `nil`.
    static func date(iso text: String) -> LocalDate? {
        let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The day `1 March` or `March 1` names in `year` (`2024`), or `nil`.
    static func date(year yearText: String, dayAndMonth text: String) -> LocalDate? {
        guard let year = Int(yearText.trimmingSpaces) else { return nil }
        let words = text.lowercased().split { $0 == " " || $0 == "." || $0 == "," }
        guard words.count == 2 else { return nil }
        let (first, second) = (String(words[0]), String(words[1]))
        if let day = Int(first), let month = month(named: second) { return LocalDate(year: year, month: month, day: day) }
        if let day = Int(second), let month = month(named: first) { return LocalDate(year: year, month: month, day: day) }
        return nil
    }

    /// The number of the English month `name` names (`march`, `mar`, `sept`), or `nil`.
    private static func month(named name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        return months.firstIndex { $0.hasPrefix(name) }.map { $0 + 1 }
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// The time `9:12 pm` or `21:12` names, or `nil`.
    static func time(_ text: String) -> TimeOfDay? {
        var rest = Substring(text.lowercased().trimmingSpaces)
        var half: Int?  // 0 for am, 12 for pm.
        for (suffix, hours) in [("a.m.", 0), ("p.m.", 12), ("am", 0), ("pm", 12)] where rest.hasSuffix(suffix) {
            half = hours
            rest = rest.dropLast(suffix.count)
            while rest.last == " " { rest = rest.dropLast() }
            break
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            var hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        if let half {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + half
        }
        return TimeOfDay(hour: hour, minute: minute, second: second)
    }
}

extension Character {
    /// Whether it is one of the ASCII digits 0 to 9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
