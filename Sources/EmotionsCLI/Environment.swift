/// The environment variables a command reads, by name.
///
/// A short list rather than a dictionary: the tool reads ten variables, and the first hashed
/// collection keyed by `String` costs start-up a search of the runtime's conformance tables.
struct Environment: Sendable {
    private var variables: [(name: String, value: String)] = []

    /// No variables.
    init() {}

    /// The variables in `dictionary`.
    init(_ dictionary: [String: String]) {
        variables = dictionary.map { ($0.key, $0.value) }
    }

    /// The value of the variable `name`, if it is set.
    subscript(name: String) -> String? {
        variables.first { $0.name == name }?.value
    }

    /// Sets `name` unless it is already set: of a repeated name the first counts, as `getenv` has it.
    mutating func setIfUnset(_ name: String, to value: String) {
        if self[name] == nil { variables.append((name, value)) }
    }
}

extension Environment: ExpressibleByDictionaryLiteral {
    /// The variables written as a literal, such as `["HOME": "/home/me"]`.
    init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            setIfUnset(name, to: value)
        }
    }
}
