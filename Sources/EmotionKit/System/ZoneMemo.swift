/// What the system's time zone file said of the offset, kept in the data file so that a tap need
/// not read the file again while it is the same: the file's identity, size, modification and change
/// times, and the offset it gives from `from` up to `until`, when it may next change.
///
/// A file with the same device, inode, size and both times holds the same bytes: replacing it (as a
/// package update or `timedatectl` does) makes another inode, and writing it in place moves its
/// change time, which no program can set back. A memo is only made of a file whose change time is
/// settled, 2 s or more before it was read, so that a write in the same tick of a coarse clock
/// cannot leave its times as they were. The offset is the zone's own, in seconds east of UTC,
/// before `TimeZoneRules` rounds it.
///
/// ```
/// "zone": {"device": 2049, "inode": 1837, "size": 2298, "seconds": 1795776984, "nanoseconds": 149000000,
///          "changedSeconds": 1795776984, "changedNanoseconds": 149000000, "from": 1795800000,
///          "until": 1803434400, "offset": 3600}
/// ```
package struct ZoneMemo: Equatable, Sendable {
    /// The zone file's device and inode.
    package var file: FileIdentity
    /// The zone file's size in bytes.
    package var size: Int64
    /// The zone file's modification time: whole seconds since 1970-01-01 UTC, and nanoseconds past them.
    package var seconds: Int64
    package var nanoseconds: Int64
    /// The zone file's change time (`st_ctim`): whole seconds since 1970-01-01 UTC, and nanoseconds past them.
    package var changedSeconds: Int64
    package var changedNanoseconds: Int64
    /// The first second since the epoch the offset was worked out for.
    package var from: Int64
    /// The first second since the epoch at which the offset may change; the memo holds up to it, not at it.
    package var until: Int64
    /// Seconds east of UTC from `from` up to `until`.
    package var offset: Int

    /// How long before its reading a zone file's change time must be for a memo to be made of it.
    package static let settledSeconds: Int64 = 2
    /// The latest `until` kept (the year 33,658): far past any instant a tap is made at, and short
    /// enough for the data file's fast reader, which reads numbers of up to 18 digits.
    package static let latestUntil: Int64 = 999_999_999_999

    /// The largest device, inode or time kept: 18 digits, what the data file's fast reader reads
    /// (a memo past it would send every read of the data file through the JSON parser).
    package static let largestNumber: Int64 = 999_999_999_999_999_999

    /// The memo of a zone file of `status`, read at `readAt` (seconds since the epoch), whose offset
    /// from `now` is `offset` until `until`; `nil` unless the file is a regular one whose change time
    /// was settled when it was read, `now` is after 1970, and its numbers are ones the data file's
    /// readers read (an offset within ±18 hours, numbers of at most 18 digits).
    package init?(file status: FileStatus, readAt: Int64, now: Int64, offset: Int, until: Int64) {
        let changed = status.changed.components.seconds
        let modified = status.modified.components.seconds
        guard status.kind == .regularFile, now >= 0, until > now, changed <= readAt - ZoneMemo.settledSeconds,
            abs(offset) <= TimeZoneRules.largestOffset, status.size <= ZoneMemo.largestNumber,
            [Int64(clamping: status.identity.device), Int64(clamping: status.identity.inode), changed, modified]
                .allSatisfy({ (0...ZoneMemo.largestNumber).contains($0) })
        else { return nil }
        self.file = status.identity
        size = status.size
        (seconds, nanoseconds) = ZoneMemo.parts(of: status.modified)
        (changedSeconds, changedNanoseconds) = ZoneMemo.parts(of: status.changed)
        from = now
        self.until = min(until, ZoneMemo.latestUntil)
        self.offset = offset
    }

    /// The memo as written, field by field.
    package init(
        file: FileIdentity, size: Int64, seconds: Int64, nanoseconds: Int64, changedSeconds: Int64, changedNanoseconds: Int64,
        from: Int64, until: Int64, offset: Int
    ) {
        self.file = file
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
        self.from = from
        self.until = until
        self.offset = offset
    }

    /// Whether a zone file of `status` is the one remembered, as it was then.
    package func describes(_ status: FileStatus) -> Bool {
        status.kind == .regularFile && status.identity == file && status.size == size
            && status.modified == .seconds(seconds) + .nanoseconds(nanoseconds)
            && status.changed == .seconds(changedSeconds) + .nanoseconds(changedNanoseconds)
    }

    /// Whether the offset is remembered for `second` since the epoch.
    package func covers(_ second: Int64) -> Bool {
        from <= second && second < until
    }

    /// Whole seconds and the nanoseconds past them.
    private static func parts(of time: Duration) -> (seconds: Int64, nanoseconds: Int64) {
        let parts = time.components
        return (parts.seconds, parts.attoseconds / 1_000_000_000)
    }
}

extension ZoneMemo {
    /// The `"zone"` value; `nil` if it is not one (it is then only not used: the next tap reads the zone).
    package init?(json: JSONValue?) {
        guard let json, case .object = json, let device = json["device"]?.wholeNumber(in: 0...UInt64(Int64.max)),
            let inode = json["inode"]?.wholeNumber(in: 0...UInt64(Int64.max)), let size = json["size"]?.wholeNumber(in: 0...Int64.max),
            let seconds = json["seconds"]?.wholeNumber(in: Int64.min...Int64.max),
            let nanoseconds = json["nanoseconds"]?.wholeNumber(in: Int64(0)...999_999_999),
            let changedSeconds = json["changedSeconds"]?.wholeNumber(in: Int64.min...Int64.max),
            let changedNanoseconds = json["changedNanoseconds"]?.wholeNumber(in: Int64(0)...999_999_999),
            let from = json["from"]?.wholeNumber(in: 0...Int64.max), let until = json["until"]?.wholeNumber(in: 0...Int64.max),
            let offset = json["offset"]?.wholeNumber(in: -TimeZoneRules.largestOffset...TimeZoneRules.largestOffset)
        else { return nil }
        self.init(
            file: FileIdentity(device: device, inode: inode), size: size, seconds: seconds, nanoseconds: nanoseconds,
            changedSeconds: changedSeconds, changedNanoseconds: changedNanoseconds, from: from, until: until, offset: offset)
    }

    /// The `"zone"` value as the data file holds it, on one line.
    package var jsonText: String {
        // Appended piece by piece, as `TallyDocument.serialized()` is: a save writes it on every tap.
        var text = "{\"device\": " + String(decimal: file.device) + ", \"inode\": " + String(decimal: file.inode)
        text += ", \"size\": " + String(decimal: Int(size))
        text += ", \"seconds\": " + String(decimal: Int(seconds)) + ", \"nanoseconds\": " + String(decimal: Int(nanoseconds))
        text += ", \"changedSeconds\": " + String(decimal: Int(changedSeconds))
        text += ", \"changedNanoseconds\": " + String(decimal: Int(changedNanoseconds))
        text += ", \"from\": " + String(decimal: Int(from)) + ", \"until\": " + String(decimal: Int(until))
        text += ", \"offset\": " + String(decimal: offset) + "}"
        return text
    }
}
