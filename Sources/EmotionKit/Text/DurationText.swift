extension Duration {
    /// `10 s` for whole seconds, else `300 ms`: how messages state a time limit.
    var spokenForMessages: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}
