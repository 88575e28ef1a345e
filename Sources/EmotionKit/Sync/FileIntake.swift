/// What one read of a history's file in the sync folder takes in: its whole commands, in order, that
/// go on with no gap from what this history holds of that history; the rest waits for a later read.
///
/// An event whose id is held already (an earlier read, a conflict copy, or a change both histories
/// imported before sync) counts as held at its place. A line that does not read, an event at a place
/// taken by another id (a fork), or a header of another format stops the read there with a
/// `problem`, for a warning; nothing after it is taken from this file. A command whose lines are not
/// all there yet, or one past a gap, stops it without a problem: the sync tool has not delivered
/// the rest. So does an undo or redo of a command not held yet (another history's, not delivered
/// yet): it is taken in once that command is.
struct FileIntake {
    /// How many events were taken in (appended to the caller's array).
    private(set) var count = 0
    /// Where reading got to: just past the last line dealt with.
    private(set) var end: Int64
    /// That line's length and hash (`SyncState.ReadCursor`), if any line was dealt with.
    private(set) var lastLine: (length: Int64, hash: UInt64)?
    /// The history's name, if the header was read.
    private(set) var name: String?
    /// Whether every line of the bytes was dealt with, but for a command cut off at their end: the
    /// read stopped only because they ran out.
    private(set) var readToEnd = false
    /// Whether the bytes ran out inside a command: more of the file may hold its rest.
    private(set) var endsInsideCommand = false
    /// Why the read stopped early, if it did for something wrong.
    private(set) var problem: SyncProblem?
    /// Events held already under another address (imported into both histories before sync), each
    /// with its place in this file's history: the model counts the event once, and a reset of this
    /// history that had seen it covers it (`SyncState.aliases`).
    private(set) var aliases: [SyncState.Alias] = []

    /// Reads `bytes`, whole lines found at offset `start` of the file of `history` (its header first
    /// when `start` is 0), where `expected` is the last place of that history held and `held` the ids;
    /// appends the events taken in, each with its origin and numbered 1 until placed, to `events`.
    init(
        _ bytes: ArraySlice<UInt8>, at start: Int64, of history: HistoryID, expected: inout UInt64, held: inout HeldIDs,
        into events: inout [JournalEvent]
    ) {
        end = start
        var lineStart = bytes.startIndex
        var offset = start
        var command: [(event: JournalEvent, end: Int64, line: ArraySlice<UInt8>)] = []
        var commandSize = 0
        while let newline = ByteSearch.firstIndex(of: 0x0A, in: bytes[lineStart...]) {
            let line = bytes[lineStart..<newline]
            let lineEnd = offset + Int64(newline - lineStart + 1)
            defer {
                lineStart = newline + 1
                offset = lineEnd
            }
            if offset == 0 {
                guard readHeader(line, endingAt: lineEnd, of: history) else { return }
                continue
            }
            guard let event = readEvent(line, at: offset, of: history), let place = event.origin?.sequence else { return }
            if command.isEmpty {
                guard place <= expected + 1 else { return }  // A gap: the sync tool has more to deliver.
                if held.contains(event.id) || place <= expected {
                    // Every place up to `expected` has its id held: another id there is a fork.
                    guard held.contains(event.id) else {
                        problem = .fork(sequence: place)
                        return
                    }
                    // Held already: a conflict copy's line, one read before, or one imported before sync.
                    if place == expected + 1, let origin = event.origin {
                        aliases.append(SyncState.Alias(id: event.id, history: history, sequence: place, after: origin.after))
                    }
                    expected = max(expected, place)
                    mark(line, endingAt: lineEnd)
                    continue
                }
                // An undo or redo waits for the command it names: the journal then holds every command
                // before its undos and redos, as backward readers (the views, `undo`) rely on.
                if let target = event.reverts, !held.contains(target) { return }
                commandSize = event.eventsInCommand ?? 1
            } else if place != expected + UInt64(command.count) + 1 || event.group != command[0].event.group {
                problem = .badLine(byte: offset, reason: "breaks off the command before it")
                return
            }
            command.append((event, lineEnd, line))
            guard command.count == commandSize else { continue }
            for item in command {
                events.append(item.event)
                held.insert(item.event.id)
            }
            count += command.count
            expected += UInt64(command.count)
            if let last = command.last { mark(last.line, endingAt: last.end) }
            command = []
        }
        readToEnd = true
        endsInsideCommand = !command.isEmpty
    }

    /// Reads the file's first line, its header: `false` (with `problem`) if it is not one of `history`'s.
    private mutating func readHeader(_ line: ArraySlice<UInt8>, endingAt lineEnd: Int64, of history: HistoryID) -> Bool {
        do throws(SyncProblem) {
            let header = try PublishedHeader(line: Array(line))
            guard header.history == history else { throw .headerOfAnother(header.history) }
            name = header.name
            mark(line, endingAt: lineEnd)
            return true
        } catch {
            problem = error
            return false
        }
    }

    /// The event on `line`, at byte `offset`, with `history` as its origin; `nil` (with `problem`)
    /// for a line that does not read, or that the journal could not keep.
    private mutating func readEvent(_ line: ArraySlice<UInt8>, at offset: Int64, of history: HistoryID) -> JournalEvent? {
        let event: JournalEvent
        do throws(JournalLineError) {
            event = try JournalEvent(publishedLine: Array(line), history: history)
        } catch {
            problem = .badLine(byte: offset, reason: error.description)
            return nil
        }
        if let reason = FileIntake.unkeepable(event) {
            problem = .badLine(byte: offset, reason: reason)
            return nil
        }
        return event
    }

    /// The largest place or mark a line may name: 2⁶², far past any history, so no arithmetic on them overflows.
    static let placeLimit = UInt64(1) << 62

    /// Why the journal could not keep `event`, a line from elsewhere, if it could not: a place or mark
    /// out of range, or a line that, as the journal writes it (with its origin, `latest` and
    /// `block`), would be longer than any journal line is read.
    static func unkeepable(_ event: JournalEvent) -> String? {
        guard let origin = event.origin else { return nil }
        if origin.sequence > placeLimit || origin.after.contains(where: { $0.seq > placeLimit }) {
            return "names a place past \(placeLimit)"
        }
        // A line whose longest form fits is not written to be measured: every field but the note and
        // `after` takes at most 1,024 bytes, a note's scalar at most 12 (an escaped pair), a mark 64.
        let longest = 1024 + 12 * (event.note?.unicodeScalars.count ?? 0) + 64 * origin.after.count
        if longest + 70 <= JournalEvent.lineLimit { return nil }
        // `latest` and `block` add at most 70 bytes to what is written now.
        if event.jsonLine.utf8.count + 70 > JournalEvent.lineLimit {
            return "is too long for the journal to keep (at most \(JournalEvent.lineLimit) bytes a line)"
        }
        return nil
    }

    /// Notes `line`, ending at `lineEnd`, as the last one dealt with.
    private mutating func mark(_ line: ArraySlice<UInt8>, endingAt lineEnd: Int64) {
        end = lineEnd
        lastLine = (Int64(line.count + 1), FileIntake.hash(line))
    }

    /// The 64-bit FNV-1a hash of a line's bytes: enough to tell a replaced file from one that goes on.
    static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
