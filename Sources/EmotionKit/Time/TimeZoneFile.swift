/// A time zone file (TZif, RFC 8536, versions 1 to 4), such as `/etc/localtime` or
/// `/usr/share/zoneinfo/Europe/Paris`: a zone's offsets at each of its transitions, and, from
/// version 2, a POSIX rule (`PosixTimeZoneRule`) for the instants after the last one.
///
/// Read from its bytes strictly: a file that is not whole and exactly as RFC 8536 lays it out
/// (bad magic, cut short, bytes after its end, counts or indexes out of range, transitions out of
/// order), or that has leap seconds (the `right/` zones), or whose footer is not a rule
/// `PosixTimeZoneRule` reads, is no `TimeZoneFile`: the caller leaves it to the C library. Nothing
/// here traps, whatever the bytes.
///
/// The offset at an instant is the one glibc's `localtime_r` gives: from version 2 its 64-bit data,
/// the first standard time type before the first transition (not RFC 8536's type 0), and the
/// footer's rule from the last transition on.
package struct TimeZoneFile: Hashable, Sendable {
    /// A local time type: an offset and whether it is daylight saving time.
    package struct LocalTimeType: Hashable, Sendable {
        /// Seconds east of UTC.
        package let offset: Int
        /// Whether it is daylight saving time.
        package let isDaylightSaving: Bool
    }

    /// The instants the offset changes, in seconds since the Unix epoch, ascending.
    package let transitions: [Int64]
    /// The index in `types` of the type in force from each transition on.
    package let transitionTypes: [Int]
    /// Each local time type's offset, in seconds east of UTC; at least one. Kept as two arrays of
    /// the standard library's own element types, not one of `LocalTimeType`, whose runtime metadata
    /// would cost the start-up of every command that reads the zone.
    private let typeOffsets: [Int]
    /// Whether each local time type is daylight saving time.
    private let typeIsDaylightSaving: [Bool]
    /// The local time types, at least one.
    package var types: [LocalTimeType] {
        zip(typeOffsets, typeIsDaylightSaving).map { LocalTimeType(offset: $0, isDaylightSaving: $1) }
    }
    /// The footer's rule for the instants from the last transition on, or `nil` (version 1, or an
    /// empty footer): the last transition's type then.
    package let rule: PosixTimeZoneRule?

    /// The zone in `bytes`, the whole file, or `nil` unless it is one as the type's summary says.
    package init?(bytes: [UInt8]) {
        var reader = TimeZoneFileReader(bytes)
        guard let first = reader.header() else { return nil }
        guard first.version != 0 else {
            guard let data = reader.data(first, timeSize: 4), reader.atEnd else { return nil }
            self.init(data, rule: nil)
            return
        }
        guard reader.skipData(first), let second = reader.header(), second.version == first.version,
            let data = reader.data(second, timeSize: 8), let footer = reader.footer()
        else { return nil }
        var rule: PosixTimeZoneRule?
        if !footer.isEmpty {
            // Bytes that are not UTF-8 become U+FFFD, which no rule has.
            guard let parsed = PosixTimeZoneRule(String(decoding: footer, as: UTF8.self)) else { return nil }
            rule = parsed
        }
        self.init(data, rule: rule)
    }

    /// The zone with a data block's `data` and the footer's `rule`.
    private init(_ data: TimeZoneFileReader.Data, rule: PosixTimeZoneRule?) {
        transitions = data.transitions
        transitionTypes = data.transitionTypes
        typeOffsets = data.typeOffsets
        typeIsDaylightSaving = data.typeIsDaylightSaving
        self.rule = rule
    }

    /// Seconds east of UTC at `seconds` since the Unix epoch.
    package func offset(atSecondsSinceEpoch seconds: Int64) -> Int {
        guard let first = transitions.first, seconds >= first, let last = transitions.last else {
            // Before the first transition: the first standard time type, as glibc, or the first type.
            return typeOffsets[typeIsDaylightSaving.firstIndex(of: false) ?? 0]
        }
        if seconds >= last {
            if let rule { return rule.offset(atSecondsSinceEpoch: seconds) }
            return typeOffsets[transitionTypes[transitionTypes.count - 1]]
        }
        // The last transition at or before `seconds`: transitions[low] <= seconds < transitions[high].
        var low = 0
        var high = transitions.count - 1
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if seconds < transitions[middle] { high = middle } else { low = middle }
        }
        return typeOffsets[transitionTypes[low]]
    }

    /// The first instant after `seconds` (since the Unix epoch) at which the offset may change:
    /// `offset(atSecondsSinceEpoch:)` gives the same answer from `seconds` up to it, not including
    /// it. The next transition, or the rule's next change after the last one; `Int64.max` if the
    /// offset never changes again. A transition may change nothing (two types of one offset): the
    /// span is never too long, at worst too short.
    package func nextPossibleChange(afterSecondsSinceEpoch seconds: Int64) -> Int64 {
        guard let first = transitions.first, let last = transitions.last else { return .max }
        if seconds < first { return first }
        if seconds >= last { return rule?.nextPossibleChange(afterSecondsSinceEpoch: seconds) ?? .max }
        // The first transition after `seconds`: transitions[low] <= seconds < transitions[high].
        var low = 0
        var high = transitions.count - 1
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if seconds < transitions[middle] { high = middle } else { low = middle }
        }
        return transitions[high]
    }
}
