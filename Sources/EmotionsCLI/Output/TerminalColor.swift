import EmotionKit

/// A foreground colour of the terminal's own palette, as an ANSI SGR code.
///
/// Only the eight basic colours, which every terminal has and every theme adjusts to read on its
/// background; no bold, no 256-colour or RGB codes, and no grey (bright black is the background
/// itself in some dark themes, such as Solarized).
enum TerminalColor: String, Sendable {
    /// Yellow, happy's.
    case yellow = "33"
    /// Green, smile's.
    case green = "32"
    /// Cyan, neutral's.
    case cyan = "36"
    /// Magenta, upset's.
    case magenta = "35"
    /// Blue, sad's.
    case blue = "34"

    /// `text` in this colour, followed by a reset, so that the colour never leaks past it; empty
    /// text stays empty rather than becoming a pair of escapes around nothing.
    func paint(_ text: String) -> String {
        text.isEmpty ? text : "\u{1B}[" + rawValue + "m" + text + "\u{1B}[0m"
    }
}

extension Emotion {
    /// The emotion's colour, from warm to cold: happy yellow, smile green, neutral cyan, upset
    /// magenta, sad blue.
    var color: TerminalColor {
        switch self {
        case .happy: .yellow
        case .smile: .green
        case .neutral: .cyan
        case .upset: .magenta
        case .sad: .blue
        }
    }
}
