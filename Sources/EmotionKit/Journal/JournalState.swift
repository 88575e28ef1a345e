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

    /// The most bytes after the last sound line that are taken for a torn write rather than damage:
    /// 4 MiB. The sound lines of a command cut short do not count, whatever its size, nor do zero
    /// bytes at the end; a write cut short leaves at most part of a line besides.
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
            // taken as they are, from the journal's last whole command on.
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

    /// Applies every whole command past `position`, in order. A command whose lines stop short of the
    /// count its first line gives was never acknowledged: it is torn, whatever its size. A line that
    /// does not read is taken for a torn write, and it and all after it for torn, if no sound event
    /// follows it and they are no more than `tornLimit` bytes; otherwise, as for a sound line out of
    /// sequence, the journal is damaged, and nothing is guessed. Zero bytes at the end are not read.
    private mutating func rollForward(in journal: JournalFile) throws(StoreError) {
        var damage: JournalProblem?
        var damageStart: Int64?
        var lineStart = position.bytes
        // A command of several events is applied only once all its lines are read: one a crash cut
        // short between its lines was never acknowledged, and is held back as torn.
        var command: (start: Int64, size: Int, events: [(event: JournalEvent, lineEnd: Int64)])?
        let written = try journal.endBeforeZeros(downTo: position.bytes)
        let end = try journal.forEachLine(from: position.bytes, to: written) { line, lineEnd throws(StoreError) in
            defer { lineStart = lineEnd }
            let parsed = Result { () throws(JournalLineError) in try JournalEvent(journalLine: Array(line)) }
            if let damage {
                if case .success = parsed { throw .unreadableJournal(path: journal.file.path, damage) }
                return true
            }
            let expected = position.sequence + UInt64(command?.events.count ?? 0) + 1
            let number = JournalState.lineNumber(of: expected)
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
                if let group = command?.events.first?.event.group {
                    guard event.group == group, event.eventsInCommand == nil else {
                        throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: number))
                    }
                    command?.events.append((event, lineEnd))  // In place: a copy would make a long command quadratic.
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
        // Past the sound lines, a write cut short leaves part of a line; past this much, a crash did not do it.
        let notChanges = written - (damageStart ?? end)
        if notChanges > JournalState.tornLimit {
            throw .unreadableJournal(path: journal.file.path, .damagedTail(bytes: notChanges))
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
                throw .unreadableJournal(path: journal.file.path, .badLine(number: number, reason: error.changeWouldDo))
            }
            position = JournalPosition(
                sequence: event.sequence, bytes: lineEnd, latest: max(position.latest, event.latestRecording))
            isAheadOfDataFile = true
        }
    }

    /// The position after the journal's last whole command (or its header): where a data file without
    /// a position takes its counts to be. A command whose lines stop short of the count its first line
    /// gives was never acknowledged, so the position is before it, as `rollForward` would hold it back;
    /// zero bytes and a torn line at the end are passed over. Reads back through the last command's
    /// lines, and the whole command's before it if the last was cut short.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that does not read, or lines that do not make
    ///   whole commands in sequence.
    static func end(of journal: JournalFile) throws(StoreError) -> JournalPosition {
        let headerEnd = try journal.header().end
        let start = JournalPosition(sequence: 0, bytes: headerEnd, latest: JournalPosition.nothingRecorded)
        var found: JournalPosition?
        var commandEnd = start  // After the last line of the command being read back through.
        var linesRead = 0  // Of that command, so far.
        var passedCutShort = false
        var later: JournalEvent?  // The line after this one.
        try journal.forEachLineBackward(from: try journal.endBeforeZeros(downTo: headerEnd), downTo: headerEnd) {
            line, lineStart throws(StoreError) in
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(line))
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            if let later {
                guard event.sequence < later.sequence, later.sequence - event.sequence == 1 else {
                    let gap = JournalProblem.sequenceGap(
                        line: lineNumber(of: later.sequence), expected: min(event.sequence, JournalPosition.sequenceLimit) + 1,
                        found: later.sequence)
                    throw .unreadableJournal(path: journal.file.path, gap)
                }
                if linesRead > 0, event.group != later.group {
                    throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: lineNumber(of: later.sequence)))
                }
            }
            later = event
            if linesRead == 0 {
                commandEnd = JournalPosition(
                    sequence: event.sequence, bytes: lineStart + Int64(line.count) + 1,
                    latest: event.latestRecording)
            }
            linesRead += 1
            guard event.id == event.group else { return true }  // Not the command's first line yet.
            if linesRead == event.eventsInCommand ?? 1 {
                found = commandEnd
                return false
            }
            guard linesRead < event.eventsInCommand ?? 1, !passedCutShort else {
                throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: lineNumber(of: event.sequence)))
            }
            passedCutShort = true  // Never acknowledged: the whole command before it is the end.
            linesRead = 0
            return true
        }
        if let found { return found }
        // Back at the header: past it, at most a command cut short, from the first event on.
        guard linesRead == 0 else { throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: 2)) }
        if let first = later, first.sequence != 1 {
            throw .unreadableJournal(path: journal.file.path, .sequenceGap(line: 2, expected: 1, found: first.sequence))
        }
        return start
    }

    /// The line a sound journal holds the event `sequence` on, the header being line 1; 0 (left out of
    /// messages) past what an Int holds.
    static func lineNumber(of sequence: UInt64) -> Int {
        sequence < JournalPosition.sequenceLimit - 1 ? Int(sequence) + 1 : 0
    }
}
