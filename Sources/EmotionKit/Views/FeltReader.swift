/// Reads, backwards from the journal's end, the taps and adds that stand in a range of placement
/// times, and adds them up by the local day each was made on: what every view is made from.
///
/// An undo or redo is always recorded after the command it names, so reading backwards meets every
/// undo and redo of a command before the command itself: the command stands undone while the distinct
/// undo commands naming it outnumber the distinct redo commands (`UndoneCommands`, the model's
/// `CommandStanding`), whatever order the journal holds them in. Placement is never after recording, so the
/// read stops at the first line whose latest recording time (`JournalEvent.latestRecording`) is
/// before the range's start: the cost is the range read, not the history. A block of lines an import
/// appended after newer ones is passed over at once from a line of it recorded before the range's
/// start (`SkippableBlocks`): none of its lines is in the range, and none reverts a command before
/// it. Lines are read in place
/// (`FeltLine`); ids only where an undo or redo makes them matter.
///
/// Reading a long range on two threads (each half added up alone) was tried and measured slower
/// than one: `calendar` 3.46 ms against 3.16 ms with 100,000 events on this machine's two cores.
struct FeltReader: Sendable {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// What a read of the lines between two places found besides the changes themselves.
    struct Reach {
        /// Whether an undo or redo it read names a command before where the read stopped, which
        /// may stand otherwise than it did there.
        var revertsEarlier = false
        /// The last line read (the first met): where it starts, and its id's 26 bytes.
        var lastLine: (start: Int64, id: [UInt8])?
        /// Per emotion (in `Emotion.allCases` order), its count before the first line read that
        /// changed it: with the counts at the end, the counts where the read stopped.
        var firstOld: [Int?] = Array(repeating: nil, count: Emotion.allCases.count)

        /// The counts where the read stopped, given `counts` at its end.
        func counts(before counts: Tally) -> [Int] {
            Emotion.allCases.map { firstOld[$0.index] ?? counts[$0] }
        }
    }

    /// What was felt in `[since, until)` (either may be open), added up by the bucket `bucket` puts
    /// each local day (days since 1970-01-01) in: the day itself, its period's first day, or one
    /// bucket for the whole range, so that what is kept is what will be shown.
    /// With `tags`, only the changes recorded with every one of them count.
    func days(
        since: Instant?, until: Instant?, withTags tags: [Tag] = [], bucket: (Int64) -> Int64 = { $0 }
    ) throws(StoreError) -> [Int64: Felt] {
        let since = since?.millisecondsSinceEpoch ?? .min
        let until = until?.millisecondsSinceEpoch ?? .max
        var days: [Int64: Felt] = [:]
        // Changes come in runs on one day: the run's sum is kept aside and added once it ends.
        var run: (day: Int64, felt: Felt)?
        try read(downTo: floor, since: since, tags: TagReading(required: tags)) { line in
            guard line.at >= since, line.at < until else { return }
            if run?.day == line.day {
                run?.felt.count(line)
            } else {
                if let ended = run { days[bucket(ended.day), default: Felt()].merge(ended.felt) }
                var felt = Felt()
                felt.count(line)
                run = (line.day, felt)
            }
        }
        if let ended = run { days[bucket(ended.day), default: Felt()].merge(ended.felt) }
        return days
    }

    /// Every day's standing taps and adds among the lines after `stop` (a line's start), whenever
    /// placed, with what else the read found: what the day index is made and brought up to date from.
    func totals(downTo stop: Int64) throws(StoreError) -> (days: [Int64: DayTotal], reach: Reach) {
        var days: [Int64: DayTotal] = [:]
        var run: (day: Int64, total: DayTotal)?
        let reach = try read(downTo: stop, since: .min, tags: TagReading()) { line in
            if run?.day == line.day {
                run?.total.count(line)
            } else {
                if let ended = run { days[ended.day, default: DayTotal()].merge(ended.total) }
                var total = DayTotal()
                total.count(line)
                run = (line.day, total)
            }
        }
        if let ended = run { days[ended.day, default: DayTotal()].merge(ended.total) }
        return (days, reach)
    }

    /// What was felt in `[since, until)` with each tag, and without any: a change with two tags
    /// counts for both.
    /// With `required`, only changes recorded with every one of them count.
    func byTag(since: Instant?, until: Instant?, withTags required: [Tag] = []) throws(StoreError) -> (tagged: [Tag: Felt], untagged: Felt) {
        let since = since?.millisecondsSinceEpoch ?? .min
        let until = until?.millisecondsSinceEpoch ?? .max
        let table = TagTable()
        var felt: [Felt] = []
        var untagged = Felt()
        try read(downTo: floor, since: since, tags: TagReading(required: required, table: table)) { line in
            guard line.at >= since, line.at < until else { return }
            if table.line.isEmpty { untagged.count(line) }
            for place in table.line {
                while felt.count <= place { felt.append(Felt()) }
                felt[place].count(line)
            }
        }
        var tagged: [Tag: Felt] = [:]
        // One tag may be met in two spellings of its bytes (`é`, or `e` and a combining accent), which
        // are the same tag: their sums are one.
        for (place, sum) in felt.enumerated() { tagged[table.names[place], default: Felt()].merge(sum) }
        return (tagged, untagged)
    }

    /// The tags a read requires, as each line is checked for them: their quoted bytes (`"gym"`),
    /// found among a line's tags as written; and, if one is not ASCII alone, compared as text too,
    /// since `é` may be written as one scalar or as `e` and a combining accent, the same tag.
    struct Required {
        /// The tags.
        let tags: [Tag]
        /// Each tag's bytes in quotes.
        let quoted: [[UInt8]]
        /// Whether each tag is ASCII alone, so that its bytes tell.
        let isASCII: Bool

        init(_ tags: [Tag]) {
            self.tags = tags
            quoted = tags.map { Array(("\"" + $0.name + "\"").utf8) }
            isASCII = tags.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } }
        }

        /// Whether `words`, a line's tags as written (`"friends","gym"`), hold every one.
        func areHeld(in words: UnsafeBufferPointer<UInt8>) -> Bool {
            if quoted.allSatisfy({ FeltReader.holds(words, $0) }) { return true }
            guard !isASCII, words.count >= 2 else { return false }
            let names = String(decoding: UnsafeBufferPointer(rebasing: words[1..<(words.count - 1)]), as: UTF8.self)
                .split(separator: "\",\"", omittingEmptySubsequences: false)
            return tags.allSatisfy { tag in names.contains { $0 == tag.name } }
        }
    }

    /// Which tags a read keeps to, and where it puts each line's tags.
    struct TagReading {
        /// Only taps and adds with every one of these are handed on; all if empty.
        var required: [Tag] = []
        /// Where each line's tags are put, if they are wanted.
        var table: TagTable?
    }

    /// Hands `body` each standing tap and add among the lines after `stop` that has the tags
    /// `tags` requires (with its tags, if `tags` collects them), the latest recorded first, until a
    /// line's latest recording time is before `since`.
    @discardableResult
    private func read(
        downTo stop: Int64, since: Int64, tags: TagReading, _ body: (FeltLine) -> Void
    ) throws(StoreError) -> Reach {
        let required = Required(tags.required)
        var reach = Reach()
        // For each command undone or redone since the read began, the undo and redo commands naming
        // it, and whether its first line has been read yet.
        var undone: [EventID: (undos: Set<EventID>, redos: Set<EventID>, found: Bool)] = [:]
        var unfound = 0
        var memo = FeltLine.DateMemo()
        var blocks = SkippableBlocks(journal: journal, floor: floor)
        try journal.forEachLineBackward(from: end, downTo: stop, passingOver: { line, lineStart throws(StoreError) in
            let read = try readLine(
                line, at: lineStart, wantsID: reach.lastLine == nil, wantsGroup: !undone.isEmpty, required: required,
                table: tags.table, memo: &memo)
            let line = read.felt
            if reach.lastLine == nil, let id = read.id { reach.lastLine = (lineStart, id) }
            if line.latestRecording < since { return .stop }
            if let block = blocks.target(of: line.block, lineStart: lineStart, recording: line.recording, wanted: since) { return .skipTo(block) }
            reach.firstOld[line.emotion.index] = line.old
            if let group = read.group, read.isFirstOfGroup, undone[group]?.found == false {
                undone[group]?.found = true
                unfound -= 1
            }
            switch line.command {
            case .undo, .redo:
                if let reverts = read.reverts, let group = read.group {
                    if undone[reverts] == nil {
                        undone[reverts] = ([], [], false)
                        unfound += 1
                    }
                    if line.command == .undo { undone[reverts]?.undos.insert(group) } else { undone[reverts]?.redos.insert(group) }
                }
            case .tap, .add:
                if let group = read.group, let entry = undone[group], entry.undos.count > entry.redos.count { return .goOn }
                if read.hasRequiredTags { body(line) }
            case .reset:
                break
            }
            return .goOn
        })
        reach.revertsEarlier = unfound > 0
        return reach
    }

    /// A line as `read` needs it: what views need, and the ids that undo and redo make matter.
    private struct ReadLine {
        var felt: FeltLine
        /// Its command's group: for an undo or redo, or once a command read was undone or redone.
        var group: EventID?
        /// The command an undo or redo names.
        var reverts: EventID?
        /// Whether it is its command's first line (its id is its group), told along with `group`.
        var isFirstOfGroup = false
        /// Its id's 26 bytes, if wanted.
        var id: [UInt8]?
        /// Whether it has every tag the read requires.
        var hasRequiredTags = true
    }

    /// Reads `line`, which starts at `lineStart`, in place (`FeltLine`) or, in any other form, with
    /// the full parser; with its id's bytes if `wantsID`, its group if `wantsGroup` or it reverts,
    /// whether it has every `required` tag, and its tags put in `table`.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a line that is not an event.
    @inline(__always)
    private func readLine(
        _ line: ArraySlice<UInt8>, at lineStart: Int64, wantsID: Bool, wantsGroup: Bool, required: Required, table: TagTable?,
        memo: inout FeltLine.DateMemo
    ) throws(StoreError) -> ReadLine {
        var group: EventID?
        var reverts: EventID?
        var isFirstOfGroup = false
        var id: [UInt8]?
        var hasRequiredTags = true
        let felt = line.withUnsafeBufferPointer { buffer -> FeltLine? in
            guard let found = FeltLine(buffer, order: lineStart, day: &memo) else { return nil }
            if !required.tags.isEmpty {
                hasRequiredTags = required.areHeld(in: UnsafeBufferPointer(rebasing: buffer[found.tags]))
            }
            table?.collect(UnsafeBufferPointer(rebasing: buffer[found.tags]))
            if wantsID { id = Array(buffer[7..<33]) }  // After `{"id":"`.
            if let start = found.revertsStart {
                reverts = EventID(utf8: buffer[start..<(start + 26)])
                group = EventID(utf8: buffer[found.groupStart..<(found.groupStart + 26)])
                if reverts == nil || group == nil { return nil }
            } else if wantsGroup {
                group = EventID(utf8: buffer[found.groupStart..<(found.groupStart + 26)])
                if group == nil { return nil }
                isFirstOfGroup = buffer[7..<33].elementsEqual(buffer[found.groupStart..<(found.groupStart + 26)])
            }
            return found
        }
        if let felt {
            return ReadLine(
                felt: felt, group: group, reverts: reverts, isFirstOfGroup: isFirstOfGroup, id: id, hasRequiredTags: hasRequiredTags)
        }
        let event: JournalEvent
        do throws(JournalLineError) {
            event = try JournalEvent(journalLine: Array(line))
        } catch {
            throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
        }
        table?.collect(event.tags)
        return ReadLine(
            felt: FeltLine(event, order: lineStart), group: event.group, reverts: event.reverts,
            isFirstOfGroup: event.id == event.group, id: Array(event.id.description.utf8),
            hasRequiredTags: required.tags.allSatisfy(event.tags.contains))
    }

    /// Whether `words`, a line's tags as written (`"friends","gym"`), hold `quoted` (`"gym"`): no tag
    /// holds a quote, so a match is a whole tag.
    static func holds(_ words: UnsafeBufferPointer<UInt8>, _ quoted: [UInt8]) -> Bool {
        guard words.count >= quoted.count else { return false }
        var start = 0
        while start + quoted.count <= words.count {
            var same = true
            for offset in quoted.indices where words[start + offset] != quoted[offset] {
                same = false
                break
            }
            if same { return true }
            start += 1
        }
        return false
    }
}
