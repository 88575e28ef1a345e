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
        var builder = OwnLines.Builder(after: sequence, arrived: arrived)
        _ = try journal.forEachLine(from: start, to: end) { text, lineEnd throws(StoreError) in
            do throws(JournalLineError) {
                builder.add(try JournalEvent(journalLine: Array(text)), to: &self)
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            return true
        }
        pending = builder.marks
    }

    /// The own lines of `events`, the journal's lines from where the last send stopped, as this update
    /// just appended them: the same as reading them back from the journal, without the read.
    init(events: [JournalEvent], after sequence: UInt64, arrived: [HistoryMark]) {
        var builder = OwnLines.Builder(after: sequence, arrived: arrived)
        for event in events { builder.add(event, to: &self) }
        pending = builder.marks
    }

    /// What reading the lines in order carries from one to the next.
    private struct Builder {
        var pending: [HistoryID: UInt64] = [:]
        var number: UInt64

        init(after sequence: UInt64, arrived: [HistoryMark]) {
            number = sequence
            for mark in arrived { pending[mark.history] = max(pending[mark.history] ?? 0, mark.seq) }
        }

        /// What arrived since the last own line, in order.
        var marks: [HistoryMark] { pending.map { HistoryMark($0.key, $0.value) }.sorted { $0.history < $1.history } }

        /// Takes the journal's next line's `event`: one from elsewhere goes into `pending`, an own one is published.
        mutating func add(_ event: JournalEvent, to lines: inout OwnLines) {
            if let origin = event.origin {
                pending[origin.history] = max(pending[origin.history] ?? 0, origin.sequence)
                return
            }
            number += 1
            let after = pending.map { HistoryMark($0.key, $0.value) }
            pending = [:]
            lines.bytes += event.publishedLine(sequence: number, after: after).utf8
            lines.bytes.append(0x0A)
            lines.ends.append(lines.bytes.count)
            lines.sequences.append(event.sequence)
            lines.count += 1
            if lines.firstID == nil { lines.firstID = event.id }
        }
    }
}
