/// A JSON document as written: objects keep their key order and numbers their exact text,
/// so that keys this version does not know survive a rewrite unchanged.
package indirect enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as the literal text it was written with.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order they were written.
    case object([(key: String, value: JSONValue)])

    /// A number value for an integer.
    package static func integer(_ value: Int) -> JSONValue { .number(String(decimal: value)) }

    /// The value of `key`, if this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The integer this number is, if it is written as a whole number that fits in an `Int`.
    package var integerValue: Int? {
        guard case let .number(text) = self else { return nil }
        return Int(text)
    }

    /// The whole number this number is, if it is written as one of `Number` that is in `range`.
    package func wholeNumber<Number: FixedWidthInteger>(in range: ClosedRange<Number>) -> Number? {
        guard case let .number(text) = self, let number = Number(text), range.contains(number) else { return nil }
        return number
    }

    /// A short name of this value's type for messages: "a string", "an object".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A value for an error message: short values as written, longer ones by their kind.
    var describedForMessage: String {
        switch self {
        case .null, .bool: serialized(pretty: false)
        case let .number(text): JSONValue.shortened(text)
        case let .string(text) where text.count <= 20: serialized(pretty: false)
        default: kindDescription
        }
    }

    /// Whether two values are the same JSON, member order and number text included.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// `text` if it is at most 40 characters, else its first 20, `…` and its last 10: a number a
    /// crafted file makes 900 KB long must not become a message as long.
    package static func shortened(_ text: String) -> String {
        guard text.count > 40 else { return text }
        return text.prefix(20) + "…" + text.suffix(10)
    }
}
