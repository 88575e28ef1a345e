import Foundation

/// The seeds a property test runs with: `0..<standard`, or fewer where `EMOTIONS_PROPERTY_SEEDS` says
/// so. `make sanitize` sets 1: under the sanitizers a run looks for memory and thread errors, which one
/// seed's schedules find as well as six, and the plain run tries every seed.
enum PropertySeeds {
    /// `0..<standard`, cut to what `EMOTIONS_PROPERTY_SEEDS` asks for (at least one).
    static func upTo(_ standard: UInt64) -> Range<UInt64> {
        let asked = ProcessInfo.processInfo.environment["EMOTIONS_PROPERTY_SEEDS"].flatMap(UInt64.init) ?? standard
        return 0..<max(1, min(asked, standard))
    }
}
