/// The environment variables a command reads, by name.
///
/// A short list rather than a dictionary: the tool reads sixteen variables, and the first hashed
/// collection keyed by `String` costs start-up a search of the runtime's conformance tables.
///
/// Two arrays of `String`, names and values at the same places, rather than one of pairs: the standard
/// library has an array of strings ready, where an array of pairs costs start-up its runtime metadata.
struct Environment: Sendable {
    private var names: [String] = []
    private var values: [String] = []

    /// No variables.
    init() {}

    /// The variables in `dictionary`.
    init(_ dictionary: [String: String]) {
        for (name, value) in dictionary {
            setIfUnset(name, to: value)
        }
    }

    /// The value of the variable `name`, if it is set.
    subscript(name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// Sets `name` unless it is already set: of a repeated name the first counts, as `getenv` has it.
    mutating func setIfUnset(_ name: String, to value: String) {
        guard self[name] == nil else { return }
        names.append(name)
        values.append(value)
    }

    /// The time the variable `name` gives in seconds, from 0 to 86400, in plain decimal digits with at
    /// most three decimals (`10`, `0.25`); `default` if it is unset or empty.
    ///
    /// Exact to the millisecond, which messages speak in: `0.0001` or `1e-400` would otherwise round
    /// to no time at all, and `0x10` or `1e3` are not what anyone means by seconds.
    ///
    /// - Throws: `UsageError.invalidEnvironment` for any other value.
    func duration(inSeconds name: String, default: Duration) throws(UsageError) -> Duration {
        guard let text = self[name], !text.isEmpty else { return `default` }
        guard let milliseconds = Environment.milliseconds(inSeconds: text) else {
            throw .invalidEnvironment(
                name: name, value: text,
                reason: "expected a number of seconds from 0 to 86400, in digits with at most three decimals, such as 2.5")
        }
        return .milliseconds(milliseconds)
    }

    /// The milliseconds in `text`, seconds as `^[0-9]+(\.[0-9]{1,3})?$` from 0 to 86400, or `nil`.
    static func milliseconds(inSeconds text: String) -> Int? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        guard !whole.isEmpty, parts.count == 1 || (1...3).contains(fraction.count) else { return nil }
        var milliseconds = 0
        for byte in whole {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            // Stops as soon as it is too long, before any overflow.
            milliseconds = milliseconds * 10 + Int(byte - UInt8(ascii: "0")) * 1000
            guard milliseconds <= 86_400_000 else { return nil }
        }
        for (place, byte) in zip([100, 10, 1], fraction) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            milliseconds += Int(byte - UInt8(ascii: "0")) * place
        }
        return milliseconds <= 86_400_000 ? milliseconds : nil
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
