/// The first read of an export (`ImportBatch.init(reading:)`): each line checked as it comes and kept
/// as a `Change`, then the lines gathered into whole commands in the order they are applied.
///
/// What is kept of each line is a few flat arrays, and the commands are found by sorting, not by
/// dictionaries of 100,000 entries: an export of ten years is read in a few MiB.
struct ImportBatchReading {
    /// A command, once the lines are gathered: its changes are `order[start..<start + count]`.
    struct Command {
        /// When its first change was recorded (`recorded`, else `at`), in milliseconds since 1970.
        let recorded: Int64
        /// The line of its first change.
        let line: Int32
        /// Where its changes start in the gathered order.
        let start: Int32
        /// How many changes it has.
        let count: Int32
    }

    /// The changes, in the file's order.
    private(set) var changes: [ImportBatch.Change] = []
    /// Each change's command (its `group`), in the file's order.
    private var groups: [EventID] = []
    /// Each change's hash of what its command's changes share, in the file's order.
    private var likenesses: [UInt64] = []
    /// Each change's recording time (`recorded`, else `at`), in milliseconds since 1970.
    private var recordedTimes: [Int64] = []
    /// How many changes each change's command has, as the change says (`events`, else 1): any whole
    /// number a line may hold, which a command too large for any file is refused for, never trapped on.
    private var sizes: [Int] = []
    /// The changes' indices, command by command (see `wholeCommands`).
    private(set) var order: [Int32] = []
    /// The histories named, by index.
    private(set) var histories: [HistoryID] = []
    private var historyIndex: [HistoryID: UInt32] = [:]
    /// For each undo or redo, by its id, the command it names.
    private(set) var reverts: [EventID: EventID] = [:]

    /// Checks the line `number`, starting at `offset`, and keeps what the union needs of its change.
    ///
    /// - Throws: `ImportError` for a line that is not a change.
    mutating func take(_ line: ArraySlice<UInt8>, offset: Int64, number: Int) throws(ImportError) {
        if line.isEmpty { return }
        let event: JournalEvent
        do {
            event = try JournalEvent(exportLine: Array(line))
        } catch {
            // No change read yet: the file's first line that is not empty.
            if changes.isEmpty, line.starts(with: ImportError.csvHeaderStart.utf8) { throw .csvExport(line: number) }
            throw .badLine(line: number, error)
        }
        if let (key, outside) = ImportBatchReading.outsideYears(event) {
            throw .timeNotKept(line: number, key: key, time: ImportBatchReading.text(of: key, in: line, or: event), outside)
        }
        var history = ImportBatch.unaddressed
        if let origin = event.origin {
            history = historyIndex[origin.history] ?? UInt32(histories.count)
            if history == histories.count {
                // Each history's mark may go into the next own line's `after`, as a sync folder's files do.
                guard histories.count < SyncRound.historyLimit else { throw .tooManyHistories(line: number, limit: SyncRound.historyLimit) }
                historyIndex[origin.history] = history
                histories.append(origin.history)
            }
        }
        if let target = event.reverts { reverts[event.id] = target }
        changes.append(
            ImportBatch.Change(
                id: event.id, sequence: event.origin?.sequence ?? 0, fingerprint: ImportBatch.fingerprint(of: line), offset: offset,
                length: line.count, history: history, line: number, isFirst: event.id == event.group))
        groups.append(event.group)
        likenesses.append(ImportBatchReading.likeness(of: event))
        recordedTimes.append(event.recordedAt.millisecondsSinceEpoch)
        sizes.append(event.eventsInCommand ?? 1)
    }

    /// The commands, each checked whole, in the order they are applied: by recording time, then line.
    ///
    /// - Throws: `ImportError` for a repeated id, or for the first command (by where its first line
    ///   came) whose first change is missing, that lacks changes, or one of whose changes differs from
    ///   its first in what they share; `ImportSourceError` if a line cannot be read again to say how.
    mutating func wholeCommands(_ source: ExportSource) throws -> [Command] {
        try checkIDsOnce()
        // Command by command; in each, its first change first, then the file's order.
        order = Array(0..<Int32(changes.count))
        order.sort { left, right in
            let (a, b) = (Int(left), Int(right))
            if groups[a] != groups[b] { return groups[a].value < groups[b].value }
            if changes[a].isFirst != changes[b].isFirst { return changes[a].isFirst }
            return a < b
        }
        var commands: [Command] = []
        var found: (appearance: Int32, error: ImportError)?
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, groups[Int(order[end])] == groups[Int(order[start])] { end += 1 }
            let members = order[start..<end]
            let appearance = members.min() ?? 0
            if found.map({ appearance < $0.appearance }) ?? true, let error = try fault(of: members, source) {
                found = (appearance, error)
            }
            let first = Int(members[start])
            commands.append(Command(recorded: recordedTimes[first], line: changes[first].line, start: Int32(start), count: Int32(end - start)))
            start = end
        }
        if let found { throw found.error }
        groups = []
        likenesses = []
        recordedTimes = []
        sizes = []
        return commands.sorted { $0.recorded != $1.recorded ? $0.recorded < $1.recorded : $0.line < $1.line }
    }

    /// Refuses the first line whose id is on an earlier line too.
    ///
    /// - Throws: `ImportError.duplicateID`.
    private func checkIDsOnce() throws(ImportError) {
        var byID = Array(0..<Int32(changes.count))
        byID.sort { changes[Int($0)].id.value != changes[Int($1)].id.value ? changes[Int($0)].id.value < changes[Int($1)].id.value : $0 < $1 }
        var repeated: (line: Int32, first: Int32, id: EventID)?
        var runStart = 0  // In `byID`: where the run of the current id starts, its first line in the file.
        for place in byID.indices.dropFirst() {
            let (first, again) = (changes[Int(byID[runStart])], changes[Int(byID[place])])
            guard first.id == again.id else {
                runStart = place
                continue
            }
            if repeated.map({ again.line < $0.line }) ?? true { repeated = (again.line, first.line, again.id) }
        }
        if let repeated { throw .duplicateID(line: Int(repeated.line), id: repeated.id, firstLine: Int(repeated.first)) }
    }

    /// Why the command of `members` (its first change first, if it is there) is not whole, if it is not.
    ///
    /// - Throws: `ImportSourceError` if a line cannot be read again to say how.
    private func fault(of members: ArraySlice<Int32>, _ source: ExportSource) throws -> ImportError? {
        let first = Int(members[members.startIndex])
        guard changes[first].isFirst else {
            return .missingFirstChange(line: Int(changes[Int(members.min() ?? 0)].line), group: groups[first])
        }
        let expected = sizes[first]
        guard members.count == expected else {
            return .commandIncomplete(line: Int(changes[first].line), expected: expected, found: members.count)
        }
        var reader: ImportBatch.Reader?
        for member in members.dropFirst() where likenesses[Int(member)] != likenesses[first] {
            reader = reader ?? ImportBatch.Reader(source: source)
            let firstEvent = try reader?.lineEvent(of: changes[first])
            let event = try reader?.lineEvent(of: changes[Int(member)])
            if let firstEvent, let event, let key = ImportBatchReading.differingKey(event, firstEvent) {
                return .unlikeItsCommand(line: Int(changes[Int(member)].line), key: key, firstLine: Int(changes[first].line))
            }
        }
        return nil
    }

    /// A 64-bit hash (FNV-1a) of what the changes of one command share: `command`, `at`,
    /// `recorded`, `note` and `reverts`. Changes that differ in any of them are found by their line.
    static func likeness(of event: JournalEvent) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (value >> UInt64(shift)) & 0xFF
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        for byte in event.command.rawValue.utf8 { mix(UInt64(byte)) }
        for time in [event.at, event.recorded] {
            mix(time.map { UInt64(bitPattern: $0.millisecondsSinceEpoch) } ?? UInt64.max)
            mix(time.map { UInt64(UInt32(bitPattern: $0.offsetSeconds)) } ?? UInt64.max)
        }
        mix(UInt64(event.note?.utf8.count ?? -1 & 0xFFFF_FFFF))
        for byte in event.note?.utf8 ?? "".utf8 { mix(UInt64(byte)) }
        let reverts = event.reverts?.value ?? 0
        mix(UInt64(truncatingIfNeeded: reverts >> 64))
        mix(UInt64(truncatingIfNeeded: reverts))
        mix(event.reverts == nil ? 0 : 1)
        return hash
    }

    /// The key of `event`'s first time (`at`, then `recorded`) that falls outside what the history
    /// keeps, and how; `nil` if both lie in the years 1 to 9999 in UTC as well as at their own offset
    /// (which every `Timestamp` does). A history keeps no other time from the command line either.
    private static func outsideYears(_ event: JournalEvent) -> (key: String, OutsideYears)? {
        for (key, time) in [("at", event.at), ("recorded", event.recorded)] {
            guard let time else { continue }
            let instant = Instant(millisecondsSinceEpoch: time.millisecondsSinceEpoch)
            if let outside = OutsideYears(instant, offsetSeconds: Int(time.offsetSeconds)) { return (key, outside) }
        }
        return nil
    }

    /// The time `key` of `line` as the line wrote it, for a message; `event`'s, as RFC 3339 writes it,
    /// should the line hold it otherwise than as a string.
    private static func text(of key: String, in line: ArraySlice<UInt8>, or event: JournalEvent) -> String {
        if case let .string(text)? = (try? JSONParser.parse(Array(line)))?[key] { return text }
        return (key == "at" ? event.at : event.recordedAt).rfc3339
    }

    /// The first key, if any, in which `event` differs from its command's first change `first`.
    static func differingKey(_ event: JournalEvent, _ first: JournalEvent) -> String? {
        if event.command != first.command { return "command" }
        if event.at != first.at { return "at" }
        if event.recorded != first.recorded { return "recorded" }
        if event.note != first.note { return "note" }
        if event.reverts != first.reverts { return "reverts" }
        return nil
    }
}
