#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's clock and time zone, one thin function per C call: what `Instant.now` and
/// `TimeZoneRules.system` are built on.
package enum SystemTime {
    /// A wall clock time as `localtime_r` breaks an instant down in the process's `TZ`.
    package struct BrokenDown: Hashable, Sendable {
        /// The year, such as 2026.
        package let year: Int
        /// The month, 1 to 12.
        package let month: Int
        /// The day of the month, 1 to 31.
        package let day: Int
        /// The hour, 0 to 23.
        package let hour: Int
        /// The minute, 0 to 59.
        package let minute: Int
        /// The second, 0 to 60.
        package let second: Int
        /// Seconds east of UTC in force then.
        package let offsetSeconds: Int
    }

    /// Milliseconds since the Unix epoch, as the real-time clock says now (it may jump backwards).
    ///
    /// The corresponding C function is `clock_gettime(CLOCK_REALTIME)`.
    package static func realTimeMilliseconds() -> Int64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Reads the process's zone (`zone`) once, if not read yet.
    package static func readTimeZone() {
        _ = zone
    }

    /// `TZ`, and why the file it names may not be read, or `nil`: it is there but is not a regular
    /// file (a FIFO, a terminal, a socket, a folder), and the C library would open it and read,
    /// perhaps waiting forever. The zone is then UTC, and the C library is never asked to read it.
    ///
    /// Without `TZ` there is none (the system's zone, which only root may replace, is read as the C
    /// library reads it), and the zone is not read to say so: a command that tells no time never reads it.
    package static var timeZoneProblem: (variable: String, reason: String)? {
        guard getenv("TZ") != nil else { return nil }
        return zone.problem
    }

    /// The process's zone, read once, the first time it is asked for (a global is initialised once,
    /// safely), and why `TZ` may not be read, if so (see `timeZoneProblem`).
    package static let zone: (source: ZoneSource, problem: (variable: String, reason: String)?) = {
        let zone = readZone()
        return (zone.source, zone.problem)
    }()

    /// The process's wall clock at `seconds` since the Unix epoch, as the C library breaks it down,
    /// or `nil` if it cannot say (a time past its `time_t` or its year) or may not be asked (see
    /// `timeZoneProblem`). `TimeZoneRules.system` asks it only for a zone it does not read itself.
    ///
    /// The corresponding C function is `localtime_r`, after `tzset` once. Not `gmtime_r` either when
    /// the zone may not be read: glibc's reads `TZ` the first time it is called too.
    package static func localTime(atSecondsSinceEpoch seconds: Int64) -> BrokenDown? {
        guard cLibraryZoneProblem == nil, let time = time_t(exactly: seconds) else { return nil }
        var moment = time
        var fields = tm()
        guard localtime_r(&moment, &fields) != nil else { return nil }
        return BrokenDown(
            year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
            hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec),
            offsetSeconds: Int(fields.tm_gmtoff))
    }

    /// `tzset` called once, the first time the C library's zone is asked for, unless the file it
    /// would read may not be; then why not.
    private static let cLibraryZoneProblem: (variable: String, reason: String)? = {
        if let problem = cLibraryZoneFileProblem() { return problem }
        tzset()
        return nil
    }()

    /// `TZ`, and why the file the C library would open for it may not be read, or `nil`.
    static func cLibraryZoneFileProblem() -> (variable: String, reason: String)? {
        guard let value = getenv("TZ") else { return nil }
        let folder: UnsafeMutablePointer<CChar>? = getenv("TZDIR")
        return cLibraryZoneFileProblem(zone: bytes(of: value), folder: folder.map { bytes(of: $0) })
    }

    /// `zone` (`TZ`'s bytes), and why the file it names, where the C library looks for it, may not
    /// be read, or `nil`; `folder` is `TZDIR`'s bytes, if set.
    ///
    /// Read byte by byte, as glibc's `tzset` reads it, since this is the file it would open: an
    /// empty value is `Universal`; then a leading `:` is dropped (a combining mark after it hides it
    /// from `String.hasPrefix`), and the rest is a path, inside `TZDIR` (else `/usr/share/zoneinfo`)
    /// if relative; never a UTF-8 repair of the bytes (`EST5` and 0xFF is a file the C library opens,
    /// `EST5\u{FFFD}` none). A value that names no file is fine: the C library reads it as a rule,
    /// such as `EST5EDT`, or uses UTC. A file swapped in between, by whoever may write the folder
    /// `TZ` points into, is the only way past it.
    static func cLibraryZoneFileProblem(zone: [UInt8], folder: [UInt8]?) -> (variable: String, reason: String)? {
        var name = zone.isEmpty ? Array("Universal".utf8) : zone
        if name.first == UInt8(ascii: ":") { name.removeFirst() }
        guard !name.isEmpty else { return nil }
        var path = name
        if name.first != UInt8(ascii: "/") {
            let folder = folder.flatMap { $0.isEmpty ? nil : $0 } ?? Array("/usr/share/zoneinfo".utf8)
            path = folder + [UInt8(ascii: "/")] + name
        }
        var status = stat()
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        guard stat(cPath, &status) == 0, let kind = kindUnlessFile(status.st_mode) else { return nil }
        return problem(String(decoding: zone, as: UTF8.self), path: String(decoding: path, as: UTF8.self), kind: kind)
    }

    /// The bytes of the C string `text`, without its NUL.
    private static func bytes(of text: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: text, count: strlen(text))).map { UInt8(bitPattern: $0) }
    }

    /// Why `TZ`'s `value` may not be read: it names `path`, which is `kind`.
    static func problem(_ value: String, path: String, kind: String) -> (variable: String, reason: String) {
        (value, "it names \(path), \(kind), not a time zone file (such as Europe/Paris)")
    }

    /// What a file of `mode` (`st_mode`) is, as a message says it, or `nil` if a regular file.
    static func kindUnlessFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "neither a file nor a folder"
        }
    }
}
