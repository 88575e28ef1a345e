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
    /// Whether a line rolled forward came from another history (its `old` and `new` are what that
    /// history showed) or is an undo or redo: the counts must be worked out by the event model
    /// (`JournalLedger`).
    var rolledForwardArrivals = false

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
            // Counts written without a position (by hand, or restored from a backup): they are taken as
            // they are, from the journal's last whole command on. The whole journal is read to find it,
            // as for a lost data file, so that no journal its own reader would refuse is taken or written to.
            let whole = try JournalState(document: nil, journal: journal)
            self.init(tally: document.tally, position: whole.position, tornFrom: nil, isAheadOfDataFile: true)
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
    /// does not read (one longer than any event's too) is taken for a torn write, and it and all after
    /// it for torn, if no sound event follows it and they are no more than `tornLimit` bytes; otherwise,
    /// as for a sound line out of sequence, the journal is damaged, and nothing is guessed. Zero bytes
    /// at the end are not read.
    private mutating func rollForward(in journal: JournalFile) throws(StoreError) {
        var read = ForwardRead()
        let written = try journal.endBeforeZeros(downTo: position.bytes)
        let end = try journal.forEachLine(
            from: position.bytes, to: written,
            overLong: { lineStart, lineEnd throws(StoreError) in
                let tooLong = JournalLineError.tooLong(bytes: Int(clamping: lineEnd - lineStart - 1))
                try take(.failure(tooLong), from: lineStart, to: lineEnd, &read, in: journal)
                return true
            }
        ) { line, lineEnd throws(StoreError) in
            let parsed = Result { () throws(JournalLineError) in try JournalEvent(journalLine: Array(line)) }
            try take(parsed, from: lineEnd - Int64(line.count) - 1, to: lineEnd, &read, in: journal)
            return true
        }
        if let command = read.command {
            tornFrom = command.start
        } else if let damageStart = read.damageStart {
            tornFrom = damageStart
        } else if end < journal.size {
            tornFrom = end
        }
        // Past the sound lines, a write cut short leaves part of a line; past this much, a crash did not do it.
        let notChanges = written - (read.damageStart ?? end)
        if notChanges > JournalState.tornLimit {
            throw .unreadableJournal(path: journal.file.path, .damagedTail(bytes: notChanges))
        }
    }

    /// Takes the line from `lineStart` to `lineEnd` (just past its `\n`), read as `parsed`: applies the
    /// command it ends, notes it as damage or as part of a command, or refuses the journal.
    private mutating func take(
        _ parsed: Result<JournalEvent, JournalLineError>, from lineStart: Int64, to lineEnd: Int64,
        _ read: inout ForwardRead, in journal: JournalFile
    ) throws(StoreError) {
        if let damage = read.damage {
            if case .success = parsed { throw .unreadableJournal(path: journal.file.path, damage) }
            return
        }
        let expected = position.sequence + UInt64(read.command?.events.count ?? 0) + 1
        let number = JournalState.lineNumber(of: expected)
        switch parsed {
        case let .failure(error):
            read.damage = .badLine(number: number, reason: error.description)
            read.damageStart = lineStart
        case let .success(event):
            // A whole line that reads is no write cut short: out of sequence, out of its command,
            // or past what a count holds, it is damage.
            guard event.sequence == expected else {
                throw .unreadableJournal(
                    path: journal.file.path, .sequenceGap(line: number, expected: expected, found: event.sequence))
            }
            guard event.sequence < JournalPosition.sequenceLimit else {
                throw .unreadableJournal(path: journal.file.path, .sequencePastLimit(line: number, found: event.sequence))
            }
            if let group = read.command?.events.first?.event.group {
                guard event.group == group, event.eventsInCommand == nil else {
                    throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: number))
                }
                read.command?.events.append((event, lineEnd))  // In place: a copy would make a long command quadratic.
            } else if let size = event.eventsInCommand {
                read.command = (lineStart, size, [(event, lineEnd)])
            } else {
                guard event.id == event.group else {
                    throw .unreadableJournal(path: journal.file.path, .commandCutShort(line: number))
                }
                try apply([(event, lineEnd)], number: number, in: journal)
            }
            if let open = read.command, open.events.count == open.size {
                try apply(open.events, number: number, in: journal)
                read.command = nil
            }
        }
    }

    /// Applies a whole command's events, read from lines ending at each `lineEnd`.
    private mutating func apply(
        _ events: [(event: JournalEvent, lineEnd: Int64)], number: Int, in journal: JournalFile
    ) throws(StoreError) {
        for (event, lineEnd) in events {
            // An undo or redo restores what the model says, which its recorded `new` may not be.
            if event.origin != nil || event.command.isReverting { rolledForwardArrivals = true }
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

    /// The line a sound journal holds the event `sequence` on, the header being line 1; 0 (left out of
    /// messages) past what an Int holds.
    static func lineNumber(of sequence: UInt64) -> Int {
        sequence < JournalPosition.sequenceLimit - 1 ? Int(sequence) + 1 : 0
    }
}

/// What reading forward has found past the sound lines so far: a line that does not read, and the
/// command of several events being read.
private struct ForwardRead {
    /// The first line that does not read, and where it starts.
    var damage: JournalProblem?
    var damageStart: Int64?
    /// Where the command being read starts, how many events it has, and those read so far.
    var command: (start: Int64, size: Int, events: [(event: JournalEvent, lineEnd: Int64)])?
}
