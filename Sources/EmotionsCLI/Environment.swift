/// The environment variables a command reads, by name.
///
/// A short list rather than a dictionary: the tool reads twelve variables, and the first hashed
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

    /// The time the variable `name` gives in seconds, from 0 to 86400, fractions allowed; `default`
    /// if it is unset or empty.
    ///
    /// - Throws: `UsageError.invalidEnvironment` for any other value.
    func duration(inSeconds name: String, default: Duration) throws(UsageError) -> Duration {
        guard let text = self[name], !text.isEmpty else { return `default` }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw .invalidEnvironment(name: name, value: text, reason: "expected a number of seconds from 0 to 86400")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
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
