extension Unicode.Scalar {
    /// Whether a terminal acts on this character, or it changes how the text around it reads,
    /// rather than being shown: what no untrusted text may carry raw to a terminal.
    ///
    /// The C0 controls (U+0000–U+001F, newline and tab included), DEL and the C1 controls
    /// (U+007F–U+009F); the bidirectional marks, embeddings, overrides and isolates (U+061C,
    /// U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what follows them; and the
    /// invisible ones that split, join or hide what is shown (U+00AD, U+200B–U+200D, U+2028–U+2029,
    /// U+2060–U+2065, U+FEFF, and the tags U+E0000–U+E007F).
    package var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF,
            0xE0000...0xE007F:
            true
        default: false
        }
    }
}
