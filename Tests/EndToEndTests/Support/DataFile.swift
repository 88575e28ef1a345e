import Foundation

/// The five counts, as the tests expect them to be.
struct Counts: Equatable, Sendable, CustomStringConvertible {
    var happy = 0
    var smile = 0
    var neutral = 0
    var upset = 0
    var sad = 0

    /// The names in the order the tool lists them.
    static let names = ["happy", "smile", "neutral", "upset", "sad"]

    /// The count named `name`.
    subscript(name: String) -> Int {
        get {
            switch name {
            case "happy": happy
            case "smile": smile
            case "neutral": neutral
            case "upset": upset
            case "sad": sad
            default: 0
            }
        }
        set {
            switch name {
            case "happy": happy = newValue
            case "smile": smile = newValue
            case "neutral": neutral = newValue
            case "upset": upset = newValue
            case "sad": sad = newValue
            default: break
            }
        }
    }

    /// The sum of all five.
    var total: Int { happy + smile + neutral + upset + sad }

    var description: String {
        Counts.names.map { "\($0): \(self[$0])" }.joined(separator: ", ")
    }
}

/// The data file's format, as written by the tool and read back by the tests.
enum DataFile {
    /// The exact bytes the tool writes for `counts` when the file held nothing else.
    static func text(_ counts: Counts) -> String {
        """
        {
          "version": 1,
          "counts": {
            "happy": \(counts.happy),
            "smile": \(counts.smile),
            "neutral": \(counts.neutral),
            "upset": \(counts.upset),
            "sad": \(counts.sad)
          }
        }

        """
    }

    /// The whole file parsed with `JSONSerialization`, or `nil` if it is not a JSON object.
    static func object(_ text: String?) -> [String: Any]? {
        guard let text else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The five counts in `text`, read with `JSONSerialization`; `nil` unless every one is a whole number.
    static func counts(_ text: String?) -> Counts? {
        guard let counts = object(text)?["counts"] as? [String: Any] else { return nil }
        var result = Counts()
        for name in Counts.names {
            guard let value = counts[name] as? Int else { return nil }
            result[name] = value
        }
        return result
    }
}
