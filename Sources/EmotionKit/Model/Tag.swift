/// A word that says what came with a feeling, such as `gym` or `운동`: letters of any script, digits,
/// `-` and `_`, kept lower-case, at most `lengthLimit` characters and `byteLimit` bytes. A command carries at most
/// `perCommandLimit` of them, on each of its events.
public struct Tag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The tag as it is stored and shown, lower-case, without the `+` or `#` that may mark it.
    public let name: String

    /// The longest tag, in characters.
    public static let lengthLimit = 32
    /// The most bytes a tag may hold in UTF-8, lower-case: eight for each of its characters, room for
    /// any word's letters and marks, while one letter stacked with a thousand marks is refused.
    public static let byteLimit = 256
    /// The most tags one command may carry.
    public static let perCommandLimit = 16

    /// Reads a tag as typed, without its `+`, ignoring case.
    ///
    /// - Throws: `TagError` for an empty word, one too long, or one holding any other character.
    public init(_ text: String) throws(TagError) {
        guard !text.isEmpty else { throw .empty }
        if let name = Tag.plainASCII(text) {
            self.name = name
            return
        }
        var count = 0
        for character in text {
            count += 1
            guard Tag.isAllowed(character) else { throw .badCharacter(text, character) }
        }
        guard count <= Tag.lengthLimit else { throw .tooLong(text, characters: count) }
        // A character may hold any number of marks: bounded in bytes too, so that sixteen tags and
        // a note always make a journal line within `JournalEvent.lineLimit`.
        let name = text.lowercased()
        guard name.utf8.count <= Tag.byteLimit else { throw .tooManyBytes(text, bytes: name.utf8.count) }
        self.name = name
    }

    /// A tag already checked as `init(_:)` checks it, and lower-case: one read back from a journal line
    /// a cursor has checked.
    package init(checked name: String) {
        self.name = name
    }

    /// `text` lower-cased, if it is a tag of ASCII letters, digits, `-` and `_` alone: read byte by
    /// byte, as most tags are, without the Unicode tables (a tap with three tags paid 70,000
    /// instructions for them); `nil` for anything else.
    private static func plainASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                bytes.append(byte + 32)
            default:
                return nil
            }
        }
        guard bytes.count <= lengthLimit else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `character` may be in a tag: a letter or digit of any script (with the marks that
    /// belong to it), `-` or `_`.
    static func isAllowed(_ character: Character) -> Bool {
        if character == "-" || character == "_" { return true }
        guard let first = character.unicodeScalars.first, first.properties.isAlphabetic || first.properties.numericType == .decimal
        else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType == .decimal
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        }
    }

    /// The tags of one command: sorted, each once.
    ///
    /// - Throws: `TagError.tooMany` for more than `perCommandLimit` different tags.
    public static func set(_ tags: [Tag]) throws(TagError) -> [Tag] {
        if tags.count > perCommandLimit {
            // Counted first: put in order one by one, 30,000 typed tags took seconds to be refused.
            let distinct = Set(tags).count
            guard distinct <= perCommandLimit else { throw .tooMany(distinct) }
        }
        // Put in order by insertion: a command has a few, and the generic sort costs a tap its metadata.
        var result: [Tag] = []
        result.reserveCapacity(tags.count)
        for tag in tags {
            var place = result.count
            while place > 0, tag < result[place - 1] { place -= 1 }
            if place > 0, result[place - 1] == tag { continue }
            result.insert(tag, at: place)
        }
        guard result.count <= perCommandLimit else { throw .tooMany(result.count) }
        return result
    }

    /// The name.
    public var description: String { name }

    /// Ordered by name, as stored.
    public static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.name < rhs.name }
}

/// Why a word is not a tag.
public enum TagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing after the `+`.
    case empty
    /// A character that is not a letter, digit, `-` or `_`.
    case badCharacter(String, Character)
    /// More than `Tag.lengthLimit` characters.
    case tooLong(String, characters: Int)
    /// More than `Tag.perCommandLimit` different tags on one command.
    case tooMany(Int)
    /// More than `Tag.byteLimit` bytes of UTF-8, kept lower-case.
    case tooManyBytes(String, bytes: Int)

    /// Why the word is not a tag, in a few words, for a message that names where it was found.
    public var reason: String {
        switch self {
        case .empty: "it is empty"
        case let .badCharacter(_, character): "'\(character)' is not a letter, digit, '-' or '_'"
        case let .tooLong(_, count): "it is \(count) characters long; the limit is \(Tag.lengthLimit)"
        case let .tooMany(count): "\(count) tags are more than \(Tag.perCommandLimit)"
        case let .tooManyBytes(_, bytes): "it is \(bytes) bytes long in UTF-8; the limit is \(Tag.byteLimit)"
        }
    }

    /// Names the bad tag, why, and what a good one looks like.
    public var description: String {
        switch self {
        case .empty:
            "Invalid tag: '+' alone names no tag; write the word right after it, such as +gym."
        case let .badCharacter(text, character):
            "Invalid tag '\(text)': '\(character)' is not a letter, digit, '-' or '_'; write one word, such as +good-meal."
        case let .tooLong(text, count):
            "Invalid tag '\(text)': \(count) characters is longer than \(Tag.lengthLimit); use a shorter word, such as +gym."
        case let .tooManyBytes(text, bytes):
            "Invalid tag '\(text)': its \(bytes) bytes of UTF-8 (marks over a letter count too) are more than \(Tag.byteLimit); "
                + "use a shorter word, such as +gym."
        case let .tooMany(count):
            "Too many tags: \(count) on one change, more than \(Tag.perCommandLimit); keep the ones that matter, such as +gym +friends."
        }
    }
}
