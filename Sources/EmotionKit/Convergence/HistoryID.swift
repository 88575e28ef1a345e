/// The id of a history: one data file's journal, a replica of the counts that other histories take
/// in and converge with.
///
/// It is made when the history first sends a change: from the id of the first change the journal
/// holds (random, made at that change) and the journal file's inode (`init(firstChange:journalInode:)`);
/// or it is the id of a copied history's first change of its own, when a copy is detected: 26
/// characters of Crockford's base32, written and read as an `EventID` is, so it can be grepped and
/// matched as text.
package struct HistoryID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The id it is written as.
    package let eventID: EventID

    /// The history whose id is `eventID`.
    package init(_ eventID: EventID) {
        self.eventID = eventID
    }

    /// Reads an id's canonical text (26 characters of Crockford's base32); `nil` for anything else.
    package init?(text: String) {
        guard let eventID = EventID(parsing: text) else { return nil }
        self.eventID = eventID
    }

    /// A fresh random id made now, its random bits from `generator`: tests give a seeded one.
    package static func random(
        at millisecondsSinceEpoch: Int64 = SystemTime.realTimeMilliseconds(),
        using generator: inout some RandomNumberGenerator
    ) -> HistoryID {
        HistoryID(EventID(recordedAt: millisecondsSinceEpoch, using: &generator))
    }

    /// A fresh random id made now, its random bits from the system's generator, as an `EventID`'s are.
    package static func random() -> HistoryID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// The id a history takes when it first sends a change: its first change's id, the time kept, the
    /// 80 random bits mixed with its journal's inode. A copy of the data folder made before then holds
    /// the same first change but a journal file of its own, so the two speak as two histories; the
    /// same journal gets the same id back (a folder set again after `--stop`, a data file made again).
    package init(firstChange: EventID, journalInode: UInt64) {
        let randomBits: UInt128 = (1 << 80) - 1
        var state = UInt64(truncatingIfNeeded: firstChange.value) ^ HistoryID.mixed(journalInode)
        let high = HistoryID.mixed(UInt64(truncatingIfNeeded: firstChange.value >> 64) ^ HistoryID.mixed(state))
        state = HistoryID.mixed(state)
        let mixed = (UInt128(high) << 64 | UInt128(state)) & randomBits
        self.init(EventID(value: (firstChange.value & ~randomBits) | mixed))
    }

    /// SplitMix64's finaliser: every bit of `value` moves about half of the result's.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 26 characters.
    package var description: String { eventID.description }

    /// Orders ids as their 128 bits (and so as their text): the order `after` lists keep.
    package static func < (lhs: HistoryID, rhs: HistoryID) -> Bool {
        lhs.eventID.value < rhs.eventID.value
    }
}
