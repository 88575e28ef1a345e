/// Each local day's standing taps and adds up to a place in the journal: what `calendar` and the
/// other views read instead of the journal's lines, kept beside it by `DayIndexFile`.
///
/// Its bytes are 64-bit little-endian words: a header (a magic word, the position, the last line's
/// start and id, a fingerprint of the journal, the five counts there, the number of days, a hash of
/// the header and the day list), the days ascending,
/// then one record per day (the day, its earliest and latest placement, `Felt`'s stored words and
/// a hash seeded with the header's). So a reader reads the header and the day list, finds the days
/// it needs, and reads only their records; whatever it reads, hashes and bounds check.
struct DayIndex {
    /// Up to where in the journal it counts: every line before this offset, none after.
    var position: Int64
    /// Where the last line it counts starts.
    var lastLineStart: Int64
    /// That line's id, 26 bytes: with its place, what tells a reader the journal is still the one
    /// the index was made from, since ids are unique and lines are never changed.
    var lastID: [UInt8]
    /// A hash of the journal's header line and of its last 4 KiB up to `position` (see
    /// `DayIndexFile.fingerprint`): ids alone do not tell two journals apart, since `import` copies them.
    var fingerprint: UInt64 = 0
    /// The five counts at `position`, in `Emotion.allCases` order: a summary of the whole history
    /// up to there, which a reader checks against the counts it reads (see `IndexedFeltReader`).
    var counts: [Int]
    /// The days with a standing change, as days since 1970-01-01, ascending.
    var days: [Int64]
    /// What was felt on each of `days`.
    var totals: [DayTotal]

    /// The most days an index keeps: 100,000 (273 years of every day). A history spread wider is
    /// read from the journal.
    static let dayLimit = 100_000

    /// `EMDAYS01`.
    static let magic: UInt64 = 0x3130_5359_4144_4D45
    /// Words before the day list.
    static let headerWords = 15
    /// Words in a day's record.
    static let recordWords = 3 + Felt.storedWords + 1

    /// The index whose days are `totals`, up to `position`, where the counts are `counts` and
    /// whose last line starts at `lastLineStart` with id `lastID`.
    init(position: Int64, counts: Tally, lastLineStart: Int64, lastID: [UInt8], totals: [Int64: DayTotal]) {
        self.position = position
        self.counts = Emotion.allCases.map { counts[$0] }
        self.lastLineStart = lastLineStart
        self.lastID = lastID
        days = totals.keys.sorted()
        self.totals = days.map { totals[$0] ?? DayTotal() }
    }

    /// Its bytes, as `DayIndexFile` keeps them.
    var bytes: [UInt8] {
        var words = header
        words += days.map { UInt64(bitPattern: $0) }
        let seed = DayIndex.hash(words[..<(DayIndex.headerWords - 1)] + words[DayIndex.headerWords...])
        words[DayIndex.headerWords - 1] = seed
        for (day, total) in zip(days, totals) {
            var record = [UInt64](repeating: 0, count: DayIndex.recordWords)
            record[0] = UInt64(bitPattern: day)
            record[1] = UInt64(bitPattern: total.earliest)
            record[2] = UInt64(bitPattern: total.latest)
            total.felt.store { record[3 + $0] = UInt64(bitPattern: $1) }
            record[DayIndex.recordWords - 1] = DayIndex.hash(record.dropLast(), seed: seed)
            words += record
        }
        var bytes = [UInt8](repeating: 0, count: words.count * 8)
        bytes.withUnsafeMutableBytes { raw in
            for (index, word) in words.enumerated() { raw.storeBytes(of: word.littleEndian, toByteOffset: index * 8, as: UInt64.self) }
        }
        return bytes
    }

    /// The header's words, the hash left 0.
    private var header: [UInt64] {
        var id = [UInt8](repeating: 0, count: 32)
        for (index, byte) in lastID.prefix(26).enumerated() { id[index] = byte }
        var words = [DayIndex.magic, UInt64(bitPattern: position), UInt64(bitPattern: lastLineStart)]
        for part in 0..<4 {
            var word: UInt64 = 0
            for byte in 0..<8 { word |= UInt64(id[part * 8 + byte]) << UInt64(8 * byte) }
            words.append(word)
        }
        return words + [fingerprint] + counts.map { UInt64(bitPattern: Int64($0)) } + [UInt64(days.count), 0]
    }

    /// What a reader learns from the header.
    struct Header {
        /// As `DayIndex.position`; likewise the three after it.
        var position: Int64
        var lastLineStart: Int64
        var lastID: [UInt8]
        var fingerprint: UInt64
        var counts: [Int]
        var count: Int
        var hash: UInt64

        /// The file's size with this many days.
        var fileSize: Int64 { Int64(DayIndex.headerWords + count * (1 + DayIndex.recordWords)) * 8 }

        /// Reads a header's bytes; `nil` unless the magic word is there and the numbers are in bounds.
        init?(_ bytes: [UInt8]) {
            guard bytes.count == DayIndex.headerWords * 8 else { return nil }
            let words = DayIndex.words(bytes)
            guard words[0] == DayIndex.magic, let count = Int(exactly: words[13]), count <= DayIndex.dayLimit else { return nil }
            position = Int64(bitPattern: words[1])
            lastLineStart = Int64(bitPattern: words[2])
            guard lastLineStart >= 0, position > lastLineStart, position - lastLineStart <= Int64(JournalEvent.lineLimit + 1) else { return nil }
            var id: [UInt8] = []
            for word in words[3..<7] {
                for byte in 0..<8 { id.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * byte))) }
            }
            lastID = Array(id.prefix(26))
            fingerprint = words[7]
            counts = words[8..<13].map { Int(truncatingIfNeeded: Int64(bitPattern: $0)) }
            self.count = count
            hash = words[14]
        }

        /// The days of a day list's bytes, if they hash to this header's hash and ascend.
        func days(_ bytes: [UInt8], headerBytes: [UInt8]) -> [Int64]? {
            guard bytes.count == count * 8 else { return nil }
            let list = DayIndex.words(bytes)
            guard DayIndex.hash(DayIndex.words(headerBytes).dropLast() + list) == hash else { return nil }
            let days = list.map { Int64(bitPattern: $0) }
            for index in days.indices.dropFirst() where days[index - 1] >= days[index] { return nil }
            return days
        }

        /// The total in a record's bytes for `day`, if it is that day's and hashes right.
        func total(_ record: ArraySlice<UInt64>, day: Int64) -> DayTotal? {
            let first = record.startIndex
            guard record.count == DayIndex.recordWords, Int64(bitPattern: record[first]) == day,
                DayIndex.hash(record.dropLast(), seed: hash) == record[record.endIndex - 1]
            else { return nil }
            guard let felt = Felt(stored: { Int64(bitPattern: record[first + 3 + $0]) }) else { return nil }
            var total = DayTotal(felt: felt)
            total.earliest = Int64(bitPattern: record[first + 1])
            total.latest = Int64(bitPattern: record[first + 2])
            // A day's changes are placed between its local midnights, at offsets within 18 hours, in
            // the years a time stamp may have.
            let dayLength: Int64 = 86_400_000
            let margin = Int64(Timestamp.offsetLimit) * 1000
            guard total.earliest <= total.latest, DayIndex.possibleDays.contains(day),
                total.earliest >= day * dayLength - margin, total.latest < (day + 1) * dayLength + margin
            else { return nil }
            return total
        }
    }

    /// The days a change can be on: years 1 to 9999.
    static let possibleDays: ClosedRange<Int64> = {
        let first = LocalDate(year: LocalDate.years.lowerBound, month: 1, day: 1)?.daysSinceEpoch ?? 0
        let last = LocalDate(year: LocalDate.years.upperBound, month: 12, day: 31)?.daysSinceEpoch ?? 0
        return first...last
    }()

    /// Little-endian words of `bytes`, whose count is a multiple of 8.
    static func words(_ bytes: [UInt8]) -> [UInt64] {
        bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
        }
    }

    /// A 64-bit hash of `words`, to tell a damaged index from a sound one (not a secret: the
    /// index is the journal owner's own file, and trusted only as theirs).
    static func hash(_ words: some Collection<UInt64>, seed: UInt64 = 0x243F_6A88_85A3_08D3) -> UInt64 {
        var hash = seed
        for word in words {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        return hash
    }
}
