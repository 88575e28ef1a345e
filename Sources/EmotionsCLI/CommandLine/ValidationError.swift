/// What a command finds wrong with words that parsed, in its own terms: a name it does not know, a
/// number out of range, options it cannot take together.
///
/// The parser knows nothing of what words mean, so each tool declares its own type, as
/// swift-argument-parser's commands throw from `validate()`. A command's `init` throws it as
/// `UsageError.invalid`, so that it is reported with the command's usage line like any usage error.
protocol ValidationError: Error, Sendable, CustomStringConvertible {}

/// A command's `ValidationError`, of whichever type it is, as a usage error carries it: its message
/// and its type, which tell one from another.
///
/// Kept as plain values, not as the error: every run copies a `UsageError?` on its way to a command,
/// and with an existential inside it (or a class holding one) each copy went through runtime
/// metadata that start-up otherwise never builds (callgrind: 709k to 717k instructions a tap, 698k
/// with plain values, 702k before `CommandError`).
struct ValidationFailure: Equatable, Sendable, CustomStringConvertible {
    /// The type of the command's error.
    let type: ObjectIdentifier
    /// The command's message.
    let description: String

    /// Carries `error`.
    init<Failure: ValidationError>(_ error: Failure) {
        type = ObjectIdentifier(Failure.self)
        description = error.description
    }
}
