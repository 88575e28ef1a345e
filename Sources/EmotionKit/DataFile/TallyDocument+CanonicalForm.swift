extension TallyDocument {
    /// What a data file holds if its bytes are in the exact form `serialized()` writes for a tally,
    /// a journal position and a zone memo and nothing else (or a tally alone, as a file from before
    /// history is); `nil` for any other bytes, which the JSON parser reads.
    ///
    /// A tap and `stats` read this file every time, and the JSON parser built a tree of values for
    /// it first: some 30,000 instructions of a tap's 466,000. Read here, with the
    /// journal line's cursor, the same file gives the same document: every number is whole, without
    /// a sign or leading zeros, of at most 18 digits (so no count, total or position is out of
    /// range), `latest` alone may be negative, and anything else (a sync folder's state, keys of a
    /// newer version, other spacing) goes to the parser.
    package static func canonicalContents(of bytes: [UInt8]) -> (tally: Tally, journal: JournalPosition?, zone: ZoneMemo?)? {
        guard let contents = bytes.withUnsafeBufferPointer(canonicalContents(in:)) else { return nil }
        // No count or total can overflow at 18 digits each, but the tally is the judge.
        var tally = Tally()
        do {
            _ = try tally.apply(.add(Int(contents.counts.happy), to: .happy))
            _ = try tally.apply(.add(Int(contents.counts.smile), to: .smile))
            _ = try tally.apply(.add(Int(contents.counts.neutral), to: .neutral))
            _ = try tally.apply(.add(Int(contents.counts.upset), to: .upset))
            _ = try tally.apply(.add(Int(contents.counts.sad), to: .sad))
        } catch {
            return nil
        }
        return (tally, contents.journal, contents.zone)
    }

    /// `canonicalContents(of:)` of the bytes in `buffer`, its counts as plain numbers: no array or
    /// other collection is made, so that `stats --json` can read the file without any
    /// (`QuickCounts`). Each count is at most 18 digits, so neither it nor their total overflows.
    package static func canonicalContents(
        in buffer: UnsafeBufferPointer<UInt8>
    ) -> (counts: FiveCounts, journal: JournalPosition?, zone: ZoneMemo?)? {
        var cursor = JournalLineCursor(bytes: buffer)
        guard cursor.skip("{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": "), let happy = cursor.wholeNumber(),
            cursor.skip(",\n    \"smile\": "), let smile = cursor.wholeNumber(),
            cursor.skip(",\n    \"neutral\": "), let neutral = cursor.wholeNumber(),
            cursor.skip(",\n    \"upset\": "), let upset = cursor.wholeNumber(),
            cursor.skip(",\n    \"sad\": "), let sad = cursor.wholeNumber(),
            cursor.skip("\n  }")
        else { return nil }
        var journal: JournalPosition?
        if cursor.skip(",\n  \"journal\": {\"seq\": ") {
            guard let sequence = cursor.wholeNumber(), cursor.skip(", \"bytes\": "), let size = cursor.wholeNumber(),
                cursor.skip(", \"latest\": ")
            else { return nil }
            let isNegative = cursor.skip("-")
            guard let magnitude = cursor.wholeNumber(), !isNegative || magnitude > 0, cursor.skip("}") else { return nil }
            let latest = isNegative ? -Int64(magnitude) : Int64(magnitude)
            journal = JournalPosition(sequence: UInt64(sequence), bytes: Int64(size), latest: latest)
        }
        var zone: ZoneMemo?
        if cursor.skip(",\n  \"zone\": {\"device\": ") {
            guard let memo = cursor.zoneMemo() else { return nil }
            zone = memo
        }
        guard cursor.skip("\n}\n"), cursor.isAtEnd else { return nil }
        let counts = FiveCounts(happy: Int64(happy), smile: Int64(smile), neutral: Int64(neutral), upset: Int64(upset), sad: Int64(sad))
        return (counts, journal, zone)
    }
}

extension JournalLineCursor {
    /// The rest of a zone memo as `ZoneMemo.jsonText` writes it, after its `{"device": `; `nil` for
    /// anything else, which the JSON parser reads.
    fileprivate mutating func zoneMemo() -> ZoneMemo? {
        guard let device = wholeNumber(), skip(", \"inode\": "), let inode = wholeNumber(), skip(", \"size\": "),
            let size = wholeNumber(), skip(", \"seconds\": "), let seconds = wholeNumber(), skip(", \"nanoseconds\": "),
            let nanoseconds = wholeNumber(), nanoseconds < 1_000_000_000, skip(", \"changedSeconds\": "),
            let changedSeconds = wholeNumber(), skip(", \"changedNanoseconds\": "), let changedNanoseconds = wholeNumber(),
            changedNanoseconds < 1_000_000_000, skip(", \"from\": "), let from = wholeNumber(), skip(", \"until\": "),
            let until = wholeNumber(), skip(", \"offset\": ")
        else { return nil }
        let isNegative = skip("-")
        guard let magnitude = wholeNumber(), !isNegative || magnitude > 0, magnitude <= TimeZoneRules.largestOffset, skip("}")
        else { return nil }
        return ZoneMemo(
            file: FileIdentity(device: UInt64(device), inode: UInt64(inode)), size: Int64(size), seconds: Int64(seconds),
            nanoseconds: Int64(nanoseconds), changedSeconds: Int64(changedSeconds), changedNanoseconds: Int64(changedNanoseconds),
            from: Int64(from), until: Int64(until), offset: isNegative ? -magnitude : magnitude)
    }
}
