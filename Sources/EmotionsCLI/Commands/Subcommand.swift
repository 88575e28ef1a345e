/// A subcommand: its spec, how it turns parsed words into a value, and what running it does.
protocol Subcommand: Sendable {
    /// The word that runs it, such as `tap`; known without building the spec.
    static var name: String { get }
    /// The description its parser, help and usage line are made from.
    static var spec: CommandSpec { get }
    /// The command value for these parsed words; throws if they do not make sense together.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work: hands off to the store and renders what comes back.
    func run(in context: Context) throws
}
