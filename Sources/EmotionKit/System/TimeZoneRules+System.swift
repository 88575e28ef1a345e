#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TimeZoneRules {
    /// The process's time zone: `TZ` as the C library reads it (the system's zone when `TZ` is
    /// unset), read once (`SystemTime.zone`), the first time an offset is asked of it: a command that
    /// tells no time (a plain `stats`) never reads it. Where `TZ` names something that may not be
    /// read (`SystemTime.timeZoneProblem`), UTC.
    /// With `TZ` unset, an update's offsets come from the data file's memo of the zone while it
    /// holds (`ZoneMemory`).
    package static let system: TimeZoneRules = {
        if let memory = ZoneMemory.system { return TimeZoneRules(remembering: memory) }
        return TimeZoneRules { instant in systemOffset(instant) }
    }()

    /// The process's zone's offsets, once read.
    private static let systemOffset: @Sendable (Instant) -> Int = SystemTime.zone.source.offsetAt
}

/// Where the process's time zone comes from: a time zone file or a rule read here, with four
/// system calls and none of the C library's time zone code, or the C library itself for the
/// rare zone read here in no form that is sure to give what it gives.
package enum ZoneSource: Sendable {
    /// UTC: `TZ` is empty or a name that is no zone, or the system has none.
    case utc
    /// A time zone file, read.
    case file(TimeZoneFile)
    /// A POSIX rule that `TZ` says itself, such as `EST5EDT,M3.2.0,M11.1.0`.
    case rule(PosixTimeZoneRule)
    /// The C library's `localtime_r`: for a file or rule not read here (one with leap seconds, over
    /// 8 KiB, not as RFC 8536 lays it out, a rule whose daylight saving time has no dates).
    case cLibrary

    /// The zone's rules.
    package var rules: TimeZoneRules {
        TimeZoneRules(offsetAt: offsetAt)
    }

    /// The zone's offset at an instant, in seconds east of UTC, as the zone says it.
    var offsetAt: @Sendable (Instant) -> Int {
        switch self {
        case .utc:
            { _ in 0 }
        case .file(let file):
            { file.offset(atSecondsSinceEpoch: $0.secondsSinceEpoch) }
        case .rule(let rule):
            { rule.offset(atSecondsSinceEpoch: $0.secondsSinceEpoch) }
        case .cLibrary:
            { SystemTime.localTime(atSecondsSinceEpoch: $0.secondsSinceEpoch)?.offsetSeconds ?? 0 }
        }
    }
}

extension SystemTime {
    /// What reading a time zone file found.
    enum ZoneFileContent {
        /// A zone, read.
        case zone(TimeZoneFile)
        /// Nothing that may be opened there.
        case missing
        /// Something that is not a regular file, of this kind (`kindUnlessFile`).
        case notAFile(String)
        /// A regular file not read here: the C library reads it.
        case unread
    }

    /// The zone `TZ` names, read as glibc's `tzset` reads it, and why `TZ` may not be read, if so.
    ///
    /// `TZ` unset means `/etc/localtime`, and `TZ` empty `Universal`; otherwise its value, less a
    /// leading `:`, is a file's path, inside `TZDIR` (else `/usr/share/zoneinfo`) if relative. A
    /// value that names no file is a POSIX rule, or UTC if it does not begin with a standard
    /// time's name and offset (and so is `/etc/localtime` missing).
    ///
    /// With `recordingStatus`, the status of the zone file read, as it was read (`fstat`), for a
    /// memo of it (`ZoneMemory`).
    static func readZone(
        recordingStatus: Bool = false
    ) -> (source: ZoneSource, problem: (variable: String, reason: String)?, status: FileStatus?) {
        let value = getenv("TZ").map { String(cString: $0) }
        var name = value ?? "/etc/localtime"
        // Byte by byte, as the C library reads it: a `String`'s `hasPrefix` and `removeFirst` go by
        // characters, whose code a tap would fault in for this alone.
        if name.isEmpty {
            name = "Universal"
        } else if name.utf8.first == UInt8(ascii: ":") {
            name = String(decoding: name.utf8.dropFirst(), as: UTF8.self)
        }
        guard !name.isEmpty else { return (.utc, nil, nil) }
        var path = name
        if name.utf8.first != UInt8(ascii: "/") {
            let folder = getenv("TZDIR").map { String(cString: $0) } ?? ""
            path = (folder.isEmpty ? "/usr/share/zoneinfo" : folder) + "/" + name
        }
        var status: FileStatus?
        let content = withUnsafeMutablePointer(to: &status) { pointer in
            readZoneFile(path, lookingFirst: value != nil, status: recordingStatus ? pointer : nil)
        }
        switch content {
        case .zone(let file):
            return (.file(file), nil, status)
        case .notAFile(let kind):
            return (.utc, value.map { problem($0, path: path, kind: kind) }, nil)
        case .unread:
            let zone = cLibraryZone()
            return (zone.source, zone.problem, nil)
        case .missing:
            if let rule = PosixTimeZoneRule(name) { return (.rule(rule), nil, nil) }
            let isUTC = value == nil || !PosixTimeZoneRule.beginsWithStandardTime(name)
            let zone = isUTC ? (source: ZoneSource.utc, problem: nil) : cLibraryZone()
            return (zone.source, zone.problem, nil)
        }
    }

    /// The C library's zone, unless the file it would open for `TZ` may not be read: the path above
    /// is made of `TZ`'s UTF-8 repair, the C library's of its bytes (see `cLibraryZoneFileProblem`).
    private static func cLibraryZone() -> (source: ZoneSource, problem: (variable: String, reason: String)?) {
        if let problem = cLibraryZoneFileProblem() { return (.utc, problem) }
        return (.cLibrary, nil)
    }

    /// The time zone file at `path`, read with `open`, one `read` into 8 KiB and `close` (after a
    /// `stat`, `lookingFirst`), never waiting (a FIFO, a terminal), and with `fstat` only if that read
    /// is no zone: a file that fills the buffer or is not as RFC 8536 lays it out is left to the C
    /// library; what is not a regular file is refused.
    ///
    /// A file `TZ` names (`lookingFirst`) that is not a regular file is refused before it is opened:
    /// opening a device can do something (a watchdog starts counting down, a tape rewinds), and root
    /// may run us with a user's `TZ`. Swapped for one after `stat`, it is still never read from, as
    /// the C library's own `stat` before `tzset` allowed before. The system's `/etc/localtime`, which
    /// only root may replace, is opened at once, as the C library opens it.
    ///
    /// 8 KiB is twice the largest file tzdata ships (Asia/Hebron, 3,872 bytes, with 64-bit data),
    /// and small enough to come from the heap a tap already has: 64 KiB grew it, one `brk` more.
    ///
    /// Given `status`, it is set to the file's status as read (one `fstat` more) when it is a zone.
    static func readZoneFile(
        _ path: String, lookingFirst: Bool = true, status recorded: UnsafeMutablePointer<FileStatus?>? = nil
    ) -> ZoneFileContent {
        if lookingFirst {
            var named = stat()
            guard stat(path, &named) == 0 else { return .missing }
            if let kind = kindUnlessFile(named.st_mode) { return .notAFile(kind) }
        }
        guard let descriptor = try? Syscall.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) else { return .missing }
        defer { Syscall.close(descriptor) }
        let size = 8 * 1024
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        let count = try? bytes.withUnsafeMutableBytes { buffer throws(SystemError) in
            try Syscall.read(descriptor, into: buffer, at: 0, path: path)
        }
        if let count, count < size {
            bytes.removeSubrange(count...)
            if let file = TimeZoneFile(bytes: bytes) {
                if let recorded { recorded.pointee = try? Syscall.status(of: descriptor, path: path) }
                return .zone(file)
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unread }
        return kindUnlessFile(status.st_mode).map { .notAFile($0) } ?? .unread
    }
}

extension Instant {
    /// The instant the real-time clock says it is now; it may jump, backwards too (NTP, a laptop's
    /// battery), so nothing should rely on it for order.
    package static var now: Instant {
        Instant(millisecondsSinceEpoch: SystemTime.realTimeMilliseconds())
    }
}
