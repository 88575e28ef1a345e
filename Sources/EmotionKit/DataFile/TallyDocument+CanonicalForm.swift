extension TallyDocument {
    /// What a data file holds if its bytes are in the exact form `serialized()` writes for a tally
    /// and a journal position and nothing else (or a tally alone, as a file from before history
    /// is); `nil` for any other bytes, which the JSON parser reads.
    ///
    /// A tap and `stats` read this file every time, and the JSON parser built a tree of values for
    /// it first: some 30,000 instructions of a tap's 466,000. Read here, with the
    /// journal line's cursor, the same file gives the same document: every number is whole, without
    /// a sign or leading zeros, of at most 18 digits (so no count, total or position is out of
    /// range), `latest` alone may be negative, and anything else (a sync folder's state, keys of a
    /// newer version, other spacing) goes to the parser.
    package static func canonicalContents(of bytes: [UInt8]) -> (tally: Tally, journal: JournalPosition?)? {
        bytes.withUnsafeBufferPointer { buffer in
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
            guard cursor.skip("\n}\n"), cursor.isAtEnd else { return nil }
            // No count or total can overflow at 18 digits each, but the tally is the judge.
            var tally = Tally()
            do {
                _ = try tally.apply(.add(happy, to: .happy))
                _ = try tally.apply(.add(smile, to: .smile))
                _ = try tally.apply(.add(neutral, to: .neutral))
                _ = try tally.apply(.add(upset, to: .upset))
                _ = try tally.apply(.add(sad, to: .sad))
            } catch {
                return nil
            }
            return (tally, journal)
        }
    }
}
