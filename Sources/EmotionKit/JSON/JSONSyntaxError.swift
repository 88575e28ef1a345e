/// Why a text is not the JSON we accept, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public let reason: String
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column (in bytes) of the offending byte.
    public let column: Int

    /// `unexpected character 'x' (line 1, column 38)`.
    public var description: String { "\(reason) (line \(line), column \(column))" }
}
