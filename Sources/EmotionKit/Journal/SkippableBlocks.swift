/// The blocks of lines `import` appended that a backward read may pass over at once (see
/// `JournalEvent.block`), checked before they are: a line's `block` is followed only when the line
/// it names is an event whose own `block` names itself, as the first line of every block that has
/// one does, and was recorded no later than the line naming it. A `block` that points anywhere else
/// (a journal edited by hand, or made up) is passed by, and the read goes on line by line, which
/// is always right, only slower.
struct SkippableBlocks {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// The blocks looked at, by where they start: the recording time of their first line
    /// (milliseconds), or `nil` for a place that starts no block.
    private var firstRecordings: [Int64: Int64?] = [:]

    init(journal: JournalFile, floor: Int64) {
        self.journal = journal
        self.floor = floor
    }

    /// Where a backward read that wants no change placed before `wanted` (milliseconds) may go on
    /// from after the line at `lineStart`, recorded at `recording`, whose `block` is `block`; `nil`
    /// to go on with the line before it.
    mutating func target(of block: Int64?, lineStart: Int64, recording: Int64, wanted: Int64) -> Int64? {
        guard let block, recording < wanted, block >= floor, block < lineStart else { return nil }
        let first: Int64?
        if let known = firstRecordings[block] {
            first = known
        } else {
            first = firstRecording(ofBlockAt: block, before: lineStart)
            firstRecordings[block] = first
        }
        guard let first, first <= recording else { return nil }
        return block
    }

    /// The recording time of the line at `block` if it starts a line, ends before `lineStart`, and
    /// is an event whose `block` is `block`; `nil` otherwise, or if it cannot be read.
    private func firstRecording(ofBlockAt block: Int64, before lineStart: Int64) -> Int64? {
        let from = block > floor ? block - 1 : block  // With the `\n` before it, which a line start follows.
        let count = Int(min(Int64(JournalEvent.lineLimit + 2), lineStart - from))
        guard let bytes = try? journal.read(from: from, count: count) else { return nil }
        var line = bytes[...]
        if block > floor {
            guard line.first == 0x0A else { return nil }
            line = line.dropFirst()
        }
        guard let newline = line.firstIndex(of: 0x0A), let event = try? JournalEvent(journalLine: Array(line[..<newline])),
            event.block == block
        else { return nil }
        return event.recordedAt.millisecondsSinceEpoch
    }
}
