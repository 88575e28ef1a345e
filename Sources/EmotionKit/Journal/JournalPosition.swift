/// How far into the journal the data file's counts are: what the data file records under
/// `"journal"`, so that the next command rolls forward whatever the journal holds past it.
///
/// Written as `"journal": {"seq": 12, "bytes": 3456, "latest": 1795000000000}`.
package struct JournalPosition: Equatable, Sendable {
    /// The sequence number of the last event the counts include; 0 before the first.
    package var sequence: UInt64
    /// The journal's length in bytes up to the end of that event's line (or of the header).
    package var bytes: Int64
    /// The latest time, in milliseconds since the epoch, at which any event up to here was recorded:
    /// a clock set back makes later lines older, and a backwards scan for "since X" may stop only
    /// once this falls before X. `nothingRecorded` before the first event.
    package var latest: Int64

    /// `latest` before the first event: no time at all, not the journal's making, so that changes
    /// recorded before it (an import's) are not all marked as recorded as late as that.
    package static let nothingRecorded = Int64.min

    /// The sequence numbers a journal may reach: 2⁶³ − 1, far past any history, so that no
    /// arithmetic on them can overflow.
    package static let sequenceLimit = UInt64(Int64.max)

    /// A position after `sequence` events, `bytes` into the journal.
    package init(sequence: UInt64, bytes: Int64, latest: Int64) {
        self.sequence = sequence
        self.bytes = bytes
        self.latest = latest
    }

    /// The compact JSON object the data file holds.
    var jsonText: String {
        var text = "{\"seq\": "
        text += String(decimal: sequence)
        text += ", \"bytes\": "
        text += String(decimal: Int(bytes))
        text += ", \"latest\": "
        text += String(decimal: Int(latest))
        text += "}"
        return text
    }

    /// Reads the data file's `"journal"` object; `nil` if it is not one of three whole numbers in range.
    init?(json: JSONValue) {
        guard case .object = json, let sequence = json["seq"]?.wholeNumber(in: 0...(JournalPosition.sequenceLimit - 1)),
            let bytes = json["bytes"]?.wholeNumber(in: 0...Int64.max), let latest = json["latest"]?.wholeNumber(in: Int64.min...Int64.max)
        else { return nil }
        self.init(sequence: sequence, bytes: bytes, latest: latest)
    }
}
