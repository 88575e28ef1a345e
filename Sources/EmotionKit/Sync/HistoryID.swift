/// The id of a history, one data file's journal: written as an event id is (26 characters of
/// Crockford's base32), and the name of its file in a sync folder, `<id>.jsonl`.
///
/// A minimal stand-in until the convergence model's own `HistoryID` takes its place.
package struct HistoryID: Hashable, Sendable, CustomStringConvertible {
    /// The id, as an event id.
    package let id: EventID

    /// The history whose id is `id`.
    package init(_ id: EventID) {
        self.id = id
    }

    /// Reads an id's canonical text; `nil` for anything else, lower case included.
    package init?(text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// Reads an id's canonical text from its UTF-8 bytes; `nil` for anything else.
    package init?(utf8 bytes: some Collection<UInt8>) {
        guard let id = EventID(utf8: bytes) else { return nil }
        self.id = id
    }

    /// The canonical text, such as `01KAT8FW5X6N3X9R2T4K7M1P0Z`.
    package var description: String { id.description }
}
