/// The changes an `export` file holds, read and checked line by line, gathered into whole commands
/// in the order `import` applies them: what can be known of a file before the journal is read.
///
/// A line is read as `log --json` writes it (`JournalEvent.init(exportLine:)`); empty lines are
/// skipped. Every id is in the file once; every command is whole: its first change (the one whose
/// id is its `group`) is there with all the changes its `events` counts, and they share its
/// `at`, `recorded`, `command`, `note` and `reverts`; every time lies in the years 1 to 9999 in UTC
/// as well as at its own offset (`OutsideYears`), as a change made here does, so a recording time
/// can be written in UTC as a later line's `latest`. Commands come by the time their first
/// change was recorded (`recorded`, else `at`), then by their place in the file: for a file from a
/// history whose clock never went back, the order they were made in.
package struct ImportBatch: Sendable {
    /// One command of the file, whole.
    package struct Command: Sendable {
        /// Its changes, the first one first, then in the file's order.
        package let events: [JournalEvent]
        /// The line of each change, from 1.
        package let lines: [Int]
    }

    /// The commands, in the order they are applied.
    package let commands: [Command]

    /// How many changes the file holds.
    package var changeCount: Int { commands.reduce(0) { $0 + $1.events.count } }

    /// Reads `bytes`, the whole file.
    ///
    /// - Throws: `ImportError` for the first line that is not a change, a repeated id, or a command
    ///   that is not whole.
    package init(parsing bytes: [UInt8]) throws(ImportError) {
        // Each command's changes, its first one first, gathered as the lines are read.
        var order: [EventID] = []
        var members: [EventID: [(line: Int, event: JournalEvent)]] = [:]
        var lineOfID: [EventID: Int] = [:]
        var lineNumber = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // A byte order mark some editors add.
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            lineNumber += 1
            var line = bytes[start..<end]
            start = end + 1
            if line.last == 0x0D { line = line.dropLast() }  // A file that went through Windows.
            if line.isEmpty { continue }
            let event: JournalEvent
            do {
                event = try JournalEvent(exportLine: Array(line))
            } catch {
                // No change read yet: the file's first line that is not empty.
                if lineOfID.isEmpty, line.starts(with: ImportError.csvHeaderStart.utf8) { throw .csvExport(line: lineNumber) }
                throw .badLine(line: lineNumber, error)
            }
            if let (key, outside) = ImportBatch.outsideYears(event) {
                throw .timeNotKept(line: lineNumber, key: key, time: ImportBatch.text(of: key, in: line, or: event), outside)
            }
            if let first = lineOfID[event.id] { throw .duplicateID(line: lineNumber, id: event.id, firstLine: first) }
            lineOfID[event.id] = lineNumber
            if members[event.group] == nil { order.append(event.group) }
            if event.id == event.group {
                members[event.group, default: []].insert((lineNumber, event), at: 0)
            } else {
                members[event.group, default: []].append((lineNumber, event))
            }
        }
        lineOfID = [:]
        var commands: [(key: Int64, line: Int, command: Command)] = []
        commands.reserveCapacity(order.count)
        for group in order {
            let items = members.removeValue(forKey: group) ?? []
            guard let first = items.first, first.event.id == group else {
                throw .missingFirstChange(line: items.first?.line ?? 0, group: group)
            }
            let expected = first.event.eventsInCommand ?? 1
            guard items.count == expected else {
                throw .commandIncomplete(line: first.line, expected: expected, found: items.count)
            }
            for item in items.dropFirst() {
                if let key = ImportBatch.differingKey(item.event, first.event) {
                    throw .unlikeItsCommand(line: item.line, key: key, firstLine: first.line)
                }
            }
            commands.append(
                (first.event.recordedAt.millisecondsSinceEpoch, first.line,
                 Command(events: items.map(\.event), lines: items.map(\.line))))
        }
        commands.sort { $0.key != $1.key ? $0.key < $1.key : $0.line < $1.line }
        self.commands = commands.map(\.command)
    }

    /// How long after now, by this machine's clock, a change may have been recorded: a day, for a
    /// clock ahead or set in the wrong time zone where it was made. Further ahead, it would be the
    /// latest change here until then, and every read from the end would go past it.
    package static let clockAllowance: Int64 = 86_400_000

    /// Refuses the first command (by line) with a change among `new`, those the history takes in,
    /// that was recorded more than `clockAllowance` after `now`; one already there was taken in before.
    ///
    /// - Throws: `ImportError.recordedAhead`.
    package func checkRecorded(notAfter now: Instant, new: Set<EventID>) throws(ImportError) {
        let milliseconds = now.millisecondsSinceEpoch
        let limit = milliseconds > Int64.max - Self.clockAllowance ? Int64.max : milliseconds + Self.clockAllowance
        let ahead = commands.filter { command in
            command.events[0].recordedAt.millisecondsSinceEpoch > limit && command.events.contains { new.contains($0.id) }
        }
        guard let first = ahead.min(by: { $0.lines[0] < $1.lines[0] }) else { return }
        let event = first.events[0]
        throw .recordedAhead(line: first.lines[0], key: event.recorded == nil ? "at" : "recorded", time: event.recordedAt, now: now)
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
    private static func differingKey(_ event: JournalEvent, _ first: JournalEvent) -> String? {
        if event.command != first.command { return "command" }
        if event.at != first.at { return "at" }
        if event.recorded != first.recorded { return "recorded" }
        if event.note != first.note { return "note" }
        if event.reverts != first.reverts { return "reverts" }
        return nil
    }
}
