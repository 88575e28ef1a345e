/// One event as histories exchange it: a change of one emotion's count, or an undo or redo, with
/// where it was made (`history`, `seq`) and what its history had seen by then (`after`).
///
/// Counts are a function of the set of such events (see `EventSet`): they hold no time at all, so a
/// clock set wrong on one machine changes nothing. Identity is `id`: the same id twice is one event.
///
/// Its properties are declared in the order that packs them into 96 bytes (a history of 100,000
/// events holds 100,000 of them): the optional id's tag byte shares a word with the command and emotion.
package struct HistoryEvent: Hashable, Sendable {
    /// The event's id, unique everywhere.
    package let id: EventID
    /// The command it belongs to: the id of the command's first event.
    package let group: EventID
    /// The history it was made in.
    package let history: HistoryID
    /// For an undo or redo, the group of the tap, add or reset it takes back or makes again.
    package let reverts: EventID?
    /// The command that made it.
    package let command: JournalCommand
    /// The emotion it is about.
    package let emotion: Emotion
    /// Its place in that history, from 1, with no gaps.
    package let seq: UInt64
    /// What its history took in from other histories since its previous event: the increments of
    /// its version vector, sorted by history, one mark per history, its own history never named.
    /// An array, not a dictionary: most events carry none, and a dictionary costs far more.
    package let after: [HistoryMark]
    /// What a tap or add changed the count by where it was made (a tap +1); unused for the others.
    package let delta: Int

    /// An event; `after` is put in order, the largest seq kept where it names a history twice and
    /// a mark of the event's own history dropped (its own past is its earlier seqs already).
    ///
    /// - Throws: `HistoryEventError` if `seq` is 0 or `UInt64.max`, or a mark is at `UInt64.max`.
    package init(
        id: EventID, group: EventID, history: HistoryID, seq: UInt64, after: [HistoryMark] = [],
        command: JournalCommand, emotion: Emotion, delta: Int, reverts: EventID? = nil
    ) throws(HistoryEventError) {
        guard seq >= 1 else { throw .zeroSeq }
        guard seq < .max else { throw .seqTooLarge(seq) }
        if let mark = after.first(where: { $0.seq == .max }) { throw .markTooLarge(mark) }
        self.id = id
        self.group = group
        self.history = history
        self.seq = seq
        self.after = HistoryEvent.normalized(after, without: history)
        self.command = command
        self.emotion = emotion
        self.delta = delta
        self.reverts = reverts
    }

    /// `marks` sorted by history, one per history (the largest), none of `own`.
    private static func normalized(_ marks: [HistoryMark], without own: HistoryID) -> [HistoryMark] {
        if marks.isEmpty { return marks }
        let sorted = marks.filter { $0.history != own }.sorted {
            $0.history == $1.history ? $0.seq > $1.seq : $0.history < $1.history
        }
        var result: [HistoryMark] = []
        result.reserveCapacity(sorted.count)
        for mark in sorted where result.last?.history != mark.history {
            result.append(mark)
        }
        return result
    }
}
