/// The options the tool takes before its subcommand and each subcommand takes after it, declared
/// once, as swift-argument-parser's `@OptionGroup`: `--file` and `--color`.
///
/// The root's spec and every subcommand's list them, so that one added here reaches the root's
/// parser, each subcommand's, help and the completion scripts together; the root hands their values
/// down to the subcommand (`ArgumentParser.parseOptions(before:)`), which reads them as its own.
enum GlobalOptions {
    /// Their specs, last in every command's option list.
    static let specs = StoreOptions.specs + [ColorChoice.spec]
}
