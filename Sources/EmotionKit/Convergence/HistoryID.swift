/// The id of a history: one data file's journal, a replica of the counts that other histories take
/// in and converge with.
///
/// It is the id of the first event the journal holds (random, made at the first change), or a fresh
/// random id when a copied history is detected: 26 characters of Crockford's base32, written and read
/// as an `EventID` is, so it can be grepped and matched as text.
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

    /// The 26 characters.
    package var description: String { eventID.description }

    /// Orders ids as their 128 bits (and so as their text): the order `after` lists keep.
    package static func < (lhs: HistoryID, rhs: HistoryID) -> Bool {
        lhs.eventID.value < rhs.eventID.value
    }
}
