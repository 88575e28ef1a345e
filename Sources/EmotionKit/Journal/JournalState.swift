/// The counts as the data file and the journal together give them, and where they are in the
/// journal: what every command starts from.
///
/// The data file records how far into the journal its counts are. Anything the journal holds past
/// that was committed (its lines were flushed) but not yet saved in the data file, because the
/// process stopped or the power went between the two: it is rolled forward here, by the next
/// command and by every reader. A data file lost to a power cut (missing, empty or all zero bytes,
/// as a file renamed into place before its data reached the disk is left) is made again from the
/// journal: its header's counts, then every event.
struct JournalState {
    /// The counts.
    var tally: Tally
    /// Where the counts are in the journal.
    var position: JournalPosition
    /// Where bytes that are no complete event start, if the journal has any past `position`: a line
    /// torn by a crash while it was written, never acknowledged; a writer cuts them off.
    var tornFrom: Int64?
    /// Whether the data file's counts or position differ from these, so that it needs saving.
    var isAheadOfDataFile: Bool

    /// The most bytes taken for a torn last write: 4 MiB, a command of some 20,000 changes, more
    /// than a command line can hold.
    static let tornLimit: Int64 = 4 * 1024 * 1024

    /// The state of `document` (or, if the data file was lost, of none) and `journal`.
    ///
    /// - Throws: `StoreError.unreadableJournal` if the journal does not go on from the data file's
    ///   position, or a line that is not the last is damaged.
    init(document: TallyDocument?, journal: JournalFile) throws(StoreError) {
        guard let document else {
            // The data file was lost: make it again from the whole journal.
            let (header, end) = try journal.header()
            self.init(
                tally: header.before, position: JournalPosition(sequence: 0, bytes: end, latest: JournalPosition.nothingRecorded),
                tornFrom: nil, isAheadOfDataFile: true)
            try rollForward(in: journal)
            return
        }
        guard let position = document.journal else {
            // Counts written without a position (by hand, or restored from a backup): they are
            // taken as they are, from the journal's end on.
            self.init(tally: document.tally, position: try JournalState.end(of: journal), tornFrom: nil, isAheadOfDataFile: true)
            if self.position.bytes < journal.size { tornFrom = self.position.bytes }
            return
        }
        self.init(tally: document.tally, position: position, tornFrom: nil, isAheadOfDataFile: false)
        guard position.bytes != journal.size else { return }  // The usual case: nothing to read.
        guard position.bytes < journal.size else {
            throw .unreadableJournal(path: journal.file.path, .shorterThanRecorded(size: journal.size, recorded: position.bytes))
        }
        if position.bytes > 0, try journal.read(from: position.bytes - 1, count: 1) != [0x0A] {
            throw .unreadableJournal(path: journal.file.path, .positionInsideLine(position.bytes))
        }
        if position.bytes == 0 { self.position.bytes = try journal.header().end }
        try rollForward(in: journal)
    }

    private init(tally: Tally, position: JournalPosition, tornFrom: Int64?, isAheadOfDataFile: Bool) {
        self.tally = tally
        self.position = position
        self.tornFrom = tornFrom
        self.isAheadOfDataFile = isAheadOfDataFile
    }

    /// Applies every complete event past `position`, in order. A line that does not read is taken
    /// for a torn write, and it and all after it for torn, if no sound event follows it and they are
    /// no more than `tornLimit` bytes; otherwise, as for a sound line out of sequence, the journal is
    /// damaged, and nothing is guessed.
    private mutating func rollForward(in journal: JournalFile) throws(StoreError) {
        var damage: JournalProblem?
        var damageStart: Int64?
        var lineStart = position.bytes
        // A command of several events is applied only once all its lines are read: one a crash cut
        // short between its lines was never acknowledged, and is held back as torn.
        var command: (start: Int64, size: Int, events: [(event: JournalEvent, lineEnd: Int64)])?
        let end = try journal.forEachLine(from: position.bytes, to: journal.size) { line, lineEnd throws(StoreError) in
            defer { lineStart = lineEnd }
            let parsed = Result { () throws(JournalLineError) in try JournalEvent(journalLine: Array(line)) }
            if let damage {
                if case .success = parsed { throw .unreadableJournal(path: journal.file.path, damage) }
                return true
            }
            let expected = position.sequence + UInt64(command?.events.count ?? 0) + 1
            // The header is line 1; a number past what an Int holds is left out of the message.
            let number = expected < JournalPosition.sequenceLimit - 1 ? Int(expected) + 1 : 0
            switch parsed {
            case let .failure(error):
                damage = .badLine(number: number, reason: error.description)
                damageStart = lineStart
            case let .success(event):
                guard expected < JournalPosition.sequenceLimit else {
                    throw .unreadableJournal(path: journal.file.path, .sequenceAtLimit)
                }
                // A whole line that reads is no write cut short: out of sequence, out of its command,
                // or past what a count holds, it is damage.
                guard event.sequence == expected else {
                    throw .unreadableJournal(
                        path: journal.file.path, .sequenceGap(line: number, expected: expected, found: event.sequence))
                }
                if var open = command {
                    guard event.group == open.events[0].event.group, event.eventsInCommand == nil else {
                        throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: number))
                    }
                    open.events.append((event, lineEnd))
                    command = open
                } else if let size = event.eventsInCommand {
                    command = (lineStart, size, [(event, lineEnd)])
                } else {
                    guard event.id == event.group else {
                        throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: number))
                    }
                    try apply([(event, lineEnd)], number: number, in: journal)
                }
                if let open = command, open.events.count == open.size {
                    try apply(open.events, number: number, in: journal)
                    command = nil
                }
            }
            return true
        }
        if let command {
            tornFrom = command.start
        } else if let damageStart {
            tornFrom = damageStart
        } else if end < journal.size {
            tornFrom = end
        }
        // What one command appends is a few hundred bytes a change; past this much, a crash did not do it.
        if let tornFrom, journal.size - tornFrom > JournalState.tornLimit {
            throw .unreadableJournal(path: journal.file.path, .damagedTail(bytes: journal.size - tornFrom))
        }
    }

    /// Applies a whole command's events, read from lines ending at each `lineEnd`.
    private mutating func apply(
        _ events: [(event: JournalEvent, lineEnd: Int64)], number: Int, in journal: JournalFile
    ) throws(StoreError) {
        for (event, lineEnd) in events {
            do throws(TallyError) {
                try tally.set(event.emotion, to: event.new)
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: number, reason: error.description))
            }
            position = JournalPosition(
                sequence: event.sequence, bytes: lineEnd, latest: max(position.latest, event.latestRecording))
            isAheadOfDataFile = true
        }
    }

    /// The position after the journal's last complete event (or its header).
    static func end(of journal: JournalFile) throws(StoreError) -> JournalPosition {
        let headerEnd = try journal.header().end
        var position = JournalPosition(sequence: 0, bytes: headerEnd, latest: JournalPosition.nothingRecorded)
        try journal.forEachLineBackward(from: journal.size, downTo: headerEnd) { line, lineStart throws(StoreError) in
            do throws(JournalLineError) {
                let event = try JournalEvent(journalLine: Array(line))
                position = JournalPosition(
                    sequence: event.sequence, bytes: lineStart + Int64(line.count) + 1,
                    latest: event.latestRecording)
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            return false
        }
        return position
    }
}
