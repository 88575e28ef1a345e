/// What a running command may use from outside: the environment and the terminal.
struct Context: Sendable {
    /// The process's environment variables.
    let environment: Environment
    /// Where output goes.
    let terminal: Terminal
}
