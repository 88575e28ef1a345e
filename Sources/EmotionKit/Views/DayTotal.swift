/// What was felt on one local day, and between which instants its counted changes were placed:
/// what the day index keeps per day, and what tells whether a day lies wholly inside a range.
struct DayTotal {
    /// The standing taps and adds made on the day, added up.
    var felt = Felt()
    /// The earliest placement among them, milliseconds since 1970; `.max` while there is none.
    var earliest: Int64 = .max
    /// The latest placement among them; `.min` while there is none.
    var latest: Int64 = .min

    /// Where a day's changes lie against a range of placement times.
    enum Overlap {
        /// None of them is in it.
        case outside
        /// All of them are in it.
        case inside
        /// Some are and some are not: only the lines themselves can say which.
        case across
    }

    /// Counts one standing tap or add made on the day.
    mutating func count(_ line: FeltLine) {
        felt.count(line)
        earliest = min(earliest, line.at)
        latest = max(latest, line.at)
    }

    /// Adds what `other` holds, of the same day.
    mutating func merge(_ other: DayTotal) {
        felt.merge(other.felt)
        earliest = min(earliest, other.earliest)
        latest = max(latest, other.latest)
    }

    /// How its changes lie against `[since, until)`, in milliseconds.
    func overlap(since: Int64, until: Int64) -> Overlap {
        if latest < since || earliest >= until { return .outside }
        return earliest >= since && latest < until ? .inside : .across
    }
}
