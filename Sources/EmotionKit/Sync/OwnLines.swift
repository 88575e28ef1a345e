/// This history's own changes as its file in the sync folder holds them: each own journal line
/// published with its place in the history and what arrived before it (`JournalEvent.publishedLine`).
///
/// Read from a part of the journal, forward: a line with an origin arrived from elsewhere and goes
/// into the next own line's `after`; an own line is numbered on from `sequence`. The same journal
/// always gives the same bytes, so a file that lost its end can be sent again exactly as it was.
struct OwnLines {
    /// The published lines, each with its `\n`.
    private(set) var bytes: [UInt8] = []
    /// How many own events they are.
    private(set) var count = 0
    /// What arrived after the last own line read, for the next one's `after`.
    private(set) var pending: [HistoryMark] = []
    /// The first own event's id, if any was read: a history with no identity yet takes it.
    private(set) var firstID: EventID?
    /// The line ends of the published lines in `bytes`, one per own event.
    private(set) var ends: [Int] = []
    /// The journal sequence of each own event read.
    private(set) var sequences: [UInt64] = []

    /// The own lines of `journal` from `start` to `end`, numbered after `sequence`; `arrived` is what
    /// arrived before `start` since the last own line, for the first line's `after`.
    init(journal: JournalFile, from start: Int64, to end: Int64, after sequence: UInt64, arrived: [HistoryMark]) throws(StoreError) {
        var pending: [HistoryID: UInt64] = [:]
        for mark in arrived { pending[mark.history] = max(pending[mark.history] ?? 0, mark.seq) }
        var number = sequence
        var line: [UInt8] = []
        _ = try journal.forEachLine(from: start, to: end) { text, lineEnd throws(StoreError) in
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(text))
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            if let origin = event.origin {
                pending[origin.history] = max(pending[origin.history] ?? 0, origin.sequence)
                return true
            }
            number += 1
            let after = pending.map { HistoryMark($0.key, $0.value) }
            pending = [:]
            line = Array(event.publishedLine(sequence: number, after: after).utf8)
            bytes += line
            bytes.append(0x0A)
            ends.append(bytes.count)
            sequences.append(event.sequence)
            count += 1
            if firstID == nil { firstID = event.id }
            return true
        }
        self.pending = pending.map { HistoryMark($0.key, $0.value) }.sorted { $0.history < $1.history }
    }
}
