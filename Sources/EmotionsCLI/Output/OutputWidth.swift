/// How many character cells wide output for people may be: what the `stats` table fits.
enum OutputWidth {
    /// The width when nothing says otherwise, as for a pipe: the classic terminal's.
    static let fallback = 80

    /// `COLUMNS` if it is a positive whole number, else the width of the terminal standard output
    /// is, else `fallback`. Any other `COLUMNS` is ignored, as shells leave it stale or unset freely.
    static func of(_ terminal: Terminal, environment: Environment) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return terminal.columns ?? fallback
    }
}
