import Foundation

/// One line of `--json` output, parsed with `JSONSerialization`: `{"emotion": "happy", "old": 3, "new": 4}`,
/// or, for a count `watch --initial` prints, `{"emotion": "happy", "new": 3}`.
struct PrintedJSONChange: Equatable, Sendable, CustomStringConvertible {
    /// The emotion's name.
    let emotion: String
    /// The count before; `nil` for an initial count.
    let old: Int?
    /// The count after, or the initial count.
    let new: Int

    /// A change from `old` to `new`, or an initial count if `old` is `nil`.
    init(_ emotion: String, old: Int? = nil, new: Int) {
        self.emotion = emotion
        self.old = old
        self.new = new
    }

    /// The fields of `line`, or `nil` unless it is one JSON object with exactly these keys: `emotion`, a
    /// string; `new` and, unless it is an initial count, `old`, whole numbers; and for a change `watch`
    /// found in the history, its `at` and `command`, strings, and perhaps a `note` (not compared).
    init?(_ line: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            let emotion = object["emotion"] as? String, let new = PrintedJSONChange.wholeNumber(object["new"])
        else { return nil }
        let old = PrintedJSONChange.wholeNumber(object["old"])
        let counts: Set<String> = old == nil ? ["emotion", "new"] : ["emotion", "old", "new"]
        let history: Set<String> = ["at", "command"]
        let keys = Set(object.keys)
        guard keys == counts
            || (old != nil && object["at"] is String && object["command"] is String
                && (keys == counts.union(history) || keys == counts.union(history).union(["note"])))
        else { return nil }
        self.init(emotion, old: old, new: new)
    }

    var description: String {
        old.map { "\(emotion): \($0) → \(new)" } ?? "\(emotion): \(new)"
    }

    /// `value` as an `Int` if `JSONSerialization` read it from a whole number: not `4.0`, `4.5` or `true`,
    /// which `as? Int` would all take (a Boolean is an `NSNumber` of type `c`).
    private static func wholeNumber(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
            number.stringValue == String(number.intValue)
        else { return nil }
        return number.intValue
    }
}
