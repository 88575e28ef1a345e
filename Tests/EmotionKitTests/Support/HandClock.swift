@testable import EmotionKit
import Synchronization

/// A clock tests move by hand, for a store's `clock`: it starts in 2026 and stands still until told.
final class HandClock: Sendable {
    private let now = Mutex(Instant(millisecondsSinceEpoch: 1_795_000_000_000))

    /// The time it shows.
    var instant: Instant { now.withLock { $0 } }

    /// Moves it on by `milliseconds`.
    func advance(milliseconds: Int64) {
        now.withLock { $0 = Instant(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + milliseconds) }
    }

    /// Moves it on by `minutes`.
    func advance(minutes: Int64) {
        advance(milliseconds: minutes * 60_000)
    }

    /// Sets it to `instant`, back or forth.
    func set(_ instant: Instant) {
        now.withLock { $0 = instant }
    }

    /// A store on the data file `path` in `zone`, on this clock (through `fileSystem`).
    func store(at path: String, zone: TimeZoneRules = .tokyo, fileSystem: FileSystem = .live) -> TallyStore {
        TallyStore(path: path, fileSystem: fileSystem, clock: { self.instant }, zone: zone)
    }
}
