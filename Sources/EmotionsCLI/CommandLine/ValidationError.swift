/// What a command finds wrong with words that parsed, in its own terms: a name it does not know, a
/// number out of range, options it cannot take together.
///
/// The parser knows nothing of what words mean, so each tool declares its own type, as
/// swift-argument-parser's commands throw from `validate()`. A command's `init` throws it as
/// `UsageError.invalid`, so that it is reported with the command's usage line like any usage error.
protocol ValidationError: Error, Equatable, Sendable, CustomStringConvertible {}

/// A command's `ValidationError`, of whichever type it is, as a usage error carries it.
struct ValidationFailure: Equatable, Sendable, CustomStringConvertible {
    /// The command's error.
    let error: any ValidationError

    /// Carries `error`.
    init(_ error: some ValidationError) {
        self.error = error
    }

    var description: String { error.description }

    /// Whether both carry equal errors of the same type.
    static func == (lhs: ValidationFailure, rhs: ValidationFailure) -> Bool {
        lhs.error.isEqual(to: rhs.error)
    }
}

extension ValidationError {
    /// Whether `other` is an error of this type, equal to this one.
    fileprivate func isEqual(to other: any ValidationError) -> Bool {
        (other as? Self) == self
    }
}
