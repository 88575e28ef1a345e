#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's time zone (`TZ` unset: `/etc/localtime`) as an update asks it for offsets: from
/// what the data file remembers (`ZoneMemo`) while the zone file is the one it was made of and the
/// instant is within its span, else read, once, as `SystemTime` reads it.
///
/// A tap stamps its change with the offset now. Reading the zone for that took three system calls
/// and the zone file's parsing; answered from the memo, it takes one `stat` of the zone file. The
/// update offers the memo (`offer`) once it has read the data file, and saves what `memo(keeping:at:)`
/// says to keep: the same memo, or one made of the zone it read.
package final class ZoneMemory: @unchecked Sendable {  // `state` is only touched under `lock`.
    /// What the zone read gives: its offsets, the file if it was one read here, and that file's status.
    package struct Reading: Sendable {
        /// The zone's offset at an instant.
        let offsetAt: @Sendable (Instant) -> Int
        /// The zone file, where it is one read here (not UTC, a rule or the C library's).
        let file: TimeZoneFile?
        /// The zone file's status as it was read, where it was asked for.
        let status: FileStatus?

        /// A zone read as `source` says, from a file of `status`.
        package init(_ source: ZoneSource, status: FileStatus?) {
            offsetAt = source.offsetAt
            if case .file(let file) = source { self.file = file } else { file = nil }
            self.status = status
        }
    }

    private struct State {
        /// The memo an update offered, until the zone is read.
        var offered: ZoneMemo?
        /// Whether an update offered one (or none): a read then asks for the file's status, to make one.
        var isRemembering = false
        /// The zone file's status by its path, asked once, to hold a memo against; `.some(nil)` if it could not be.
        var looked: FileStatus??
        /// The zone, once read.
        var reading: Reading?
        /// When it was read, in seconds since the epoch: a memo is made of a file settled then.
        var readAt: Int64 = 0
    }

    private let lock = Lock()
    private var state = State()
    /// The zone file's path.
    private let path: String
    /// Reads the zone, asking for its file's status if given `true`.
    private let read: @Sendable (Bool) -> Reading
    /// The real-time clock, read when the zone is: tests replace it.
    private let clock: @Sendable () -> Instant

    /// A memory of the zone file at `path`, read by `read` when the memo does not answer.
    package init(
        path: String, clock: @escaping @Sendable () -> Instant = { Instant.now }, read: @escaping @Sendable (_ withStatus: Bool) -> Reading
    ) {
        self.path = path
        self.clock = clock
        self.read = read
    }

    /// The system's zone file, read where `TZ` is unset (a static string, for `QuickUpdate` to look at
    /// with no `String` made).
    package static let systemZoneFile: StaticString = "/etc/localtime"

    /// The process's: with `TZ` unset, the system's zone file; `nil` where `TZ` is set (a command
    /// reads the zone it names at once, to say whether it may: `SystemTime.timeZoneProblem`).
    package static let system: ZoneMemory? = {
        guard getenv("TZ") == nil else { return nil }
        return ZoneMemory(path: systemZoneFile.description) { withStatus in
            let zone = SystemTime.readZone(recordingStatus: withStatus)
            return Reading(zone.source, status: zone.status)
        }
    }()

    /// Offers what the data file remembers, before the update asks for an offset.
    package func offer(_ memo: ZoneMemo?) {
        lock.withLock {
            state.isRemembering = true
            if state.reading == nil { state.offered = memo }
        }
    }

    /// Seconds east of UTC in force at `instant`: the memo's, if it holds then, else the zone's, read.
    package func offset(at instant: Instant) -> Int {
        lock.withLock {
            if let reading = state.reading { return reading.offsetAt(instant) }
            if let memo = state.offered, memo.covers(instant.secondsSinceEpoch) {
                if state.looked == nil { state.looked = .some(try? Syscall.status(ofPath: path)) }
                if case let status?? = state.looked, memo.describes(status) { return memo.offset }
            }
            // The clock first: a file settled then was settled when it was read, however long that took.
            state.readAt = clock().secondsSinceEpoch
            let reading = read(state.isRemembering)
            state.reading = reading
            return reading.offsetAt(instant)
        }
    }

    /// What the data file should remember after an update at `now` that found `old`: `old` if the
    /// zone was not read (the memo answered, or nothing asked), or was read with no file's status
    /// (not asked for, or none to ask: UTC, the C library's zone), which is harmless, as a memo is
    /// checked against the file at every use; else a memo of the file read, or `nil` where it makes
    /// none (a file changed within 2 s of its reading, or one the memo cannot hold).
    package func memo(keeping old: ZoneMemo?, at now: Instant) -> ZoneMemo? {
        lock.withLock {
            guard let reading = state.reading, let status = reading.status, let file = reading.file else { return old }
            let second = now.secondsSinceEpoch
            return ZoneMemo(
                file: status, readAt: state.readAt, now: second, offset: file.offset(atSecondsSinceEpoch: second),
                until: file.nextPossibleChange(afterSecondsSinceEpoch: second))
        }
    }
}
