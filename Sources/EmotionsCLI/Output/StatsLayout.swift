/// Which columns of the `stats` table fit in a width, and how long the longest bar is.
///
/// A full line is `😄 happy  4  ████  50.0%`: emoji, name, count, bar, share, two spaces between
/// columns. The bar takes three tenths of the width (24 cells at 80 columns), at most 50 cells, and
/// no more than the room the other columns leave. Where fewer than 4 cells are left for it, the
/// bar goes first, then the share, then the emoji. A count is never cut: where even a name and its
/// count do not fit, lines are as wide as they need to be.
struct StatsLayout: Equatable, Sendable {
    /// The most cells a bar may take, so that a wide terminal does not get absurd bars.
    static let maximumBarWidth = 50
    /// The fewest cells worth drawing a bar in; with less room there is no bar column.
    static let minimumBarWidth = 4
    /// The cells of the share column: `100.0%`.
    static let shareWidth = 6

    /// Cells of the longest bar; 0 when there is no bar column.
    let barWidth: Int
    /// Whether lines end with the share of the total.
    let showsShare: Bool
    /// Whether lines start with the emotion's emoji (and the total line with as many spaces).
    let showsEmoji: Bool

    /// The layout of a table `width` cells wide whose names take `nameWidth` cells and counts `countWidth`.
    init(width: Int, nameWidth: Int, countWidth: Int) {
        let core = 3 + nameWidth + 2 + countWidth  // "😄 " name "  " count
        let share = 2 + StatsLayout.shareWidth
        // Clamped first, so that a huge COLUMNS cannot overflow the multiplication.
        let proportional = min(width, 1000) * 3 / 10
        let bar = min(StatsLayout.maximumBarWidth, proportional, width - core - share - 2)
        if bar >= StatsLayout.minimumBarWidth {
            (barWidth, showsShare, showsEmoji) = (bar, true, true)
        } else if core + share <= width {
            (barWidth, showsShare, showsEmoji) = (0, true, true)
        } else if core <= width {
            (barWidth, showsShare, showsEmoji) = (0, false, true)
        } else {
            (barWidth, showsShare, showsEmoji) = (0, false, false)
        }
    }
}
